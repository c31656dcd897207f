"""A train that has run in this operating round does not run again in it, whoever holds it.

The reference is silent; 18xx.games marks every train a company holds when its dividend step
passes and refuses such a train for the rest of the OR ("Cannot run train that operated").
The position: a phase-4 OR in which NW (ann 20%, bob 10%) holds its 3-6, has no route, no cash,
two loans and an empty loan supply; its dividend step passes (the 3-6 has now run), then it
cannot pay its interest (13) and the RSR takes it over, 3-6 and all (oracle seed 2: MB's 3-2).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core.errors import IllegalAction
from engine.t1861.state import State
from engine.t1861.title import TITLE
from tests.engine.t1861.games import asked, play, stock_round_state


def _nw_nationalised_after_its_run(rsr_trains: tuple[str, ...]) -> State:
    """NW's turn of OR 1.1 played: it has run (nothing), and the RSR now holds its 3-6."""
    state = stock_round_state(3, phase="4", cash=1000)
    copies = dict(state.depot.copies)
    state.depot = replace(state.depot, sold=tuple((kind, {"2": copies["2"], "3": copies["3"], "4": 1}.get(kind, count))
                                                  for kind, count in state.depot.sold))
    play(state, 0, "par", company="nw", price=100)
    play(state, 0, "place_token", hex="f18", city=0)
    play(state, 1, "buy_shares", company="nw", source="treasury")
    nw = state.majors["nw"]
    state.bank += nw["cash"]
    nw.update(cash=0, loans=2, trains=["3-6"])
    state.loans_in_supply = 0
    state.rsr["trains"] = list(rsr_trains)
    for seat in (2, 0, 1):
        play(state, seat, "pass")
    while asked(state)[1] == "operate":
        play(state, 0, "pass")
    assert state.majors["nw"]["status"] != "started" and "3-6" in state.rsr["trains"]
    return state


def test_the_rsr_may_not_run_a_train_its_nationalised_company_ran_this_round() -> None:
    state = _nw_nationalised_after_its_run(("3-0",))
    seat, prompt = asked(state)
    assert prompt == "rsr_routes"
    shown = TITLE.prompts(state)[0]
    assert shown.context["trains"] == ["3-0"]  # the route card offers only the trains that may run
    assert [route["train"] for route in shown.quick[0].action["routes"]] == ["3-0"]
    route = shown.quick[0].action["routes"][0]
    with pytest.raises(IllegalAction, match="3-6 train has already run in this operating round"):
        play(state, seat, "run_routes", routes=[{**route, "train": "3-6"}])
    play(state, seat, "run_routes", routes=[route])


def test_an_rsr_holding_only_trains_that_ran_is_not_asked_and_they_run_next_round() -> None:
    state = _nw_nationalised_after_its_run(())
    assert state.round["operating_round"] == 2  # no route was asked for in OR 1.1
    assert state.rsr["trains"] == ["3-6"]  # not trainless: it bought nothing
    assert asked(state)[1] == "rsr_routes"  # OR 1.2: the mark is gone
    assert [route["train"] for route in TITLE.prompts(state)[0].quick[0].action["routes"]] == ["3-6"]


def test_the_mark_is_kept_in_the_state_through_json() -> None:
    state = TITLE.from_json(TITLE.to_json(_nw_nationalised_after_its_run(("3-0",))))
    assert state.operating is not None and state.operating["trains_run"] == ["3-6"]
    route = TITLE.prompts(state)[0].quick[0].action["routes"][0]
    with pytest.raises(IllegalAction, match="already run"):
        play(state, asked(state)[0], "run_routes", routes=[{**route, "train": "3-6"}])
