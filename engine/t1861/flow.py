"""Which round or turn follows which (section 8): the one place that moves the game on.

The rounds do not start one another.  A company's turn with nothing left to wait for just
ends (``company_turn``); a stock round that is over leaves ``state.stock`` empty
(``stock_round``).  After every answered action ``rules`` calls :func:`carry_on`, which
starts what comes next until someone is asked again:

- a company's turn is over: the next company's (``operating_round.next_company``, which
  after the last company ends the OR and opens the next OR, a merger round's place, or the
  next stock round);
- the stock round is over (priority already moved, R6): the set's first OR
  (``operating_round.begin_set``).

The private auction opens the first stock round itself (``stock_round.begin``).  Merger
rounds (phases 3-7) are not built yet: the game waits in them, and the merger round will
end with ``operating_round.after_merger_round``.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.events import Event
from engine.t1861 import company_turn, operating_round
from engine.t1861.state import State

Continuation = Callable[[State], list[Event]]


def carry_on(state: State) -> list[Event]:
    """Start each round or turn the last answer finished, until the game waits for a player."""
    events: list[Event] = []
    while (continuation := _what_next(state)) is not None:
        events += continuation(state)
    return events


def _what_next(state: State) -> Continuation | None:
    kind = state.round["kind"]
    if kind == "operating" and state.operating is not None and not company_turn.is_waiting(state):
        return operating_round.next_company
    if kind == "stock" and state.stock is None:
        return operating_round.begin_set
    return None
