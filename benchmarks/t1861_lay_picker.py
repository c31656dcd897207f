"""1861's lay picker: how long the acting seat's picker takes to make and how many bytes its drawings add.

The picker (``games.titles.t1861.lay_picker``) draws every legal lay as the map would, once per
move for the seat the game waits on (it is cached with that seat's position).  This replays a
recorded game (tests/engine/t1861/fixtures) and, at every track step of it, makes the picker.

Run from the repository root:  python benchmarks/t1861_lay_picker.py [game]
Prints the positions with the most lays: how many, in how many hexes, the bytes of the picker's
HTML (its list with a drawing per lay, sent inline in the seat's page; without the CSRF tokens
a request adds, one a form) and gzip's, and the time to make the picker's rows;
then the slowest and the mean over every track step.
"""

from __future__ import annotations

import gzip
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import django

# Only templates are rendered: no database, no mail; a throwaway key satisfies the settings.
os.environ.update({"DJANGO_SETTINGS_MODULE": "turnpost.settings", "TURNPOST_SECRET_KEY": "bench-only-" + "x" * 40,
                   "TURNPOST_DEBUG": "false", "TURNPOST_ALLOWED_HOSTS": "testserver"})
django.setup()

from django.template import loader  # noqa: E402

from engine.t1861.export import read_export  # noqa: E402
from engine.t1861.importer import replay_export  # noqa: E402
from engine.t1861.title import TITLE  # noqa: E402
from games.titles.t1861.lay_picker import prompt_picker  # noqa: E402

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "engine" / "t1861" / "fixtures"


def main(game: str) -> None:
    rows: list[tuple[int, int, int, int, int, float]] = []

    def measure(state, recorded) -> None:
        for prompt in TITLE.prompts(state):
            if not prompt.context.get("lays"):
                continue
            start = time.perf_counter()
            picker = prompt_picker(state, prompt)
            took = time.perf_counter() - start
            html = loader.render_to_string("games/boards/_1861_lays.html", {
                "picker": picker, "game": {"pk": 1}, "position": {"version": 1}}).encode()
            rows.append((recorded.get("id", 0), picker["count"], len(picker["hexes"]), len(html),
                         len(gzip.compress(html)), took))

    replay_export(read_export(str(FIXTURES / f"{game}.json")), after_each=measure)
    print(f"{'action':>7}{'lays':>6}{'hexes':>7}{'bytes':>9}{'gzip':>8}{'make ms':>9}")
    for row in sorted(rows, key=lambda row: -row[1])[:8]:
        print(f"{row[0]:>7}{row[1]:>6}{row[2]:>7}{row[3]:>9}{row[4]:>8}{row[5] * 1000:>9.1f}")
    times = [row[5] for row in rows]
    sizes = [row[3] for row in rows]
    print(f"{len(rows)} track steps: slowest {max(times) * 1000:.1f} ms, mean {sum(times) / len(times) * 1000:.1f} ms;"
          f" HTML mean {sum(sizes) // len(sizes)} bytes, median {sorted(sizes)[len(sizes) // 2]}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "29683")
