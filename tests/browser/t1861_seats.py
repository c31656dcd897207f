"""1861 browser tests' common set-up: a recorded game imported at a cut, one seat taken, its page opened; a page's
console watched."""

from __future__ import annotations

from typing import Any

from engine.t1861 import company_turn
from games import import_18xx, queries
from games.models import Game
from tests.browser.sessions import signed_in_page
from tests.games.t1861_imports import running_export


def seated_import(cut: int, user: Any, seat_index: int | None = None) -> Game:
    """29683 imported after action ``cut``, seat ``seat_index`` taken by ``user`` (by default the
    seat whose company operates now, so the page asks ``user``)."""
    game = import_18xx.import_export(running_export(cut), None)
    if seat_index is None:
        state = queries.current_state(Game.objects.get(pk=game.pk))
        seat_index = company_turn.operator(state, company_turn.turn(state)["company"])
    seat = game.seats.get(index=seat_index)
    seat.user, seat.display_name = user, user.display_name
    seat.save()
    return game


def watch_console(page: Any, problems: list[str] | None = None) -> list[str]:
    """The list the page's console errors and uncaught script errors are appended to."""
    problems = [] if problems is None else problems
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    return problems


def open_seated_import(live_server: Any, new_page: Any, user: Any, cut: int, seat_index: int | None = None,
                       **page_options: Any) -> tuple[Game, Any, list[str]]:
    """``seated_import``, and its game page opened in Chromium by ``user`` signed in (``page_options``:
    the viewport and such), its console watched from the first load: (game, page, console problems)."""
    game = seated_import(cut, user, seat_index)
    page = signed_in_page(new_page, live_server.url, user, **page_options)
    problems = watch_console(page)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    return game, page, problems
