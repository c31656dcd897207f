"""The public standings pages: a division's table and games (the season page's tables are leagues.table_html).

Also the signed-in player's own list of league games with the deadline of each move they owe.
Thin views: the reads are ``leagues.standing_queries``.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from leagues import standing_queries as queries


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
