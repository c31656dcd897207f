"""The season page's tables are stored as HTML when a result is recorded (leagues.table_html): never stale, few reads.

A season page of 50 divisions must not render 50 tables on a view (the first after a restart
took ~200 ms), nor show a table older than the last recorded result.  The bound is a count of
statements, not a timing (benchmarks/league_standings.py prints the timings).
"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import User
from leagues.models import StoredTable
from leagues.standings import SeatResult, record_result
from tests.games.factories import make_user, started_game
from tests.leagues.factories import make_division, make_season, schedule
from tests.leagues.test_standing_pages import rows_of

pytestmark = pytest.mark.django_db
URL = "/leagues/tuesday/2/"


def season_with_divisions(count: int, number: int = 2):
    """Season ``number`` of the Tuesday league with ``count`` divisions of four, each with one finished game."""
    season = make_season(number=number)
    divisions = []
    for level in range(1, count + 1):
        users = [make_user(f"s{number}l{level}p{seat}@example.com", f"s{number} l{level} p{seat}") for seat in range(4)]
        division = make_division(season, users, level=level)
        game = started_game(users, seed=level)
        schedule(division, game, 1)
        record_result(game, [SeatResult(seat, seat + 1, 40 - 10 * seat) for seat in range(4)])
        divisions.append(division)
    return season, divisions


def statements_of_a_view(client) -> list[str]:
    client.get(URL)  # the session and any table stored before this test's changes
    with CaptureQueriesContext(connection) as captured:
        assert client.get(URL).status_code == 200
    return [query["sql"] for query in captured.captured_queries]


def test_the_season_page_shows_a_result_as_soon_as_it_is_recorded_even_after_a_restart(client, players, dee):
    season, _ = season_with_divisions(1)
    ann, bob, cy = players
    newcomers = make_division(season, [ann, bob, cy, dee], level=2)
    assert rows_of(client.get(URL).content.decode(), f"standings-{newcomers.pk}")[0][:3] == ["ann", "=1", "0"]
    game = started_game([ann, bob, cy, dee], seed=3)
    schedule(newcomers, game, 1)
    record_result(game, [SeatResult(0, 4, 5), SeatResult(1, 3, 10), SeatResult(2, 2, 20), SeatResult(3, 1, 30)])
    cache.clear()  # a restarted process: nothing held in memory
    rows = rows_of(client.get(URL).content.decode(), f"standings-{newcomers.pk}")
    assert [row[:3] for row in rows] == [["dee", "1", "1"], ["cy", "2", "1"], ["bob", "3", "1"], ["ann", "4", "1"]]


def test_a_player_who_changes_their_name_is_shown_under_the_new_name(client):
    _, (division,) = season_with_divisions(1)
    assert rows_of(client.get(URL).content.decode(), f"standings-{division.pk}")[0][0] == "s2 l1 p0"
    User.objects.filter(display_name="s2 l1 p0").update(display_name="Zelda")
    assert rows_of(client.get(URL).content.decode(), f"standings-{division.pk}")[0][0] == "Zelda"


def test_a_table_stored_before_the_store_existed_is_rendered_on_view_and_stored(client):
    _, (division,) = season_with_divisions(1)
    StoredTable.objects.all().delete()
    assert rows_of(client.get(URL).content.decode(), f"standings-{division.pk}")[0][0] == "s2 l1 p0"
    assert StoredTable.objects.filter(division=division).exists()


def test_the_season_page_reads_its_tables_in_at_most_four_statements_however_many_divisions_and_seasons(client):
    season_with_divisions(2, number=1)
    current, _ = season_with_divisions(2)
    few = statements_of_a_view(client)
    season_with_divisions(4, number=3)
    make_division(current, [make_user(f"more{seat}@example.com", f"more {seat}") for seat in range(4)], level=3)
    many = statements_of_a_view(client)
    assert len(many) == len(few), "\n".join(many)  # one more division or season adds no statement
    assert len(many) <= 4, "\n".join(many)  # league, season, the tables' keys, their stored HTML
