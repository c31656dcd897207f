"""Which round follows which (section 8), the one place the operating-round work plugs in.

Built so far: the private auction opens the first stock round (``private_auction`` calls
``stock_round.begin``), and a stock round hands over here.  The operating round does not
exist yet: :func:`after_stock_round` leaves the game waiting at the start of operating
round 1 of the set, where every action is refused in words (``rules``).  The operating-round
module replaces its body with the start of the OR (section 12: the RSR's operator and the
interest snapshot, then private revenue, 23 C8) and, after the last OR of a set, calls
``stock_round.begin`` again.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.t1861.state import State


def after_stock_round(state: State) -> list[Event]:
    """The stock round is over (priority already moved, R6): the set's first OR is next."""
    state.round = {"kind": "operating", "number": state.round["number"], "operating_round": 1}
    return [Event(f"Operating round {state.round['number']}.1 would start here; it is not built yet.",
                  "operating_round_pending")]
