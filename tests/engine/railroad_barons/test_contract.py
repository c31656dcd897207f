"""The record contract's Railroad Barons section: options, players, summary, standings, state JSON, view."""

from __future__ import annotations

import json

import pytest

from engine.core import MalformedRecord, game
from engine.core.record import ReplayError, record_from_json, replay
from tests.engine.railroad_barons.support import (
    ANN,
    BOB,
    DRAFT_WITHOUT_450,
    SEEDY_FLOATED,
    TITLE,
    buy_railroad,
    check_json_round_trip,
    choose,
    drive,
    offer,
    play,
    record,
)

ALL_BANK = {"40": "bank", "30": "bank", "20": "bank", "10": "bank"}
UNSTARTED = {"started": False, "floated": False, "par": None, "price": None, "director": None, "cash": 0,
             "railroads": {}, "certificates": ALL_BANK}


def test_options_default_to_false_and_unknown_or_non_bool_options_are_malformed() -> None:
    assert play([]).options == {"end_on_empty_pile": False, "printed_investor_values": False}
    for bad in ({"tile_bag": []}, {"end_on_empty_pile": 1}, {"printed_investor_values": "yes"}):
        with pytest.raises(MalformedRecord):
            game.new_game(TITLE, ["ann", "bob"], 1, bad)


@pytest.mark.parametrize("players", [["ann"], ["ann", "bob", "cy"]])
def test_exactly_two_players(players: list[str]) -> None:
    with pytest.raises(MalformedRecord, match="2 to 2 players"):
        game.new_game(TITLE, players, 1, {})


def test_the_seed_is_required_but_changes_nothing() -> None:
    first = game.new_game(TITLE, ["ann", "bob"], 1, {})
    other = game.new_game(TITLE, ["ann", "bob"], 999, {})
    assert game.to_json(first) | {"seed": 0} == game.to_json(other) | {"seed": 0}  # D-18


def test_summary_matches_the_contract() -> None:
    state = play([*SEEDY_FLOATED, buy_railroad(ANN, "a1")])
    summary = game.summary(state)
    assert summary == {
        "title": "railroad-barons",
        "status": "in_progress",
        "actions_applied": len(SEEDY_FLOATED) + 1,
        "waiting_for": [{"seat": 0, "prompt": "operate"}],
        "players": [
            {"seat": 0, "name": "ann", "cash": 350, "shares": {"seedy": 40}, "investors": ["inv30", "inv50"]},
            {"seat": 1, "name": "bob", "cash": 630, "shares": {"seedy": 10}, "investors": ["inv40", "inv60"]},
        ],
        "standings": None,
        "holdings": {
            "msc": UNSTARTED,
            "seedy": {"started": True, "floated": True, "par": 100, "price": 100, "director": 0, "cash": 940,
                      "railroads": {"a1": "front"},
                      "certificates": {"40": 0, "30": "bank", "20": "bank", "10": 1}},
            "rice": UNSTARTED,
            "picable": UNSTARTED,
            "mcgreed": UNSTARTED,
        },
        "pile": ["a2", "a3", "a4", "a5", "b1", "b2", "b3", "c1", "c2", "c3", "c4", "d1", "d2", "d3", "e1", "e2",
                 "e3", "f1", "f2", "f3", "g1", "g2", "h1", "h2", "i1", "i2", "i3"],
        "obsolete_levels": [],
        "round": "OR 1.1",
        "end_reason": None,
    }
    assert json.loads(json.dumps(summary)) == summary


def test_finished_standings_rank_by_worth_with_shared_places_listed_by_seat() -> None:
    # Both end with $680 and nothing else: a tie (D-20, P-10).
    steps = [offer(ANN, "inv30", 30), choose(BOB, "card"), offer(BOB, "inv40", 30), choose(ANN, "card"),
             offer(BOB, "inv50", 0), choose(ANN, "card"), offer(ANN, "inv60", 0), choose(BOB, "card")]
    state = play(steps)
    drive(state, lambda s: False)
    summary = game.summary(state)
    assert summary["status"] == "finished" and summary["waiting_for"] == []
    assert summary["standings"] == [
        {"seat": 0, "name": "ann", "score": 680, "cash": 680, "place": 1},
        {"seat": 1, "name": "bob", "score": 680, "cash": 680, "place": 1},
    ]
    assert summary["round"] == "OR 12.2" and summary["end_reason"].endswith("(P-9.2).")


def test_worth_counts_shares_at_the_current_price_but_not_treasuries_or_investors() -> None:
    state = play(SEEDY_FLOATED)
    drive(state, lambda s: False, pay_full=True)
    price = state.companies["seedy"].price_index
    assert price is not None
    standings = {entry["seat"]: entry for entry in game.result(state) or []}
    assert standings[ANN]["score"] == state.cash[ANN] + 4 * 350  # D-20: 40% at $350
    assert standings[BOB]["score"] == state.cash[BOB] + 350
    assert [entry["place"] for entry in game.result(state) or []] == [1, 2]


def test_state_json_round_trip_is_lossless_and_names_the_title() -> None:
    state = play([*SEEDY_FLOATED, buy_railroad(ANN, "a1")])
    assert game.to_json(state)["title"] == "railroad-barons"
    check_json_round_trip(state)
    with pytest.raises(MalformedRecord):
        game.from_json({"title": "railroad-barons", "players": []})


def test_copies_are_independent() -> None:
    state = play(SEEDY_FLOATED)
    copy, _ = game.apply(state, *buy_railroad(ANN, "a1"))
    assert state.companies["seedy"].railroads == {} and copy.companies["seedy"].railroads == {"a1": "front"}
    assert state.pile[0] == "a1" and state.actions_applied == copy.actions_applied - 1


def test_the_view_is_public_and_complete() -> None:
    state = play([*SEEDY_FLOATED, buy_railroad(ANN, "a1")])
    for seat in (ANN, BOB, None):
        view = game.view(state, seat)
        assert view["you"] == seat
        assert json.loads(json.dumps(view)) == view
    view = game.view(state, BOB)
    seedy = view["holdings"][1]
    assert seedy["director_name"] == "ann" and seedy["free_tokens"] == 5 and seedy["income"] == 22
    assert seedy["railroads"][0]["name"] == "Dominion Atlantic"
    assert view["pile"]["top"]["id"] == "a2" and view["pile"]["count"] == 27
    assert view["players"][ANN]["cash"] == 350 and view["players"][BOB]["investors"][0]["id"] == "inv40"
    assert [space["holdings"] for space in view["track"] if space["price"] == 100] == [["seedy"]]
    assert view["waiting_for"] == [{"seat": 0, "prompt": "operate", "name": "ann"}]
    assert view["round"]["operating"]["holding"] == "seedy"


def test_replay_reports_the_first_refused_action() -> None:
    steps = [*DRAFT_WITHOUT_450, (BOB, {"type": "pass"})]
    with pytest.raises(ReplayError) as refused:
        replay(record_from_json(record(steps)))
    assert refused.value.action_index == len(DRAFT_WITHOUT_450)
