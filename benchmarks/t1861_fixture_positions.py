"""1861 map layer on real positions: optimiser time per company turn, lay enumeration per turn.

Every ``run_routes`` position of both recorded games (tests/engine/t1861/fixtures) is timed
for the route optimiser, and every operating turn that lays track is timed for the legal-lay
enumeration on the board the company saw before its first lay.

Run from the repository root:  python benchmarks/t1861_fixture_positions.py [repeats]
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
from engine.t1861.walk_events import RoutesRun, TileLaid

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "engine" / "t1861" / "fixtures"
GAMES = ("167259", "29683")


def best_of(repeats: int, work: Callable[[], object]) -> float:
    """The fastest of ``repeats`` runs of ``work``, in seconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def time_game(game: str, repeats: int) -> tuple[list[tuple[float, str]], list[tuple[float, str]]]:
    """(optimiser seconds, label) per run and (enumeration seconds, label) per laying turn."""
    runs: list[tuple[float, str]] = []
    lays: list[tuple[float, str]] = []
    actions = read_export(str(FIXTURES / f"{game}.json")).effective_actions()
    board, phase = None, "2"
    for replay, _, event in replay_positions(actions):
        if isinstance(event, TileLaid) and event.lay_index == 0 and board is not None:
            seconds = best_of(repeats, partial(legal_lays, board, event.company, phase))
            lays.append((seconds, f"{game} action {event.at} {event.company}"))
        if isinstance(event, RoutesRun):
            network = replay.board.network(replay.phase)
            trains = [train_of(train) for train in event.trains]
            bonuses = private_bonuses(event.privates)
            seconds = best_of(repeats, partial(best_routes, network, event.company, trains, bonuses))
            runs.append((seconds, f"{game} action {event.at} {event.company} ({len(trains)} trains)"))
        board, phase = replay.board, replay.phase
    return runs, lays


def report(name: str, timings: list[tuple[float, str]], target: str) -> None:
    seconds = sorted(timings)
    median = statistics.median(t for t, _ in seconds)
    worst, where = seconds[-1]
    print(f"  {name}: {len(seconds)} positions, median {median * 1000:.1f} ms, worst {worst * 1000:.1f} ms")
    print(f"    worst at {where}; {target}")


def main(repeats: int = 3) -> None:
    runs: list[tuple[float, str]] = []
    lays: list[tuple[float, str]] = []
    for game in GAMES:
        game_runs, game_lays = time_game(game, repeats)
        runs += game_runs
        lays += game_lays
    print(f"1861 fixture positions (games {', '.join(GAMES)}), best of {repeats} runs each")
    report("optimiser per company turn", runs, "target median < 100 ms, worst < 1 s")
    report("legal-lay enumeration per turn", lays, "target < 20 ms")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:2]))
