"""Replay speed of Railroad Barons: median time to replay a full random game, and actions per second.

Run from the repository root:  python benchmarks/railroad_barons_replay.py [games] [repeats]
The target is a median under 20 ms per full game (a service rebuilds games from their records).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.record import parse_record, random_players, random_record, replay

TITLE = "railroad-barons"


def record_texts(games: int) -> list[str]:
    """Complete random records, as the JSON text a service would store."""
    return [json.dumps(random_record(TITLE, random_players(2), seed).to_json()) for seed in range(games)]


def replay_seconds(text: str, repeats: int) -> float:
    """The best of ``repeats`` timings of parsing and replaying one record."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        replay(parse_record(text))
        best = min(best, time.perf_counter() - start)
    return best


def main(games: int = 100, repeats: int = 3) -> None:
    texts = record_texts(games)
    actions = [len(json.loads(text)["actions"]) for text in texts]
    timings = [replay_seconds(text, repeats) for text in texts]
    median = statistics.median(timings)
    print(f"Railroad Barons replay: {games} random full games, best of {repeats} runs each")
    print(f"  actions per game: median {statistics.median(actions):.0f}, max {max(actions)}")
    print(f"  replay time per game: median {median * 1000:.2f} ms, max {max(timings) * 1000:.2f} ms (target < 20 ms)")
    print(f"  actions per second: {sum(actions) / sum(timings):,.0f}")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
