"""1861: the recorded games replayed through Turnpost's rules as far as they go (translate + apply).

Prints, for each fixture (tests/engine/t1861/fixtures), the last 18xx.games action id our
rules reach, the number of actions applied, and the fastest wall-clock and CPU time over
``repeats`` runs.  Issue 13's target is < 50 ms per whole game; until whole games replay the
figure is for the part that does (the private auction, stock, operating and merger rounds
up to the first action our rules refuse).

Run from the repository root:  python benchmarks/t1861_operating_replay.py [repeats]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.t1861.export import read_export
from engine.t1861.importer import replay_export

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "engine" / "t1861" / "fixtures"


def main(repeats: int) -> None:
    for path in sorted(FIXTURES.glob("*.json")):
        export = read_export(str(path))
        best_wall = best_cpu = float("inf")
        for _ in range(repeats):
            wall, cpu = time.perf_counter(), time.process_time()
            imported = replay_export(export)
            best_wall = min(best_wall, time.perf_counter() - wall)
            best_cpu = min(best_cpu, time.process_time() - cpu)
        print(f"{path.stem}: reached id {imported.reached}, {len(imported.record['actions'])} actions,"
              f" {best_wall * 1000:.0f} ms wall, {best_cpu * 1000:.0f} ms CPU (fastest of {repeats});"
              f" stops at: {imported.refusal}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
