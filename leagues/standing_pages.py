"""The public standings pages: a division's table and games, and the season page's tables (its view is leagues.views).

Also the signed-in player's own list of league games with the deadline of each move they owe.
Thin views: the reads are ``leagues.standing_queries``.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from leagues import standing_queries as queries

TABLES_CACHE_SECONDS = 24 * 3600  # the keys change with the tables, so this only bounds the memory held


def season_tables(season: queries.Season) -> str:
    """The season's division tables as HTML for its page; each rendered once per state of its table.

    50 tables are ~500 rows, ~25 ms to render; a finished game changes one table, so the first
    request after it renders that one only.
    """
    keys = queries.division_table_keys(season)
    html = cache.get_many(list(keys.values()))
    missing = [division_id for division_id, key in keys.items() if key not in html]
    if missing:
        context = {"league": season.league, "season": season, "columns": queries.tie_break_columns(season)}
        fresh = {keys[table.division.pk]: render_to_string("leagues/_season_division.html", {**context, "table": table})
                 for table in queries.division_tables(season, missing)}
        cache.set_many(fresh, TABLES_CACHE_SECONDS)
        html.update(fresh)
    return mark_safe("".join(html[key] for key in keys.values()))  # our own templates' output, escaped there


def division_page(request: HttpRequest, slug: str, number: int, division_id: int) -> HttpResponse:
    season = queries.season_of(queries.visible_league(slug, request.user), number)
    tables = queries.division_tables(season, [division_id])
    if not tables:
        raise Http404("No such division.")
    return render(request, "leagues/division.html", {
        "league": season.league, "season": season, "table": tables[0], "columns": queries.tie_break_columns(season),
        "games": queries.division_games(tables[0].division)})


@login_required
def my_league_games(request: HttpRequest) -> HttpResponse:
    return render(request, "leagues/my_games.html", {"entries": queries.player_league_games(request.user)})
