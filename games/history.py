"""The public history: the spectator's position at any step, and charts over the whole game.

Both are computed by replaying the action log and cached: a step's position never
changes (the log is append-only), and the charts change only with the game's version.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.core.cache import cache

import engine.core as engine
from engine.core.record import replay
from games.charts import Axes, Series, line_chart, player_series, values_at
from games.models import Game, GameStatus
from games.queries import game_key, version_key
from games.replay import log_of, log_states, record_of
from games.standings import table_view
from games.titles import ui_for
from games.titles.ui import with_view_facts

CACHE_SECONDS = 60 * 60
CHAT_LINES = 100  # the table talk shown up to a step: the newest this many said by then
STEP_AXIS = "Move"  # the charts' x axis: the history's ?step=, the number of moves played


def clamp_step(raw: Any, last: int) -> int:
    """``?step=`` as a step within 0..last; missing or unreadable means the last step."""
    try:
        step = int(raw)
    except (TypeError, ValueError):
        return last
    return max(0, min(step, last))


def public_view_at(game: Game, step: int) -> dict[str, Any]:
    """The spectator view after ``step`` actions, with who had resigned by then (and the result at the end)."""
    key = game_key(game, "history-view", step, game.status, game.resigned_count)
    view = cache.get(key)
    if view is None:
        # The moves in effect after ``step`` entries: a step after an undo shows the position it restored.
        state = replay(record_of(game, log_of(game, upto=step)))
        view = engine.view(state, None)
        view.pop("prompt", None)
        view = with_view_facts(ui_for(game.title), state, view)
        view = table_view(game, view, step)
        cache.set(key, view, CACHE_SECONDS)
    return view


def chart_numbers(game: Game) -> dict[str, Any]:
    """Per step: each series' prices and each seat's net worth (one replay, cached per version)."""
    key = version_key(game, "charts")
    numbers = cache.get(key)
    if numbers is None:
        numbers = _compute_chart_numbers(game)
        cache.set(key, numbers, CACHE_SECONDS)
    return numbers


def _compute_chart_numbers(game: Game) -> dict[str, Any]:
    ui = ui_for(game.title)
    prices: dict[str, list[int | None]] = {}
    worth: list[list[int | None]] = []
    for step, state in log_states(game):
        step_prices, step_worth = ui.chart_numbers(engine.summary(state))
        for key, value in step_prices.items():
            prices.setdefault(key, [None] * step).append(value)
        worth.append(step_worth)
    return {"prices": prices, "worth": worth}


def worth_is_public(game: Game) -> bool:
    """Net worth shows holdings: hidden while a game with closed holdings runs (D13)."""
    return game.status != GameStatus.ACTIVE or ui_for(game.title).holdings_open(game.options)


def charts(game: Game, step: int, player_names: list[str]) -> dict[str, Any]:
    """The share-price chart and (when public) the net-worth chart, marked at ``step``.

    Drawn once per game version, step and set of names: drawing a late 1861 game's two charts
    (every series' hover bands) cost more than the rest of a cached history page.
    """
    key = version_key(game, "history-charts", step, hashlib.sha1("\n".join(player_names).encode()).hexdigest()[:12])
    drawn = cache.get(key)
    if drawn is None:
        drawn = _draw_charts(game, step, player_names)
        cache.set(key, drawn, CACHE_SECONDS)
    return drawn


def _draw_charts(game: Game, step: int, player_names: list[str]) -> dict[str, Any]:
    numbers = chart_numbers(game)
    ui = ui_for(game.title)
    view = public_view_at(game, step)
    names = ui.series_names(view)
    price_series = [
        Series(names.get(key, key), ui.series_colour(key, index, view), values, ui.series_dash(key))
        for index, (key, values) in enumerate(numbers["prices"].items())
        if any(values)
    ]
    prices = Axes(STEP_AXIS, "Share price", prefix=ui.currency)
    result = {"prices": line_chart("Share prices", price_series, prices, step) if price_series else None,
              "prices_now": values_at(price_series, step, prices), "worth": None, "worth_now": ""}
    if worth_is_public(game) and numbers["worth"]:
        worth, axes = player_series(player_names, numbers["worth"]), Axes(STEP_AXIS, "Net worth", prefix=ui.currency)
        result["worth"] = line_chart("Net worth", worth, axes, step)
        result["worth_now"] = values_at(worth, step, axes)
    return result

