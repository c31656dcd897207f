"""How long the draw's schedules take: 500 players in 50 divisions of 10, for a few season shapes.

Run: ``python benchmarks/league_schedule.py`` from the project root.  Prints, per shape, the
seconds for all 50 divisions' schedules (the pure planner, ``leagues.schedule``; the draw's
database writes come on top) and how many divisions needed a note for the organizer.
Plain timing, no assertions; the issue's target is under 2 s for the whole draw of 500 players.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from leagues.schedule import make_schedule

DIVISIONS, SIZE = 50, 10
SHAPES = [(2, 1, 1), (3, 1, 1), (4, 1, 1), (4, 2, 2), (5, 2, 1), (6, 3, 2)]  # game size, meetings, at once


def main() -> None:
    print(f"{DIVISIONS} divisions of {SIZE}: game size, meetings per pair, games at once -> seconds, noted")
    for size, meetings, at_once in SHAPES:
        start = time.perf_counter()
        noted = 0
        for division in range(DIVISIONS):
            players = [division * SIZE + index for index in range(SIZE)]
            schedule = make_schedule(players, size, meetings, at_once, seed=division)
            noted += bool(schedule.notes)
        seconds = time.perf_counter() - start
        print(f"  {size}-player, {meetings}x, {at_once} at once: {seconds:.3f} s, {noted} divisions noted")


if __name__ == "__main__":
    main()
