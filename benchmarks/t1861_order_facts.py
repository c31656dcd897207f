"""What reading standing-order facts costs a move (issue 14 item 6): 1861 game 29683 replayed with and without.

Every move of a game with a title that offers order facts is read by ``engine.order_facts``
before its announcements (``notifications.disarm``); the database is asked only when a fact
comes out.  Prints, each the median of ``repeats`` runs (time.perf_counter): the whole record
replayed through the title, the same with ``order_facts`` read after every action, the
time spent in ``order_facts`` alone in µs per action, and how many actions gave a fact (the moves that cost a query).

Run from the repository root:  python benchmarks/t1861_order_facts.py [repeats]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.t1861.export import read_export
from engine.t1861.importer import replay_export
from engine.t1861.title import TITLE

FIXTURE = Path(__file__).resolve().parents[1] / "tests" / "engine" / "t1861" / "fixtures" / "29683.json"


def replay(record: dict[str, Any], read_facts: bool) -> tuple[int, float]:
    """Actions that gave a fact, and the seconds spent reading facts alone."""
    state = TITLE.new_game(record["players"], record["seed"], TITLE.validate_options(record["options"]))
    with_facts, reading = 0, 0.0
    for entry in record["actions"]:
        events = TITLE.apply_in_place(state, entry["seat"], entry["action"])
        if read_facts:
            start = time.perf_counter()
            facts = TITLE.order_facts(state, events)
            reading += time.perf_counter() - start
            with_facts += bool(facts)
    return with_facts, reading


def median(run: Any, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(repeats: int) -> None:
    record = replay_export(read_export(str(FIXTURE))).record
    count = len(record["actions"])
    plain = median(lambda: replay(record, False), repeats)
    read = median(lambda: replay(record, True), repeats)
    facts, reading = min((replay(record, True) for _ in range(repeats)), key=lambda run: run[1])
    print(f"29683: {count} actions; replay {plain * 1000:.1f} ms, with order facts {read * 1000:.1f} ms; "
          f"reading facts alone {reading / count * 1e6:.2f} µs per action (best run); {facts} actions gave a fact")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
