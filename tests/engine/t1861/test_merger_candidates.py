"""Which minors may join a merger (14.3: connected by usable track; the limits; 23 R2).

29683 id 312: MB takes N and the merger closes at once (id 313 names NW, no pass), so in
that position N is MB's only candidate and nothing is left once N has joined.  167259 ids
328-329: MNN takes KK and then passes, so candidates remained.
"""

from __future__ import annotations

import pytest

from engine.t1861.merger_candidates import candidates, closes_by_itself
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
