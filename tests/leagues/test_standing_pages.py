"""The public league, season and division pages and a player's league games (leagues.standing_pages)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from games import resignation
from games.models import Game
from leagues.standings import SeatResult, record_result
from notifications.models import Deadline
from tests.games.factories import SCRIPT, make_user, play, started_game
from tests.leagues.factories import make_division, make_season, schedule

pytestmark = pytest.mark.django_db


def rows_of(html: str, table_id: str) -> list[list[str]]:
    """The cells' text of each body row of the table ``table_id``."""
    body = html.split(f'id="{table_id}"', 1)[1].split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return [[text_of(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


@pytest.fixture
def tied_season(players, dee):
    """Division 2 of 2 levels (one goes up): bob and ann level on everything after one shared game."""
    ann, bob, cy = players
    season = make_season(promotion_count=1, relegation_count=1)
    make_division(season, [make_user("top@example.com", "top")], level=1)
    division = make_division(season, [ann, bob, cy, dee], level=2)
    make_division(season, [make_user("low@example.com", "low")], level=3)
    game = started_game([ann, bob, cy, dee])
    schedule(division, game, 1)
    record_result(game, [SeatResult(0, 1, 50), SeatResult(1, 1, 50), SeatResult(2, 3, 20), SeatResult(3, 4, 5)])
    return season, division, game


def test_the_division_page_lists_ties_tie_breaks_zones_in_words_and_the_games(client, tied_season):
    _, division, game = tied_season
    html = client.get(f"/leagues/tuesday/1/divisions/{division.pk}/").content.decode()
    assert rows_of(html, f"standings-{division.pk}") == [
        ["ann", "=1", "1", "8", "1", "0", "100%", "0", "▲ promoted"],
        ["bob", "=1", "1", "8", "1", "0", "100%", "0", "stays"],
        ["cy", "3", "1", "3", "0", "0", "40%", "—", "stays"],
        ["dee", "4", "1", "1", "0", "0", "10%", "—", "▼ relegated"],
    ]
    assert '<th scope="col" class="num">Share of winner&#x27;s score</th>' in html and "<caption>" in html
    assert rows_of(html, "division-games") == [["Game 1", "1", "ann, bob, cy, dee", "in progress"]]
    assert f'href="/games/{game.pk}/"' in html


def test_the_season_page_shows_every_division_top_level_first(client, tied_season):
    season = tied_season[0]
    html = client.get("/leagues/tuesday/1/").content.decode()
    assert [rows[0][0] for rows in (rows_of(html, f"standings-{d.pk}") for d in season.divisions.order_by("level"))] \
        == ["top", "ann", "low"]
    assert html.index("Division 1a") < html.index("Division 2a") < html.index("Division 3a")


def test_pages_of_a_private_league_or_a_missing_season_are_not_found(client, tied_season):
    season, division, _ = tied_season
    assert client.get("/leagues/tuesday/7/").status_code == 404
    assert client.get(f"/leagues/tuesday/1/divisions/{division.pk + 99}/").status_code == 404
    season.league.public = False
    season.league.save()
    assert client.get("/leagues/tuesday/").status_code == 404


def test_a_finished_game_moves_the_table_and_shows_as_finished(client, players, dee):
    ann, bob, cy = players
    division = make_division(make_season(), [ann, bob, cy, dee])
    game = started_game([cy, dee])
    schedule(division, game, 1)
    resignation.resign(game.pk, cy)
    html = client.get(f"/leagues/tuesday/1/divisions/{division.pk}/").content.decode()
    assert [row[:4] for row in rows_of(html, f"standings-{division.pk}")] == [
        ["dee", "1", "1", "10"], ["cy", "2", "1", "6"], ["ann", "=3", "0", "0"], ["bob", "=3", "0", "0"]]
    assert rows_of(html, "division-games")[0][3] == "finished"


def test_a_players_page_shows_the_deadline_of_the_move_they_owe(client, players, dee):
    ann, bob, cy = players
    division = make_division(make_season(), [ann, bob, cy])
    game = started_game(players)
    Game.objects.filter(pk=game.pk).update(move_time_limit=timedelta(hours=24))
    play(game, SCRIPT[:3])  # bob's turn, with a clock
    schedule(division, game, 1)
    due = Deadline.objects.get(game=game, seat=1, version=3).due_at
    client.force_login(bob)
    rows = rows_of(client.get("/leagues/me/games/").content.decode(), "my-league-games")
    # The game's number in its division, as on the division page (its full name repeats the next column).
    assert rows == [["Game 1", "Tuesday league, Season 1, Division 1a", "in progress",
                     f"due {due:%a} {due.day} {due:%b}, {due:%H:%M} UTC"]]
    client.force_login(ann)
    assert rows_of(client.get("/leagues/me/games/").content.decode(), "my-league-games")[0][3] == "not your move"
    client.force_login(dee)
    assert "You are in no league game yet." in client.get("/leagues/me/games/").content.decode()


def test_a_finished_league_game_owes_nobody_a_move(client, players, dee):
    """A walk's list said 'not your move' of a game that was over, as if it would be one day."""
    ann, bob, cy = players
    division = make_division(make_season(), [ann, bob, cy])
    game = started_game(players)
    schedule(division, game, 1)
    resignation.resign(game.pk, cy)
    resignation.resign(game.pk, bob)
    client.force_login(ann)
    row = rows_of(client.get("/leagues/me/games/").content.decode(), "my-league-games")[0]
    assert row[2] == "finished" and row[3] == "\N{EN DASH}"


def test_the_season_page_shows_a_result_recorded_after_it_was_last_shown(client, tied_season, players, dee):
    _, division, _ = tied_season
    url = "/leagues/tuesday/1/"
    assert rows_of(client.get(url).content.decode(), f"standings-{division.pk}")[0][:4] == ["ann", "=1", "1", "8"]
    game = started_game([dee, players[2]], seed=11)
    schedule(division, game, 2)
    resignation.resign(game.pk, players[2])
    assert [row[0] for row in rows_of(client.get(url).content.decode(), f"standings-{division.pk}")] == [
        "dee", "cy", "ann", "bob"]  # dee 1 + 10, cy 3 + 6, ann and bob 8
