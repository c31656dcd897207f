"""Nationalisation's triggers in the game flow (15.1, 15.2, 16, section 3, 23 R4).

- After the first copy of a train type (section 16's order: phase, rusting, then the type's
  events, then the trainless check): at the first 5-train the unstarted minors leave
  (``unstarted_minors``); at the first 6-train the privates are bought out
  (section 3); at the first 8-train every minor in play is nationalised, in operating order;
  at the first 4-, 6- and 8-train every minor that has operated and owns no train is
  nationalised, in operating order, and every such major is offered to its president
  (``state.trainless_majors``, the operating order fixed at the purchase).
- Those presidents answer the ``trainless_major`` prompt one at a time, before anything
  else (R4): ``nationalize``, or ``pass`` to decline.  A major that declines is not marked:
  at its next turn it is trainless, so its purchase is forced when it can finance one, and
  a company that ends its buy-train step without a train is nationalised (12.10), which is
  15.2's "buy a train or be nationalised then".
- A company that ends its buy-train step without a train, or cannot pay its interest even
  with its maximum loans (13), is nationalised: ``company_turn`` calls :func:`nationalise`.

Public API::

    events = after_first_purchase(state, ("majors_can_ipo", "trainless_nationalization"), "4")
    pending(state)                      # the major whose president is asked now, or None
    waiting(state)                      # its Waiting (seat, "trainless_major", accepts)
    events = answer(state, seat, {"type": "nationalize"})
    prompt(state, seat)                 # the prompt, with both answers as quick answers
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.prompts import ActionOption, Prompt, QuickAnswer, Waiting
from engine.t1861 import holdings
from engine.t1861.national_takeover import buy_out_privates, nationalise
from engine.t1861.nationalisation import TrainlessCandidate, minors_in_play, trainless_check
from engine.t1861.operating_order import order_now
from engine.t1861.phase_changes import (
    ALL_MINORS_NATIONALISED,
    MINORS_CANNOT_START,
    PRIVATES_NATIONALISED,
    TRAINLESS_NATIONALISATION,
)
from engine.t1861.state import State
from engine.t1861.unstarted_minors import remove_unstarted_minors

PROMPT = "trainless_major"
ANSWERS = ("nationalize", "pass")


def after_first_purchase(state: State, fired: Sequence[str], train_type: str) -> list[Event]:
    """Section 16 after rusting: the type's events that touch companies, then the trainless check."""
    events: list[Event] = []
    if MINORS_CANNOT_START in fired:
        events += remove_unstarted_minors(state)
    if PRIVATES_NATIONALISED in fired:
        events += buy_out_privates(state)
    if ALL_MINORS_NATIONALISED in fired:
        for minor in minors_in_play(_candidates(state)):
            events += nationalise(state, minor, f"every minor is nationalised at the first {train_type}-train (15.1)")
    if TRAINLESS_NATIONALISATION in fired:
        check = trainless_check(_candidates(state))
        for minor in check.minors:
            events += nationalise(state, minor, f"it owned no train after the first {train_type}-train (15.1)")
        state.trainless_majors = list(check.majors)
        if check.majors:
            names = ", ".join(major.upper() for major in check.majors)
            events.append(Event(f"Trainless majors may be nationalised: {names} (15.2).", "trainless_majors",
                                {"majors": list(check.majors)}))
    return events


def _candidates(state: State) -> list[TrainlessCandidate]:
    """Every company in play in the operating order of this moment (7.4: minors, then majors)."""
    entries = {**state.minors, **state.majors}
    return [TrainlessCandidate(company, "minor" if company in state.minors else "major", entries[company]["operated"],
                               bool(entries[company]["trains"])) for company in order_now(state)]


def pending(state: State) -> str | None:
    """The trainless major whose president answers now (R4: one at a time, in order)."""
    return state.trainless_majors[0] if state.trainless_majors else None


def waiting(state: State) -> Waiting:
    major = pending(state)
    assert major is not None
    president = holdings.president_of(state, major)
    assert president is not None, major
    return Waiting(president, PROMPT, ANSWERS)


def answer(state: State, seat: int, action: dict[str, Any]) -> list[Event]:
    """15.2, R4: ``nationalize`` hands the major to the RSR now; ``pass`` declines."""
    major = pending(state)
    if major is None:
        raise IllegalAction("No trainless major is waiting for its president's answer.")
    if action.get("type") == "nationalize":
        return nationalise(state, major, "its president chose nationalisation (15.2)")
    state.trainless_majors = state.trainless_majors[1:]
    return [Event(f"{major.upper()} declines to be nationalised; it must buy a train at its next turn (15.2).",
                  "trainless_declined", {"company": major})]


def prompt(state: State, seat: int) -> Prompt:
    major = pending(state)
    assert major is not None
    actions = (ActionOption("nationalize", f"Nationalise {major.upper()}",
                            help="The RSR takes it over; the bank pays for your shares at the price one step"
                                 " left, and one more step per loan still owed (rules 15.3)."),
               ActionOption("pass", "Decline", help="It must then buy a train at its next turn, or is nationalised"
                                                    " (rules 15.2)."))
    quick = (QuickAnswer(f"Nationalise {major.upper()}", {"type": "nationalize"}),
             QuickAnswer("Decline", {"type": "pass"}))
    question = f"{major.upper()} owns no train: nationalise it now, or decline (it must buy one at its next turn)?"
    return Prompt(seat, PROMPT, question, actions, quick, {"company": major})
