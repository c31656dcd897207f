"""Minors nobody started leave the game at the first 5-train (section 16, event
``minors_cannot_start``).

Their home slots were held for them on the printed map (section 4); once they can no longer
start, nothing holds those slots, so any company may put a token there and a parred major
may choose such a city as its home (10.4, 23 G8).  18xx.games removes the reservations at
that moment too (bank_breaks_then_final_phase id 471: GRR must answer its token step,
because Yuzovka's slot, held for the unstarted Y, has become free).  Minor auctions are
refused from phase 5 by the stock round itself.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.t1861.state import State


def remove_unstarted_minors(state: State) -> list[Event]:
    """Release every home slot still held for a minor that was never started."""
    leaving = [minor for minor, entry in state.minors.items() if entry["status"] == "unstarted"]
    for minor in leaving:
        state.board = state.board.release_reservations(minor.upper())
    if not leaving:
        return []
    names = ", ".join(minor.upper() for minor in leaving)
    return [Event(f"Minors that were never started leave the game: {names}; their home slots are free (16).",
                  "minors_removed", {"minors": leaving})]
