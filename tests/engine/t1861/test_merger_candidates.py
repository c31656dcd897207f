"""Which minors may join a merger (14.3: connected by usable track; the limits; 23 R2).

29683 id 312: MB takes N and the merger closes at once (id 313 names NW, no pass), so in
that position N is MB's only candidate and nothing is left once N has joined.  167259 ids
328-329: MNN takes KK and then passes, so candidates remained.
"""

from __future__ import annotations

import pytest

from engine.t1861.board import Board
from engine.t1861.merger_candidates import candidates, closes_by_itself, connected
from engine.t1861.state import State
from tests.engine.t1861.games import fixture_replay


@pytest.fixture(scope="module")
def mbs_turn() -> State:
    state, reached, refusal = fixture_replay("29683", until=311)
    assert reached == 311, refusal
    assert state.round["order"][state.round["index"]] == "mb"
    return state


def test_the_recorded_partner_is_the_only_connected_minor(mbs_turn: State) -> None:
    assert candidates(mbs_turn, ["mb"]) == ["n"]


def test_the_merger_closes_by_itself_once_the_last_candidate_joined(mbs_turn: State) -> None:
    """R2: the record names the major straight after N joins."""
    assert not closes_by_itself(mbs_turn, ["mb"])  # a lone minor has not started a merger
    assert closes_by_itself(mbs_turn, ["mb", "n"])


def test_a_minor_with_no_track_to_the_merger_is_no_candidate(mbs_turn: State) -> None:
    """Every candidate's token is reached from the merger; the others are not offered."""
    connected = set(candidates(mbs_turn, ["mb"]))
    floated = {minor for minor, company in mbs_turn.minors.items() if company["status"] == "started"}
    assert connected < floated - {"mb"}


def test_the_limit_of_six_minors_of_one_owner_is_kept(mbs_turn: State) -> None:
    """14.3: an owner who already contributes six minors adds no seventh."""
    owner_of_n = mbs_turn.minors["n"]["owner"]
    saved = {minor: company["owner"] for minor, company in mbs_turn.minors.items()}
    try:
        fillers = [minor for minor in mbs_turn.minors if minor not in ("mb", "n")][:5]
        for minor in ["mb", *fillers]:
            mbs_turn.minors[minor]["owner"] = owner_of_n
        assert "n" not in candidates(mbs_turn, ["mb", *fillers])
    finally:
        for minor, owner in saved.items():
            mbs_turn.minors[minor]["owner"] = owner


def test_167259s_mnn_takes_kk_and_must_close_its_merger_by_passing() -> None:
    """R2: 167259 id 328 adds KK to MNN, and id 329 is an explicit pass: candidates remained."""
    state, reached, refusal = fixture_replay("167259", until=327)
    assert reached == 327, refusal
    assert state.round["order"][state.round["index"]] == "mnn"
    assert "kk" in candidates(state, ["mnn"])
    assert not closes_by_itself(state, ["mnn", "kk"])


def _minsk_loop(spw_at: str, ro_at: str) -> Board:
    """SPW at St Petersburg (E1) runs out through D2, D4 and C5 to the fork in C7, round Minsk
    (C9) and Vilna (B8) and back into C7; RO at Riga (B4) lies beyond D2's fork towards C3.
    Only the reach walk joins them: back along the C5-D4 line, turning at D2 (the board of
    ``test_token_reach_by_route``)."""
    board = Board.empty()
    for hex_id, tile, rotation in [("D2", "30", 0), ("C7", "23", 3), ("C9", "4", 5), ("C9", "204", 5),
                                   ("B8", "4", 1), ("B8", "87", 4), ("C3", "9", 4), ("B4", "201", 4)]:
        board = board.lay(hex_id, tile, rotation)
    board = board.release_reservations("RO").release_reservations("SPW")
    return board.place_token("RO", ro_at, 0).place_token("SPW", spw_at, 0)


def test_14_3_a_minor_reached_only_by_using_track_twice_is_not_offered(mbs_turn: State) -> None:
    """14.3 "connected by track" with 12.5 (no track twice): 18xx.games' graph joins no minor
    that no route reaches, and refused the oracle's random seed 355 (2 players, column market,
    action 317) "Cannot merge with KR": N and MNN at Kharkov reached KR at Sevastopol only by
    coming back from the L12 loop along the I13 line and turning at I9.  Nothing is left to
    add, so a merger there would close by itself (R2).  A submitted merge is still judged by the
    broad walk (``connected``), as 18xx.games checks no merger's connection in a loaded game."""
    saved = mbs_turn.board
    try:
        mbs_turn.board = _minsk_loop("E1", "B4")
        assert candidates(mbs_turn, ["spw"]) == []
        assert candidates(mbs_turn, ["ro"]) == []
        assert connected(mbs_turn, ["spw"]) == ["ro"]
    finally:
        mbs_turn.board = saved
