"""Random full games of 1861: games per second, actions per game, phases reached, refusals.

Usage: .venv/bin/python benchmarks/t1861_random_games.py [GAMES] [FIRST_SEED]
Players 2-6 by seed (as tests/engine/t1861/test_random_games.py seats them).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter

from engine.t1861 import random_play


def main(games: int, first: int) -> None:
    started = time.perf_counter()
    actions, reached, refusals, unfinished = [], Counter(), [], []
    for seed in range(first, first + games):
        begun = time.perf_counter()
        played = random_play.play(seed, 2 + seed % 5, {"column_market": seed % 2 == 1})
        actions.append(len(played.record.actions))
        reached.update(played.phases)
        if played.refusal:
            refusals.append((seed, played.refusal))
        elif not played.finished:
            unfinished.append(seed)
        print(f"seed {seed}: {len(played.record.actions)} actions, phases {'-'.join(played.phases)},"
              f" {time.perf_counter() - begun:.1f}s{' REFUSED' if played.refusal else ''}", flush=True)
    elapsed = time.perf_counter() - started
    print(f"{games} games in {elapsed:.1f}s: {games / elapsed:.2f} games/s")
    print(f"actions per game: min {min(actions)}, median {statistics.median(actions)}, max {max(actions)}")
    print("games reaching phase: " + ", ".join(f"{phase}: {reached[phase]}" for phase in sorted(reached)))
    print(f"unfinished (action limit): {unfinished}")
    for seed, refusal in refusals:
        print(f"refused, seed {seed}: {refusal[:300]}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20, int(sys.argv[2]) if len(sys.argv) > 2 else 0)
