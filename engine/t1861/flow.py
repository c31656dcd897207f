"""Which round or turn follows which (section 8): the one place that moves the game on.

The rounds do not start one another.  A company's turn with nothing left to wait for just
ends (``company_turn``); an OR that ends in phases 3-7 marks a merger round as due
(``operating_round``); a merger round that is over says so (``merger_round``); a stock round
that is over leaves ``state.stock`` empty (``stock_round``).  After every answered action
``rules`` calls :func:`carry_on`, which starts what comes next until someone is asked again:

- a merger round is due: it begins, its minors in operating order (``merger_round.begin``);
- a merger round is over: the set's next OR or the next stock round
  (``operating_round.after_merger_round``);
- the trainless majors' answers and the discards an RSR purchase caused are done: its
  buying goes on (``rsr_turn.resume``);
- a company's turn is over: the next company's (``operating_round.next_company``, which
  after the last company, and the RSR in phases 4-7, ends the OR);
- the stock round is over (priority already moved, R6): the set's first OR
  (``operating_round.begin_set``).

The game's end is set by its triggers (the first 8-train, the broken bank: ``ending``, which
``carry_on`` asks after every step whether the bank has broken) and reached when the OR that
ends it is over (``operating_round``); then nothing follows.  Nothing moves on while
trainless majors wait for their presidents (15.2, 23 R4, ``trainless``).  The private
auction opens the first stock round itself (``stock_round.begin``).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.events import Event
from engine.t1861 import company_turn, ending, merger_round, operating_round, rsr_turn
from engine.t1861.operating_order import order_now
from engine.t1861.state import State

Continuation = Callable[[State], list[Event]]


def carry_on(state: State) -> list[Event]:
    """Start each round or turn the last answer finished, until the game waits for a player."""
    events = ending.note_bank_break(state)
    while (continuation := _what_next(state)) is not None:
        events += continuation(state)
        events += ending.note_bank_break(state)  # G10: noted in the round where the payment was made
    return events


def _what_next(state: State) -> Continuation | None:
    if ending.is_finished(state):
        return None  # 17: after the game's last OR nothing follows
    if state.trainless_majors:
        return None  # 23 R4: their presidents answer before the game goes on
    kind = state.round["kind"]
    if kind == "operating" and state.round.get("merger_due") is not None:
        return _begin_merger_round
    if kind == "merger" and state.round.get("over"):
        return _after_merger_round
    if kind == "operating" and rsr_turn.is_resuming(state):
        return rsr_turn.resume
    if kind == "operating" and state.operating is not None and not _someone_asked(state):
        return operating_round.next_company
    if kind == "stock" and state.stock is None:
        return operating_round.begin_set
    return None


def _someone_asked(state: State) -> bool:
    return company_turn.is_waiting(state) or rsr_turn.is_waiting(state)


def _begin_merger_round(state: State) -> list[Event]:
    finished = state.round.pop("merger_due")
    minors = [company for company in order_now(state) if company in state.minors]
    return merger_round.begin(state, finished, minors)


def _after_merger_round(state: State) -> list[Event]:
    return operating_round.after_merger_round(state, state.round["after_operating_round"])
