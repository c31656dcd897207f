"""1861 map layer on real positions: optimiser time per company turn, lay enumeration per turn.

Every ``run_routes`` position of both recorded games (tests/engine/t1861/fixtures) is timed
for the route optimiser, and every operating turn that lays track is timed for the legal-lay
enumeration on the board the company saw before its first lay.

Run from the repository root:  python benchmarks/t1861_fixture_positions.py [repeats]
Each position is timed ``repeats`` times and its fastest wall-clock and CPU times are kept;
on a loaded machine the wall clock mostly measures waiting for a core, so both are shown.
(``benchmarks/t1861_lays.py`` times the same enumeration on random playout boards.)
Targets on the 2-core machine (issue 12): optimiser median < 100 ms, worst < 1 s per company
turn; legal-lay enumeration < 20 ms per turn.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.t1861.export import read_export
from engine.t1861.lays import legal_lays
from engine.t1861.map_replay import private_bonuses, replay_positions, train_of
from engine.t1861.optimiser import best_routes
from engine.t1861.track_network import build_network
from engine.t1861.walk_events import RoutesRun, TileLaid

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "engine" / "t1861" / "fixtures"
GAMES = ("167259", "29683")


Timing = tuple[float, float, str]  # wall seconds, CPU seconds, where


def best_of(repeats: int, work: Callable[[], object], where: str) -> Timing:
    """The fastest wall-clock and CPU time of ``repeats`` runs of ``work``."""
    wall = cpu = float("inf")
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        work()
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    return wall, cpu, where


def time_game(game: str, repeats: int) -> tuple[list[Timing], list[Timing]]:
    """Timings of the optimiser per run and of the lay enumeration per laying turn."""
    runs: list[Timing] = []
    lays: list[Timing] = []
    actions = read_export(str(FIXTURES / f"{game}.json")).effective_actions()
    board, phase = None, "2"
    for replay, _, event in replay_positions(actions):
        if isinstance(event, TileLaid) and event.lay_index == 0 and board is not None:
            work = partial(legal_lays, board, event.company, phase)
            lays.append(best_of(repeats, work, f"{game} action {event.at} {event.company}"))
        if isinstance(event, RoutesRun):
            network = build_network(replay.board, replay.phase)
            trains = [train_of(train) for train in event.trains]
            bonuses = private_bonuses(event.privates)
            work = partial(best_routes, network, event.company, trains, bonuses)
            runs.append(best_of(repeats, work, f"{game} action {event.at} {event.company} ({len(trains)} trains)"))
        board, phase = replay.board, replay.phase
    return runs, lays


def report(name: str, timings: list[Timing], target: str) -> None:
    """Median and worst, wall clock and CPU, and where the worst (by CPU) was."""
    wall = sorted(t[0] for t in timings)
    cpu = sorted(t[1] for t in timings)
    worst = max(timings, key=lambda t: t[1])
    print(f"  {name}: {len(timings)} positions ({target})")
    print(f"    wall: median {statistics.median(wall) * 1000:.1f} ms, worst {wall[-1] * 1000:.1f} ms")
    print(f"    CPU:  median {statistics.median(cpu) * 1000:.1f} ms, worst {cpu[-1] * 1000:.1f} ms at {worst[2]}")


def main(repeats: int = 3) -> None:
    runs: list[Timing] = []
    lays: list[Timing] = []
    for game in GAMES:
        game_runs, game_lays = time_game(game, repeats)
        runs += game_runs
        lays += game_lays
    print(f"1861 fixture positions (games {', '.join(GAMES)}), best of {repeats} runs each")
    report("optimiser per company turn", runs, "target median < 100 ms, worst < 1 s")
    report("legal-lay enumeration per turn", lays, "target < 20 ms")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:2]))
