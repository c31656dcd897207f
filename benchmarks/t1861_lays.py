"""How long listing a company's legal tile lays takes on 1861 boards (target: under 20 ms a turn).

Run: ``python benchmarks/t1861_lays.py [GAMES] [TURNS]`` from the project root.  Plays GAMES
seeded random playouts of TURNS company turns each (``engine.t1861.playout``: random legal
lays and tokens, phases rising from 2 to 8, so later turns see well-built boards) and times,
at every turn, ``legal_lays`` for the company on move (first and second lay) and
``Board.network`` for the route layer.  Prints median, 90th percentile and worst.  Plain
timing, no assertions.  The first timings of a process fill the per-hex caches, as in a
freshly started worker; they are part of the worst case.  Both wall-clock and CPU time are
shown: on a loaded machine the wall-clock worst case mostly measures waiting for a core.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.t1861.lays import LaysThisTurn, legal_lays
from engine.t1861.playout import playout
from engine.t1861.track_network import build_network


class _Timer:
    """Wall-clock and CPU milliseconds of a block, appended to two lists."""

    def __init__(self, wall: list[float], cpu: list[float]) -> None:
        self.wall, self.cpu = wall, cpu

    def __enter__(self) -> None:
        self.started = (time.perf_counter(), time.process_time())

    def __exit__(self, *_: object) -> None:
        self.wall.append((time.perf_counter() - self.started[0]) * 1000)
        self.cpu.append((time.process_time() - self.started[1]) * 1000)


def _line(name: str, samples: list[float]) -> str:
    ordered = sorted(samples)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    median, worst = statistics.median(ordered), ordered[-1]
    return f"{name:<38} n={len(ordered):>5}  median {median:6.2f} ms  p90 {p90:6.2f} ms  worst {worst:6.2f} ms"


def main(games: int = 5, turns: int = 150) -> None:
    lays_wall: list[float] = []
    lays_cpu: list[float] = []
    network_wall: list[float] = []
    network_cpu: list[float] = []
    options: list[int] = []
    for seed in range(games):
        for turn in playout(seed, turns):
            with _Timer(lays_wall, lays_cpu):
                first = legal_lays(turn.before, turn.company, turn.phase)
                if turn.lays:
                    after = turn.before.lay(turn.lays[0].hex, turn.lays[0].tile, turn.lays[0].rotation)
                    legal_lays(after, turn.company, turn.phase, LaysThisTurn().after(turn.lays[0]))
            options.append(len(first))
            with _Timer(network_wall, network_cpu):
                build_network(turn.after, turn.phase)
    print(f"1861 legal-lay enumeration over {games} random playouts of {turns} turns")
    print(_line("legal_lays per company turn, wall", lays_wall))
    print(_line("legal_lays per company turn, CPU", lays_cpu))
    print(_line("Board.network (whole map), wall", network_wall))
    print(_line("Board.network (whole map), CPU", network_cpu))
    print(f"lays offered per first lay: median {statistics.median(options):.0f}, most {max(options)}")


if __name__ == "__main__":
    main(*(int(argument) for argument in sys.argv[1:3]))
