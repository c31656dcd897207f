"""Building Railroad Barons positions through records, and the invariants every position must satisfy."""

from __future__ import annotations

import json
from typing import Any

from engine.core import IllegalAction, game
from engine.core.events import Event
from engine.railroad_barons import money, railroads, shares, tables
from engine.railroad_barons.company import BANK
from engine.railroad_barons.state import FINISHED, State

TITLE = "railroad-barons"
PLAYERS = ["ann", "bob"]
ANN, BOB = 0, 1

Step = tuple[int, dict[str, Any]]


def start(options: dict[str, Any] | None = None) -> State:
    state = game.new_game(TITLE, list(PLAYERS), 7, options or {})
    assert isinstance(state, State)
    return state


def play(steps: list[Step], options: dict[str, Any] | None = None) -> State:
    """The state after applying ``steps`` (seat, action) from the start, as a record replay would."""
    state = start(options)
    for seat, action in steps:
        game.apply_in_place(state, seat, action)
    return state


def act(state: State, seat: int, action: dict[str, Any]) -> list[Event]:
    return game.apply_in_place(state, seat, action)


def record(steps: list[Step], options: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "title": TITLE,
        "players": list(PLAYERS),
        "seed": 1,
        "options": options or {},
        "actions": [{"seat": seat, "action": action} for seat, action in steps],
    }


# --- action builders -----------------------------------------------------------------------------------


def offer(seat: int, investor: str, value: int | None = None) -> Step:
    price = tables.INVESTOR_BY_ID[investor].value if value is None else value
    return seat, {"type": "offer_investor", "investor": investor, "value": price}


def choose(seat: int, take: str) -> Step:
    return seat, {"type": "choose_offer", "take": take}


def set_par(seat: int, par: int) -> Step:
    return seat, {"type": "set_par", "holding": "msc", "par": par}


def buy(seat: int, holding: str, take: int, par: int | None = None, give: int | None = None) -> Step:
    action: dict[str, Any] = {"type": "buy", "holding": holding, "take": take}
    if par is not None:
        action["par"] = par
    if give is not None:
        action["give"] = give
    return seat, action


def sell(seat: int, holding: str, give: int, take: int | None = None) -> Step:
    action: dict[str, Any] = {"type": "sell", "holding": holding, "give": give}
    if take is not None:
        action["take"] = take
    return seat, action


def pass_(seat: int) -> Step:
    return seat, {"type": "pass"}


def done(seat: int) -> Step:
    return seat, {"type": "done"}


def dividend(seat: int, per_share: int) -> Step:
    return seat, {"type": "dividend", "per_share": per_share}


def buy_railroad(seat: int, railroad: str, side: str = "front", investors: list[str] | None = None) -> Step:
    action: dict[str, Any] = {"type": "buy_railroad", "railroad": railroad, "side": side}
    if investors is not None:
        action["investors"] = investors
    return seat, action


def offer_railroad(seat: int, railroad: str, price: int) -> Step:
    return seat, {"type": "offer_railroad", "railroad": railroad, "price": price}


def respond(seat: int, accept: bool) -> Step:
    return seat, {"type": "respond_offer", "accept": accept}


def scrap(seat: int, railroad: str) -> Step:
    return seat, {"type": "scrap", "railroad": railroad}


# --- standard openings ----------------------------------------------------------------------------------

# Printed values; the $450 investor is left over, so both get $450 and Dominion Atlantic tops the pile.
# ann: 200 + 40 + 60 + 450 = $750 with inv30, inv50; bob: 200 + 30 + 50 + 450 = $730 with inv40, inv60.
DRAFT_WITHOUT_450: list[Step] = [
    offer(ANN, "inv30"), choose(BOB, "cash"),
    offer(BOB, "inv40"), choose(ANN, "cash"),
    offer(BOB, "inv50"), choose(ANN, "card"),
    offer(ANN, "inv60"), choose(BOB, "card"),
]

# ann takes the $450 investor (par 100); bob ends with inv30 and cash. The $60 investor is left over.
# ann: 200 + 30 + 40 + 60 = $330, holds inv450 (MS&C 40%, a1); bob: 200 + 450 + 50 + 60 = $760, inv30, inv40.
DRAFT_ANN_450: list[Step] = [
    offer(ANN, "inv450"), choose(BOB, "cash"), set_par(ANN, 100),
    offer(BOB, "inv30"), choose(ANN, "cash"),
    offer(BOB, "inv40"), choose(ANN, "cash"),
    offer(ANN, "inv50"), choose(BOB, "cash"),
]

# After DRAFT_WITHOUT_450: ann starts Seedy Brothers at $100, bob buys its 10% (it floats with $1000),
# both pass: operating round 1.1 begins with Seedy Brothers, directed by ann, earning nothing.
SEEDY_FLOATED: list[Step] = [
    *DRAFT_WITHOUT_450,
    buy(ANN, "seedy", 40, par=100), buy(BOB, "seedy", 10),
    pass_(ANN), pass_(BOB),
]

# ann directs Seedy Brothers (par 70) and Rice International (par 70) and has $190 left; bob holds 10% of each.
# OR 1.1: Seedy Brothers buys Dominion Atlantic and ends; Rice International is operating, with $700.
TWO_HOLDINGS: list[Step] = [
    *DRAFT_WITHOUT_450,
    buy(ANN, "seedy", 40, par=70), buy(BOB, "seedy", 10), buy(ANN, "rice", 40, par=70), buy(BOB, "rice", 10),
    pass_(ANN), pass_(BOB),
    buy_railroad(ANN, "a1"), (ANN, {"type": "done"}),
]


def prompt_name(state: State) -> tuple[int, str] | None:
    waiting = game.prompts(state)
    return (waiting[0].seat, waiting[0].name) if waiting else None


def holding_percent(state: State, holding: str, seat: int) -> int:
    return shares.percent_held(state.companies[holding], seat)


# --- invariants -----------------------------------------------------------------------------------------


def check_invariants(state: State) -> None:
    """Everything that must hold in every position (see the module tests for the list)."""
    check_certificates(state)
    check_money(state)
    check_railroads(state)
    check_prompts_exist(state)


def check_certificates(state: State) -> None:
    seats = range(len(state.players))
    for key, company in state.companies.items():
        assert len(company.owners) == len(tables.CERTIFICATE_SIZES), key
        assert all(owner is BANK or owner in seats for owner in company.owners), key
        if not company.started:
            assert company.owners == [BANK] * len(company.owners) and company.director is None, key
            assert not company.floated and company.par is None, key
            continue
        assert company.owners[0] is not BANK, f"{key}: the 40% of a started holding is always player-held"
        director = company.director
        assert director is not None
        for seat in seats:
            assert shares.percent_held(company, director) >= shares.percent_held(company, seat), key
        assert company.price_index is not None and 0 <= company.price_index < len(tables.SHARE_TRACK)


def check_money(state: State) -> None:
    assert all(cash >= 0 for cash in state.cash), state.cash
    assert all(company.cash >= 0 for company in state.companies.values())
    assert state.bank_paid_out - state.bank_paid_in == money.money_in_play(state), "the money ledger is off"


def check_railroads(state: State) -> None:
    places: dict[str, str] = {}
    for railroad in state.pile:
        places[railroad] = "pile"
        assert railroads.live_sides(state, railroad), f"{railroad} has no live side but is in the pile"
    for key, company in state.companies.items():
        assert len(company.railroads) <= tables.HOLDING_BY_ID[key].tokens, f"{key} uses more tokens than it has"
        for railroad, side in company.railroads.items():
            assert railroad not in places, railroad
            places[railroad] = key
            assert railroads.face(railroad, side).level not in state.obsolete_levels, f"obsolete {railroad} is owned"
            assert company.started
    for railroad in state.removed:
        assert railroad not in places, railroad
        places[railroad] = "box"
    missing = set(tables.RAILROADS) - set(places)
    assert missing <= {tables.START_RAILROAD} and len(places) + len(missing) == len(tables.RAILROADS)
    if missing:
        assert state.set_number == 0, "Dominion Atlantic stays on the investor only during the draft"


def check_prompts_exist(state: State) -> None:
    waiting = game.prompts(state)
    assert (state.phase == FINISHED) == (not waiting)
    assert (game.result(state) is None) == bool(waiting)


def check_quick_answers(state: State, every: bool) -> None:
    """At least one one-click answer is legal; with ``every``, each of them applies cleanly to a copy."""
    for prompt in game.prompts(state):
        assert prompt.quick, f"{prompt.name} has no quick answer"
        answers = prompt.quick if every else prompt.quick[:1]
        for answer in answers:
            game.apply(state, prompt.seat, answer.action)


def check_json_round_trip(state: State) -> None:
    raw = game.to_json(state)
    again = game.from_json(json.loads(json.dumps(raw)))
    assert again == state
    assert game.to_json(again) == raw


def drive(
    state: State,
    stop: Any,
    pay_full: bool = False,
    buy_railroads: bool = True,
    max_actions: int = 3000,
) -> None:
    """Play simple answers until ``stop(state)``: pass in stock rounds, withhold or pay all, buy the top card."""
    for _ in range(max_actions):
        if stop(state) or state.phase == FINISHED:
            return
        waiting = game.prompts(state)
        seat, phase = waiting[0].seat, state.phase
        game.apply_in_place(state, seat, simple_answer(state, seat, phase, pay_full, buy_railroads))
    raise AssertionError("drive() did not reach its stop")


def simple_answer(state: State, seat: int, phase: str, pay_full: bool, buy_railroads: bool) -> dict[str, Any]:
    if phase == "stock_turn":
        return {"type": "done"} if state.stock.turn_prices else {"type": "pass"}
    if phase == "use_priority":
        return {"type": "use_priority", "use": False}
    if phase == "dividend":
        return {"type": "dividend", "per_share": state.turn.income // 10 if pay_full else 0}
    if phase == "respond_offer":
        return {"type": "respond_offer", "accept": False}
    assert phase == "operate", phase
    if buy_railroads and state.pile and not state.turn.bought:
        action = {"type": "buy_railroad", "railroad": state.pile[0], "side": "front"}
        try:
            game.apply(state, seat, action)
        except IllegalAction:
            return {"type": "done"}
        return action
    return {"type": "done"}
