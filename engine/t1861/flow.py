"""Which round follows which (section 8): the stock round hands over to the operating rounds.

The private auction opens the first stock round (``private_auction`` calls
``stock_round.begin``); a stock round ends here, in the set's first operating round
(``operating_round.begin_set``), and after the set's last OR ``operating_round`` opens the
next stock round.  In phases 3-7 each OR is followed by a merger round (``merger_round``).
"""

from __future__ import annotations

from engine.core.events import Event
from engine.t1861.state import State


def after_stock_round(state: State) -> list[Event]:
    """The stock round is over (priority already moved, R6): the set's first OR starts."""
    from engine.t1861 import operating_round  # the OR opens the next stock round: a cycle

    return operating_round.begin_set(state)
