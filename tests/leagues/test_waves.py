"""Waves: each wave's games created and started together through the games services; the next after it ends."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.core.management import call_command

from games import resignation
from games.models import GameStatus, SeatOrder
from leagues import draw, tasks
from leagues.models import LeagueGame, Season, SeasonStatus, WaveStatus
from notifications.models import GameMailSettings, MailKind, Outbox
from tests.games.factories import play_to_end
from tests.leagues.conftest import close_signup, open_season, sign_up_players

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def season(league):
    """Four players in two-player games: a round robin of three waves of two games."""
    season = open_season(league, division_size=4, game_size=2, meetings_per_pair=1, games_at_once=1,
                         move_time_limit=timedelta(hours=36), timeout_policy="pause")
    sign_up_players(season, 4)
    return season


def _wave_games(season: Season, index: int) -> list[LeagueGame]:
    return list(LeagueGame.objects.filter(wave__season=season, wave__index=index).select_related("game"))


def test_the_deadline_draws_the_season_and_starts_its_first_wave(season):
    close_signup(season)
    mail.outbox.clear()
    tasks.run_seasons()
    season.refresh_from_db()
    assert season.status == SeasonStatus.RUNNING
    first = _wave_games(season, 1)
    assert len(first) == 2
    for league_game in first:
        game = league_game.game
        assert game.status == GameStatus.ACTIVE and game.title == "acquire"
        assert game.seat_order_mode == SeatOrder.CHOSEN and game.move_time_limit == timedelta(hours=36)
        assert list(game.seats.order_by("index").values_list("user_id", flat=True)) == league_game.seat_order
        assert GameMailSettings.objects.get(game=game).timeout_policy == "pause"
        assert game.name == f"Tuesday Acquire S1 Division 1 game {league_game.number}"
    assert all(league_game.game is None for league_game in _wave_games(season, 2))
    # Every player of the wave hears of their game (a turn mail for whoever moves first, else 'started').
    mailed = set(Outbox.objects.filter(kind__in=[MailKind.STARTED, MailKind.TURN]).values_list("recipient", flat=True))
    assert mailed == {user for league_game in first for user in league_game.seat_order}
    assert len(mail.outbox) >= 4


def test_a_second_run_starts_nothing_twice(season):
    close_signup(season)
    tasks.run_seasons()
    tasks.run_seasons()
    assert LeagueGame.objects.filter(game__isnull=False).count() == 2
    assert season.waves.get(index=1).status == WaveStatus.RUNNING


def test_each_wave_starts_when_the_last_game_of_the_one_before_has_finished(season):
    draw.draw_season(season)
    tasks.run_seasons()
    first, second = _wave_games(season, 1)
    play_to_end(first.game)  # through the one move path
    tasks.run_seasons()
    assert all(league_game.game is None for league_game in _wave_games(season, 2))
    play_to_end(second.game)
    tasks.run_seasons()
    assert season.waves.get(index=1).status == WaveStatus.FINISHED
    assert all(lg.game.status == GameStatus.ACTIVE for lg in _wave_games(season, 2))
    for index in (2, 3):  # a game ended by a resignation ends its wave's wait as well
        for league_game in _wave_games(season, index):
            _resign_first_seat(league_game.game)
        tasks.run_seasons()
    season.refresh_from_db()
    assert season.status == SeasonStatus.FINISHED and season.finished_at is not None
    assert set(season.waves.values_list("status", flat=True)) == {WaveStatus.FINISHED}


def _resign_first_seat(game) -> None:
    """End a two-player game the quick way a player may: the first seat's player resigns."""
    player = game.seats.get(index=0).user
    assert resignation.resign(game.pk, player).game_over
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED


def test_the_embedded_runs_periodic_loop_runs_the_league_task(season):
    close_signup(season)
    call_command("periodic", "--once")
    season.refresh_from_db()
    assert season.status == SeasonStatus.RUNNING
    assert LeagueGame.objects.filter(game__status=GameStatus.ACTIVE).count() == 2


def test_a_season_too_small_to_draw_says_why(league):
    lonely = open_season(league, division_size=4, game_size=2)
    sign_up_players(lonely, 1)
    close_signup(lonely)
    tasks.run_seasons()
    lonely.refresh_from_db()
    assert lonely.status == SeasonStatus.SIGNUP
    assert lonely.schedule_note.startswith("Not drawn: 1 players signed up")
