"""The map walk: the map events of the two recorded games, and its walk-helper rules."""

from __future__ import annotations

import pytest

from engine.t1861.walk import walk, walk_states
from engine.t1861.walk_events import (
    CompanyNationalised,
    PhaseChanged,
    RoutesRun,
    TileLaid,
    TokenPlaced,
    TokenRemoved,
    TokenTransferred,
)
from tests.engine.t1861.fixtures import GAMES, fixture_export


def _player(number: int, kind: str, **extra: object) -> dict:
    return {"type": kind, "id": number, "entity": 0, "entity_type": "player", **extra}


def _company(number: int, company: str, kind: str, **extra: object) -> dict:
    return {"type": kind, "id": number, "entity": company, "entity_type": "corporation", **extra}


def _rsr_tokens_after(game: str, action_id: int) -> list[str]:
    tokens: list[str] = []
    for state, event in walk_states(fixture_export(game).effective_actions()):
        if event.at > action_id:
            break
        tokens = [hex_ for hex_, _ in state.tokens.get("RSR", ())]
    return tokens


def test_after_action_673_of_167259_the_rsr_tokens_are_those_of_the_recorded_game() -> None:
    # Rules section 22's checkpoint: minors nationalised in operating order.
    assert _rsr_tokens_after("167259", 673) == ["E1", "D14", "D20", "K17", "I19", "H8", "B4", "E9"]


@pytest.mark.parametrize(
    ("game", "phases"),
    [
        ("167259", [(121, "3"), (380, "4"), (451, "5"), (582, "6"), (660, "7"), (672, "8")]),
        # 29683's first 8-train was bought by the RSR, unrecorded, after its run at 707.
        ("29683", [(192, "3"), (352, "4"), (473, "5"), (599, "6"), (624, "7"), (708, "8")]),
    ],
)
def test_phases_start_with_the_first_train_of_their_type(game: str, phases: list[tuple[int, str]]) -> None:
    events = walk(fixture_export(game).effective_actions())
    assert [(e.at, e.phase) for e in events if isinstance(e, PhaseChanged)] == phases


@pytest.mark.parametrize("game", GAMES)
def test_every_train_a_company_runs_is_one_the_walk_says_it_owns(game: str) -> None:
    runs = [e for e in walk(fixture_export(game).effective_actions()) if isinstance(e, RoutesRun)]
    assert runs
    for run in runs:
        ran = {route["train"] for route in run.routes}
        assert ran <= set(run.trains), f"{run.company} at action {run.at} ran {ran}, walk says {run.trains}"


@pytest.mark.parametrize(("game", "lays", "runs"), [("167259", 139, 85), ("29683", 98, 87)])
def test_every_lay_and_run_of_the_game_is_walked(game: str, lays: int, runs: int) -> None:
    events = walk(fixture_export(game).effective_actions())
    assert sum(isinstance(e, TileLaid) for e in events) == lays
    assert sum(isinstance(e, RoutesRun) for e in events) == runs


def test_a_minor_puts_its_home_token_down_when_it_is_put_up_for_auction() -> None:
    events = walk([_player(1, "bid", corporation="KB", price=100), _player(2, "bid", corporation="KB", price=105)])
    assert events == [TokenPlaced(1, "KB", "D14", 1, "home", "2")]


def test_a_conversion_hands_the_minors_token_to_the_major() -> None:
    actions = [
        _player(1, "bid", corporation="KR", price=100),
        _company(2, "KR", "convert"),
        _company(3, "KR", "merge", corporation="MK"),
    ]
    assert walk(actions)[-1] == TokenTransferred(3, "KR", "MK", "G15", 0)


def test_a_merger_hands_every_merged_minors_token_to_the_major() -> None:
    actions = [
        _player(1, "bid", corporation="MNN", price=100),
        _player(2, "bid", corporation="KK", price=100),
        _company(3, "MNN", "merge", corporation="KK"),
        _company(4, "MNN", "pass"),
        _company(5, "MNN", "merge", corporation="MKN"),
    ]
    moved = [e for e in walk(actions) if isinstance(e, TokenTransferred)]
    assert [(e.from_company, e.to_company, e.hex) for e in moved] == [("MNN", "MKN", "H8"), ("KK", "MKN", "D14")]


def test_a_token_bought_on_a_laid_tile_is_found_through_the_tiles_copy_id() -> None:
    actions = [
        _player(1, "par", corporation="SE"),
        _company(2, "SE", "place_token", city="L12-5-0"),
        _company(3, "SE", "lay_tile", hex="K13", tile="57-1", rotation=1),
        _company(4, "SE", "place_token", city="57-1-0"),
        _company(5, "SE", "buy_train", train="2-0"),
    ]
    placed = [e for e in walk(actions) if isinstance(e, TokenPlaced)]
    assert [(e.hex, e.kind) for e in placed] == [("L12", "home"), ("K13", "bought")]


def test_a_company_that_leaves_its_turn_trainless_for_good_is_nationalised_to_the_rsr() -> None:
    actions = [
        _player(1, "bid", corporation="OK", price=240),
        _company(2, "OK", "lay_tile", hex="D20", tile="202-1", rotation=1),
        _company(3, "OK", "pass"),
        _company(4, "MV", "pass"),
    ]
    events = walk(actions)
    assert CompanyNationalised(3, "OK", "it finished its turn without a train (12.10)") in events
    assert events[-2:] == [
        TokenRemoved(3, "OK", "D20", 0, "nationalisation"),
        TokenPlaced(3, "RSR", "D20", 0, "nationalisation", "2"),
    ]


def test_a_trainless_company_that_acts_again_was_not_nationalised() -> None:
    actions = [
        _player(1, "bid", corporation="OK", price=240),
        _company(2, "OK", "pass"),
        _company(3, "MV", "pass"),
        _company(4, "OK", "buy_train", train="2-0"),
    ]
    assert not [e for e in walk(actions) if isinstance(e, CompanyNationalised)]


def test_the_rsr_takes_its_st_petersburg_city_when_it_first_operates_at_the_end_of_an_or() -> None:
    # 29683: phase 4 starts at action 352; that OR's last major (GRR) finishes at 395 and
    # the merger round opens with M-K at 396.  No minor held E1, so the RSR's own slot fills.
    events = walk(fixture_export("29683").effective_actions())
    homes = [e for e in events if isinstance(e, TokenPlaced) and e.kind == "rsr_home"]
    assert homes == [TokenPlaced(396, "RSR", "E1", 1, "rsr_home", "4")]
    # 167259: SPW's nationalisation put the RSR into St Petersburg first, so no second token.
    assert not [e for e in walk(fixture_export("167259").effective_actions()) if getattr(e, "kind", "") == "rsr_home"]


def test_r3_grr_merged_from_e_and_mnn_pays_40_a_hex_for_its_third_token_in_29683() -> None:
    placed = [e for e in walk(fixture_export("29683").effective_actions()) if isinstance(e, TokenPlaced)]
    assert [(e.at, e.hex, e.price) for e in placed if e.company == "GRR"] == [(461, "I13", 40)]


def test_r3_two_merging_minors_in_one_city_leave_the_major_one_token_there() -> None:
    actions = [
        _player(1, "bid", corporation="N", price=100),
        _player(2, "bid", corporation="MNN", price=100),
        _company(3, "N", "lay_tile", hex="H8", tile="638-0", rotation=0),  # Moscow's cities become one
        _company(4, "N", "merge", corporation="MNN"),
        _company(5, "N", "merge", corporation="MKN"),
    ]
    final = None
    for state, _ in walk_states(actions):
        final = dict(state.tokens)
    assert final is not None and final["MKN"] == [("H8", 0)]
    events = walk(actions)
    assert TokenRemoved(5, "MNN", "H8", 0, "merger") in events or TokenRemoved(5, "N", "H8", 0, "merger") in events


def test_12_9_a_discarded_train_is_bought_back_from_the_open_market_not_the_supply() -> None:
    actions = [
        _player(1, "bid", corporation="KR", price=100),
        _player(2, "bid", corporation="OK", price=100),
        _company(3, "KR", "buy_train", train="2-0"),
        _company(4, "KR", "discard_train", train="2-0"),
        _company(5, "OK", "buy_train", train="2-0"),
        _company(6, "OK", "run_routes", routes=[]),
    ]
    state, run = list(walk_states(actions))[-1]
    assert isinstance(run, RoutesRun) and run.trains == ("2-0",)
    assert (state.depot.open_market, state.depot.sold_of("2")) == ((), 1)


def _first_4_with_trainless_mk(answer: dict) -> list[dict]:
    return [
        _player(1, "par", corporation="MK"),
        _company(2, "MK", "place_token", city="L12-5-0"),
        _company(3, "MK", "pass"),
        _company(4, "NW", "buy_train", train="4-0"),  # the first 4: MK, having operated, owns no train
        answer,
        _company(6, "MK", "buy_train", train="4-1"),
    ]


def test_r4_a_trainless_major_that_passes_declines_and_stays_in_play() -> None:
    actions = _first_4_with_trainless_mk(_company(5, "MK", "pass"))
    offers = [state.trainless_offers for state, event in walk_states(actions) if event.at == 4]
    assert offers and offers[0] == ("MK",)
    assert not [e for e in walk(actions) if isinstance(e, CompanyNationalised)]


def test_15_2_a_trainless_major_whose_president_chooses_is_nationalised() -> None:
    events = walk(_first_4_with_trainless_mk(_company(5, "MK", "choose", choice="nationalize")))
    assert CompanyNationalised(5, "MK", "its president chose nationalisation (15.2)") in events
