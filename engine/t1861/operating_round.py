"""The operating round's frame (sections 7.4, 12, 23 R1): its start, its order, its end.

An operating round starts with the interest snapshot (each company's loans now are what it
pays interest on this round, 13) and then the privates' revenue (section 3, 23 C8: in that
order, as 18xx.games does).  Its companies operate in the order fixed at that moment
(:func:`market_tokens.operating_order`, 7.4: minors, then majors, each by market position).
Each company's turn is :mod:`engine.t1861.company_turn`; after the majors, in phases 4-7, the
RSR's (:mod:`engine.t1861.rsr_turn`, run by the priority deal's holder of the OR's start,
section 6: ``rsr_operator``).  After the last company, in phases
3-7, a merger round (section 8, :mod:`engine.t1861.merger_round`, which calls
:func:`after_merger_round` when it ends); then the set's next OR, or after the
set's last the next stock round; or, after the game's last OR (17, ``ending``), nothing.

State (``state.operating``): ``order`` (company ids), ``index`` (the one operating),
``rounds_in_set`` (fixed when the set began), ``loans_at_start``, the trains that have run
(``trains_run``, written at the first dividend step) and the turn's own fields
(``company_turn``).  ``None`` outside operating rounds; a new OR starts a new one.
"""

from __future__ import annotations

from typing import Any

from engine.core.events import Event
from engine.t1861 import company_turn, ending, rsr_turn, stock_round
from engine.t1861.data import DATA
from engine.t1861.operating_order import order_now
from engine.t1861.state import State

RSR = DATA.companies.rsr_id.lower()  # a private's owner once nationalised
PRIVATE_REVENUE = {private["id"].lower(): private["revenue"] for private in DATA.raw["privates"]}


def begin_set(state: State) -> list[Event]:
    """The stock round is over: the set's first OR, with as many ORs as the phase gives (16)."""
    return begin(state, operating_round=1, rounds_in_set=ending.rounds_in_new_set(state, _rounds(state.phase)))


def begin(state: State, operating_round: int, rounds_in_set: int) -> list[Event]:
    number = state.round["number"]
    state.round = {"kind": "operating", "number": number, "operating_round": operating_round}
    order = order_now(state)
    state.operating = {"order": list(order), "index": -1, "rounds_in_set": rounds_in_set,
                       "loans_at_start": _loans_now(state), "rsr_operator": state.priority}
    events = [Event(f"Operating round {number}.{operating_round}: "
                    f"{', '.join(company.upper() for company in order) or 'no company operates'}.",
                    "operating_round", {"order": list(order)})]
    events += _privates_pay(state)
    return events + next_company(state)


def next_company(state: State) -> list[Event]:
    """Start the next company's turn, or end the round when every company has operated."""
    operating = state.operating
    assert operating is not None
    events: list[Event] = []
    while operating["index"] + 1 < len(operating["order"]):
        operating["index"] += 1
        company = operating["order"][operating["index"]]
        if company_turn.company_of(state, company)["status"] != "started":
            continue  # closed since the order was fixed
        events += company_turn.begin(state, company)
        if company_turn.is_waiting(state):
            return events
    if rsr_turn.due(state):  # section 6: last, after all majors
        events += rsr_turn.begin(state)
        if rsr_turn.is_waiting(state) or company_turn.is_waiting(state) or state.trainless_majors:
            return events  # R4: majors the RSR's purchases left trainless are offered before the round ends
    return events + _end(state)


def _end(state: State) -> list[Event]:
    """Section 8: in phases 3-7 a merger round follows each OR; then the next OR or stock round."""
    finished = state.round["operating_round"]
    events = [Event(f"Operating round {state.round['number']}.{finished} ends.", "operating_round_end")]
    turn = company_turn.turn(state)
    turn.update(company=None, step=None)
    events += ending.note_bank_break(state)
    if ending.is_over(state):  # 17: the last OR of the game
        return events + ending.finish(state)
    if _phase_entry(state.phase)["merger_rounds"]:
        state.round["merger_due"] = finished  # flow begins it (engine.t1861.flow)
        return events
    return events + after_merger_round(state, finished)


def after_merger_round(state: State, finished: int) -> list[Event]:
    """What follows OR ``finished`` (and its merger round, if any): the set's next OR or a stock round."""
    operating = company_turn.turn(state)
    if finished < operating["rounds_in_set"]:
        return begin(state, finished + 1, operating["rounds_in_set"])
    state.operating = None
    return stock_round.begin(state)


def _privates_pay(state: State) -> list[Event]:
    """Section 3: each owned private pays its revenue to its owner, a player or a company."""
    events = []
    for private, owner in state.privates.items():
        if owner is None:
            continue
        revenue = PRIVATE_REVENUE[private]
        state.bank -= revenue
        if isinstance(owner, int):
            state.cash[owner] += revenue
            name = state.players[owner]
        elif owner == RSR:  # section 3: nationalised privates pay the RSR
            state.rsr["cash"] += revenue
            name = owner.upper()
        else:
            company_turn.company_of(state, owner)["cash"] += revenue
            name = owner.upper()
        events.append(Event(f"{private.upper()} pays ₽{revenue:,} to {name}.", "private_revenue",
                            {"private": private, "owner": owner, "amount": revenue}))
    return events


def _loans_now(state: State) -> dict[str, int]:
    loans = {company: entry["loans"] for company, entry in [*state.minors.items(), *state.majors.items()]}
    return {**loans, "rsr": state.rsr["loans"]}


def _rounds(phase: str) -> int:
    return _phase_entry(phase)["operating_rounds"]


def _phase_entry(phase: str) -> dict[str, Any]:
    return next(entry for entry in DATA.raw["phases"] if entry["name"] == phase)
