"""1861's map SVG: its size and drawing time at the opening and at the end of both recorded games.

The issue asks for a late-game map under 150 KB (it is sent inline with every game page,
to phones too).  The positions come from replaying the recorded games' map events
(``engine.t1861.map_replay``) over tests/engine/t1861/fixtures.

Run from the repository root:  python benchmarks/t1861_map_svg.py [repeats]
Prints, per position, the bytes of the SVG, the bytes gzip makes of it (what a browser
usually receives) and the fastest of ``repeats`` drawings.
"""

from __future__ import annotations

import gzip
import sys
import time
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.t1861.board import Board
from engine.t1861.export import read_export
from engine.t1861.map_replay import replay_positions
from engine.t1861.map_view import map_view
from games.titles.t1861.map_svg import map_svg

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "engine" / "t1861" / "fixtures"
LIMIT = 150_000


def final_position(game: str) -> tuple[Board, str]:
    actions = read_export(str(FIXTURES / f"{game}.json")).effective_actions()
    (replay, _, _), = deque(replay_positions(actions), maxlen=1)
    return replay.board, replay.phase


def main(repeats: int) -> None:
    positions = {"opening": (Board.empty(), "2")}
    positions.update({f"{game} end": final_position(game) for game in ("29683", "167259")})
    print(f"{'position':<14}{'phase':>6}{'bytes':>9}{'gzip':>8}{'draw ms':>9}  under {LIMIT // 1000} KB")
    for name, (board, phase) in positions.items():
        view = map_view(board, phase)
        best = float("inf")
        for _ in range(repeats):
            start = time.perf_counter()
            drawn = map_svg(view)
            best = min(best, time.perf_counter() - start)
        size = len(drawn.encode())
        print(f"{name:<14}{phase:>6}{size:>9}{len(gzip.compress(drawn.encode())):>8}{best * 1000:>9.1f}"
              f"  {'yes' if size < LIMIT else 'NO'}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
