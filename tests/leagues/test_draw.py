"""The draw: a first season by rating (sign-up order without ratings), a second with promotion and relegation."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from leagues import draw, organizing, seeding, signups
from leagues.errors import LeagueError
from leagues.models import LeagueGame, SeasonStatus, SignUpStatus, Wave
from tests.leagues.conftest import open_season, sign_up_players

pytestmark = pytest.mark.django_db


def _divisions(season) -> list[list[str]]:
    return [[member.user.name for member in division.members.order_by("seed").select_related("user")]
            for division in season.divisions.order_by("level")]


def test_a_first_season_without_ratings_is_drawn_in_sign_up_order(league):
    season = open_season(league, division_size=4, game_size=4)
    sign_up_players(season, 8)
    draw.draw_season(season)
    season.refresh_from_db()
    assert season.status == SeasonStatus.DRAWN and season.drawn_at is not None
    assert _divisions(season) == [["p01", "p02", "p03", "p04"], ["p05", "p06", "p07", "p08"]]


def test_a_first_season_is_drawn_by_rating_with_the_unrated_last(league, monkeypatch):
    season = open_season(league, division_size=3, game_size=3)
    players = sign_up_players(season, 6)
    ratings = {"p02": 30.0, "p05": 25.0, "p06": 20.0, "p01": 10.0}
    monkeypatch.setattr(seeding, "ratings_of", lambda users, title: {
        user.pk: ratings[user.name] for user in users if user.name in ratings})
    draw.draw_season(season)
    assert _divisions(season) == [["p02", "p05", "p06"], ["p01", "p03", "p04"]]
    assert players  # every signed-up player is placed
    assert sum(len(names) for names in _divisions(season)) == 6


def test_withdrawn_players_are_left_out_and_sizes_stay_even(league):
    season = open_season(league, division_size=4, game_size=4)
    players = sign_up_players(season, 11)
    signups.withdraw(season, players[0])
    draw.draw_season(season)
    assert [len(names) for names in _divisions(season)] == [5, 5]
    assert all("p01" not in names for names in _divisions(season))


def test_the_draw_plans_every_pair_and_the_waves(league):
    season = open_season(league, division_size=7, game_size=4, meetings_per_pair=2, games_at_once=2)
    sign_up_players(season, 7)
    draw.draw_season(season)
    games = list(LeagueGame.objects.filter(division__season=season))
    assert len(games) == 7 and all(len(game.seat_order) == 4 and game.game is None for game in games)
    pairs = Counter(frozenset(pair) for game in games for pair in combinations(game.seat_order, 2))
    assert set(pairs.values()) == {2} and len(pairs) == 21
    for wave in Wave.objects.filter(season=season):
        in_wave = Counter(user for game in wave.league_games.all() for user in game.seat_order)
        assert max(in_wave.values()) <= 2
    season.refresh_from_db()
    assert season.schedule_note == ""


def test_numbers_that_do_not_fit_are_told_on_the_season_page(client, league):
    season = open_season(league, division_size=5, game_size=3)
    sign_up_players(season, 5)
    draw.draw_season(season)
    page = client.get(f"/leagues/{league.slug}/1/").content.decode()
    assert "Division 1: With 5 players in 3-player games, not every pair can meet exactly once" in page


def test_a_season_is_drawn_once(league):
    season = open_season(league, division_size=4, game_size=4)
    sign_up_players(season, 4)
    draw.draw_season(season)
    with pytest.raises(LeagueError, match="drawn already"):
        draw.draw_season(season)
    assert LeagueGame.objects.count() == 1


def test_too_few_players_cannot_be_drawn(league):
    season = open_season(league, division_size=4, game_size=4)
    sign_up_players(season, 1)
    with pytest.raises(LeagueError, match="needs at least 2"):
        draw.draw_season(season)
    season.refresh_from_db()
    assert season.status == SeasonStatus.SIGNUP and not season.divisions.exists()


def test_a_second_season_applies_promotion_and_relegation(league, monkeypatch):
    first = open_season(league, division_size=4, game_size=4, promotion_count=1, relegation_count=1)
    sign_up_players(first, 12)
    draw.draw_season(first)
    assert _divisions(first) == [["p01", "p02", "p03", "p04"], ["p05", "p06", "p07", "p08"],
                                 ["p09", "p10", "p11", "p12"]]
    # The season ends with each division in reverse seed order: the last seed won.
    monkeypatch.setattr(seeding, "final_ranking", lambda division: list(
        division.members.order_by("-seed").values_list("user_id", flat=True)))
    first.status = SeasonStatus.FINISHED
    first.save(update_fields=["status"])

    second = open_season(league, division_size=4, game_size=4)
    returning = signups.last_seasons_players(second)
    for user in returning:
        if user.name != "p06":  # one player does not come back
            signups.sign_up(second, user)
    newcomer = sign_up_players(second, 1, prefix="new")[0]
    draw.draw_season(second)

    # Division 1 keeps its top three (p04, p03, p02) and takes division 2's winner (p08); p01 goes down.
    # Division 2: p01 came down, p07 stayed, p12 came up from division 3; p06 left, so the place goes
    # to the best of those going down to division 3: p05, division 2's last.
    # Division 3 keeps its bottom player p09 (there is no lower division) and takes the newcomer last.
    assert _divisions(second) == [
        ["p04", "p03", "p02", "p08"],
        ["p01", "p07", "p12", "p05"],
        ["p11", "p10", "p09", "new01"],
    ]
    assert newcomer.name == "new01"
    assert second.signups.filter(status=SignUpStatus.SIGNED).count() == 12


def statements_of_drawing(league, players: int, prefix: str) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    season = open_season(league, division_size=4, game_size=4)
    sign_up_players(season, players, prefix)
    with CaptureQueriesContext(connection) as captured:
        draw.draw_season(season)
    assert season.divisions.count() == players // 4
    return len(captured.captured_queries)


def test_a_first_season_is_drawn_in_at_most_eleven_statements_however_many_players(league, olga):
    few = statements_of_drawing(league, 8, "a")
    other = organizing.create_league(olga, "Wednesday Acquire", "acquire", {})  # its first season too
    many = statements_of_drawing(other, 24, "b")  # three times the divisions, members, ratings and games
    assert many == few
    assert many <= 11  # season locked, sign-ups, ratings, title checks, divisions, members, waves, games, season saved
