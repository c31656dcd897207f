"""1861's route step on the game page: the overlay's size, and what a stop-by-stop preview costs.

For recorded positions of 29683 where a company waits at its routes step, prints the map SVG's
bytes, the route overlay's bytes (the suggested routes and a pick ring on every stop; the page
lays it over the map, so the two together are what the browser draws), the time to draw the
overlay, and the fastest of ``repeats`` stop-by-stop previews of the suggestion
(``engine.t1861.route_preview.preview_stops``: track found between the stops, then check_run),
which is the engine's part of each ``preview.json`` answer while a player edits, and the time to
read the stored state back (``engine.from_json``), which each answer also pays.

Run from the repository root:  python benchmarks/t1861_route_layer.py [repeats]
"""

from __future__ import annotations

import gzip
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine.core as engine
from engine.t1861.import_command import import_text
from engine.t1861.map_view import map_view
from engine.t1861.route_preview import preview_stops
from games.titles.t1861.map_svg import map_svg
from games.titles.t1861.route_layer import layer_svg
from tests.games.t1861_imports import running_export

CUTS = (450, 474, 521, 722)  # NW 3+4; the RSR; MKN with three trains; MKN in phase 8
LIMIT = 150_000


def fastest(repeats: int, work) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(repeats):
        start = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - start)
    return best, result


def measure(cut: int, repeats: int) -> str:
    """One position's row of the table."""
    _, imported = import_text(running_export(cut))
    state = imported.state
    prompt = next(p for p in engine.prompts(state) if "routes" in p.context)
    company, routes = prompt.context["company"], prompt.context["routes"]
    view = map_view(state.board, state.phase)
    draw, layer = fastest(repeats, lambda: layer_svg(view, routes, pickable=True))
    entries = [(route["train"], route["stops"]) for route in routes]
    preview, _ = fastest(repeats, lambda: preview_stops(state, company, entries))
    stored = engine.to_json(state)
    parse, _ = fastest(repeats, lambda: engine.from_json(stored))
    map_bytes, layer_bytes = len(map_svg(view).encode()), len(str(layer).encode())
    return (f"{cut:>5} {company:<8}{len(routes):>7}{map_bytes:>9}{layer_bytes:>9}"
            f"{len(gzip.compress(str(layer).encode())):>7}{draw * 1000:>9.1f}{preview * 1000:>12.1f}"
            f"{parse * 1000:>10.1f}  {'yes' if map_bytes + layer_bytes < LIMIT else 'NO'}")


def main(repeats: int) -> None:
    print(f"{'cut':>5} {'company':<8}{'trains':>7}{'map B':>9}{'layer B':>9}{'gzip':>7}{'draw ms':>9}"
          f"{'preview ms':>12}{'state ms':>10}  map+layer under {LIMIT // 1000} KB")
    for cut in CUTS:
        print(measure(cut, repeats))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
