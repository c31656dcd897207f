"""When the waiting seats' moves are due: the game page shows the clocks another app keeps.

The clocks are notifications' (its ``Deadline`` rows, set when a seat is asked), and games is the
lower layer: it must not import notifications.  So games asks through this one hook, which
notifications fills when its app is ready (``notifications.apps``).  Without it (a site or test
without mail), no move has a deadline to show.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

DueTimes = Callable[[Any, list[int]], dict[int, datetime]]


def _no_clocks(game: Any, waiting: list[int]) -> dict[int, datetime]:
    return {}


_due_times: DueTimes = _no_clocks


def provide(due_times: DueTimes) -> None:
    """Read the deadlines with ``due_times(game, waiting seats)`` from now on (the app that keeps them calls this)."""
    global _due_times
    _due_times = due_times


def due_times(game: Any, waiting: list[int]) -> dict[int, datetime]:
    """Seat -> when its move is due, for the ``waiting`` seats that have a running clock."""
    return _due_times(game, waiting)
