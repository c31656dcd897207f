"""1861 route optimiser: time per company turn on seeded late-game boards of the real map.

Boards come from ``engine.t1861.sample_boards`` (every minor's home token, then rounds of
legal lays, upgrades preferred, phase advancing to 8); each minor then "runs" each train
set below on it.  The recorded games' own positions are timed by
benchmarks/t1861_fixture_positions.py (branch t1861-fixtures), which calls the same
``best_routes``.

Run from the repository root:  python benchmarks/t1861_routes.py [boards] [turns]
Targets on the 2-core machine (issue 12): median < 100 ms and worst < 1 s per company turn.
Prints the median and worst wall time per train set and overall, the worst processor time,
and how many answers were proven best (the others stopped at the work budget, still legal).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.t1861.data import DATA
from engine.t1861.optimiser import best_routes
from engine.t1861.routes import check_routes
from engine.t1861.sample_boards import grown_board, minor_homes
from engine.t1861.track_network import build_network
from engine.t1861.trains import Train

TRAIN_SETS = (("4", "5"), ("5", "7"), ("8",), ("8", "2+2"), ("8", "8"), ("5+5E",), ("8", "5+5E"))


def trains_by_name() -> dict[str, Train]:
    return {entry["name"]: Train.from_data(entry) for entry in DATA.raw["trains"]}


def main(boards: int, turns: int) -> None:
    trains = trains_by_name()
    timings: dict[tuple[str, ...], list[float]] = {train_set: [] for train_set in TRAIN_SETS}
    proven = total = 0
    cpu_worst = 0.0
    worst = (0.0, "")
    for seed in range(boards):
        board, phase = grown_board(seed, turns)
        network = build_network(board, phase)
        print(f"board {seed}: {len(board.laid)} tiles, {len(network.stops)} stops, {len(network.segments)} segments")
        for company, _, _ in minor_homes():
            for train_set in TRAIN_SETS:
                start, cpu = time.perf_counter(), time.process_time()
                found = best_routes(network, company, [trains[name] for name in train_set])
                seconds = time.perf_counter() - start
                cpu_worst = max(cpu_worst, time.process_time() - cpu)
                check_routes(network, company, found.plans)  # every answer is legal (raises if not)
                timings[train_set].append(seconds)
                proven += found.proven_best
                total += 1
                if seconds > worst[0]:
                    worst = (seconds, f"board {seed} {company} {'+'.join(train_set)} ({found.revenue})")
    for train_set, seconds in timings.items():
        median, slowest = 1000 * statistics.median(seconds), 1000 * max(seconds)
        print(f"{' and '.join(train_set):>12}: median {median:7.1f} ms, worst {slowest:7.1f} ms")
    everything = [s for seconds in timings.values() for s in seconds]
    median = 1000 * statistics.median(everything)
    print(f"all {len(everything)} company turns: median {median:.1f} ms, worst {1000 * worst[0]:.1f} ms ({worst[1]})")
    print(
        f"worst processor time of one turn: {1000 * cpu_worst:.1f} ms (wall times include waiting for the shared cores)"
    )
    print(f"proven best: {proven} of {total}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3, int(sys.argv[2]) if len(sys.argv) > 2 else 12)
