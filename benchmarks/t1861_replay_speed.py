"""1861 replay speed (issue 13): whole-game replay time per fixture and for random games.

Issue 13's target is under 50 ms per whole game, replay included (recorded routes are
validated, not re-optimised), at least ten times faster than 18xx.games' Ruby engine.

Prints, each the median of ``repeats`` runs (time.perf_counter, and CPU time beside it), with
the fastest run in brackets (the steadiest figure on a shared machine, whose speed drifts):

- per fixture, the import replay (translate + apply, ``importer.replay_export``) in ms and
  µs per action;
- per fixture, the plain Turnpost record replayed through ``engine.core.record.replay``
  (what ``python -m engine replay`` runs) in ms and µs/action;
- complete random games (``engine.core.record.random_record``: random legal answers, the
  optimiser's routes, to the end of the game), replayed from their records: the median
  game's ms and µs per action.

Run from the repository root:  python benchmarks/t1861_replay_speed.py [repeats] [random games]
(it says whether the compiled engine ran; TURNPOST_PURE_ENGINE=1 times the sources as Python).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import native
from engine.core.record import random_record, record_from_json, replay
from engine.t1861.export import read_export
from engine.t1861.importer import replay_export

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "engine" / "t1861" / "fixtures"
PLAYERS = ["ann", "bob", "cy", "dee", "eve", "fay"]


def median_seconds(run: Callable[[], Any], repeats: int) -> tuple[float, float, float]:
    """The median wall time (perf_counter), the median CPU time and the fastest wall time of
    ``repeats`` runs.

    The CPU time is the steadier figure on a shared machine; the wall time is the target's.
    """
    walls, cpus = [], []
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        run()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus), min(walls)


def report(label: str, seconds: tuple[float, float, float], actions: int) -> None:
    wall, cpu, fastest = seconds
    print(f"{label}: {wall * 1000:.1f} ms wall [fastest {fastest * 1000:.1f}] ({cpu * 1000:.1f} ms CPU),"
          f" {actions} actions, {wall * 1e6 / max(actions, 1):.0f} µs/action")


def fixtures(repeats: int) -> None:
    for path in sorted(FIXTURES.glob("*.json")):
        export = read_export(str(path))
        imported = replay_export(export)
        actions = len(imported.record["actions"])
        report(f"{path.stem} import replay (to id {imported.reached})",
               median_seconds(lambda export=export: replay_export(export), repeats), actions)
        record = imported.record
        report(f"{path.stem} record replay (engine.core.record)",
               median_seconds(lambda record=record: replay(record_from_json(record)), repeats), actions)


def random_games(repeats: int, games: int) -> None:
    if games < 1:
        return
    per_game, per_cpu, per_action, lengths = [], [], [], []
    for seed in range(games):
        record = random_record("1861", PLAYERS[:3 + seed % 4], seed)
        wall, cpu, _ = median_seconds(lambda record=record: replay(record), repeats)
        per_game.append(wall)
        per_cpu.append(cpu)
        per_action.append(wall / max(len(record.actions), 1))
        lengths.append(len(record.actions))
    print(f"random games: {statistics.median(lengths):.0f} actions in the median game")
    print(f"random games ({games}, 3-6 players, record replay): median {statistics.median(per_game) * 1000:.1f} ms"
          f" wall ({statistics.median(per_cpu) * 1000:.1f} ms CPU) per game,"
          f" {statistics.median(per_action) * 1e6:.0f} µs/action")


def main(repeats: int, games: int) -> None:
    print("engine: " + ("compiled (.native, engine/native.py)" if native.in_use() else
                        "Python sources (not compiled, or TURNPOST_PURE_ENGINE=1)"))
    fixtures(repeats)
    random_games(repeats, games)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5, int(sys.argv[2]) if len(sys.argv) > 2 else 6)
