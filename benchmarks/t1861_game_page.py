"""The 1861 game page and history page of an imported game at a late position: uncached and cached.

Imports 18xx.games game 29683 (tests/engine/t1861/fixtures) cut at its action 730, the last our
rules reach (phase 8, 630 moves here), into a scratch SQLite database, then
GETs the game page through Django's test client as a spectator:

* uncached: the cache cleared before each request, so the page reads the Snapshot, makes the
  view and the facts, draws the map and renders the board partial;
* cached: the same page again, its position and board HTML from the cache (per game version).

It also times the history page at the last step, uncached (a replay of the whole log) and
cached, and the board's parts alone (view + facts, ``present``, the template).  Prints the
fastest and median of ``repeats`` runs in milliseconds and the page's size.

Run from the repository root:  .venv/bin/python benchmarks/t1861_game_page.py [repeats]
This is a benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SCRATCH = Path(tempfile.mkdtemp(prefix="t1861-page-bench-"))
os.environ.update({"DJANGO_SETTINGS_MODULE": "turnpost.settings", "TURNPOST_EMBEDDED": "true",
                   "TURNPOST_DEBUG": "false", "DATABASE_URL": f"sqlite:///{SCRATCH / 'bench.sqlite3'}",
                   "TURNPOST_CACHE_URL": "locmem://t1861-bench", "TURNPOST_ALLOWED_HOSTS": "testserver"})

import django  # noqa: E402

django.setup()

from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.template import loader  # noqa: E402
from django.test import Client  # noqa: E402

import engine.core as engine  # noqa: E402
from games import import_18xx, queries  # noqa: E402
from games.titles import ui_for  # noqa: E402
from games.titles.ui import with_view_facts  # noqa: E402
from tests.games.t1861_imports import running_export  # noqa: E402

LATE = 730


def timed(label: str, work: Callable[[], object], repeats: int, before: Callable[[], None] = lambda: None) -> None:
    runs = []
    for _ in range(repeats):
        before()
        start = time.perf_counter()
        work()
        runs.append(time.perf_counter() - start)
    print(f"{label:<44}{min(runs) * 1000:>9.1f}{statistics.median(runs) * 1000:>9.1f}")


def main(repeats: int) -> None:
    call_command("migrate", verbosity=0)
    game = import_18xx.import_export(running_export(LATE), None)
    client = Client()
    page, history = f"/games/{game.pk}/", f"/games/{game.pk}/history/?step={game.version}"
    response = client.get(page)
    assert response.status_code == 200, response.status_code
    print(f"game {game.pk}: {game.version} moves, phase {engine.from_json(game.snapshot.state).phase}; "
          f"game page {len(response.content) // 1024} KB")
    print(f"{'':<44}{'best ms':>9}{'median':>9}")
    timed("game page, uncached", lambda: client.get(page), repeats, cache.clear)
    client.get(page)
    timed("game page, cached", lambda: client.get(page), repeats)
    timed("history page (last step), uncached", lambda: client.get(history), max(1, repeats // 3), cache.clear)
    client.get(history)
    timed("history page (last step), cached", lambda: client.get(history), repeats)

    ui = ui_for(game.title)
    state = queries.current_state(game)
    view = with_view_facts(ui, state, engine.view(state, None))
    timed("  Snapshot to state", lambda: queries.current_state(game), repeats)
    timed("  view + facts", lambda: with_view_facts(ui, state, engine.view(state, None)), repeats)
    timed("  present (rows and map SVG)", lambda: ui.present(view), repeats)
    board = ui.present(view)
    timed("  board template", lambda: loader.render_to_string(ui.board_template, {"view": view, "board": board}),
          repeats)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
