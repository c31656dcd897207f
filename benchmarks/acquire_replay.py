"""How long replaying a full Acquire game takes: the service rebuilds games from records all the time.

Run: ``python benchmarks/acquire_replay.py [GAMES]`` from the project root.  Prints the median
and the slowest replay of random 4-player games, and the actions replayed per second.
Plain timing, no assertions; the target is a median under 20 ms per game.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.record import Record, random_players, random_record, replay

PLAYERS = 4


def timed_replay(record: Record) -> float:
    """Seconds to rebuild the final state from the record."""
    start = time.perf_counter()
    replay(record)
    return time.perf_counter() - start


def main(games: int = 200) -> None:
    records = [random_record("acquire", random_players(PLAYERS), seed) for seed in range(games)]
    timed_replay(records[0])  # warm-up: imports and caches
    times = [timed_replay(record) for record in records]
    actions = sum(len(record.actions) for record in records)
    print(f"Acquire replay, {games} random {PLAYERS}-player games, {actions / games:.0f} actions per game on average")
    print(f"median  {statistics.median(times) * 1000:6.2f} ms per game")
    print(f"slowest {max(times) * 1000:6.2f} ms per game")
    print(f"        {actions / sum(times):8.0f} actions per second")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
