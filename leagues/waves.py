"""Starting a season's waves: every game of a wave created and started together, then the next.

A wave's games are real games made by the games services (``create_game`` then ``take_seat``
in the planned seat order, ``SeatOrder.CHOSEN``), with the season's move time limit and
timeout policy (``notifications`` GameMailSettings, written before the start so the first
deadlines follow it).  Starting a game mails its players as any game start does.

Each game is started in its own transactions (the seat service is durable); a LeagueGame
row's ``game`` is set in the first, so a run cut short is finished by the next run, which
seats whoever is still missing.  A wave is finished when all its games are; then the next
wave starts, and after the last the season is finished.
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from accounts.models import User
from games import services
from games.errors import SetupError
from games.models import Game, GameStatus, SeatOrder
from leagues.models import LeagueGame, Season, SeasonStatus, Wave, WaveStatus
from notifications.models import GameMailSettings

logger = logging.getLogger(__name__)


def advance_season(season: Season) -> str:
    """Start the next wave of a drawn or running season if its time has come; says what it did."""
    with transaction.atomic():
        locked = Season.objects.select_for_update(skip_locked=True).filter(pk=season.pk).first()
        if locked is None or locked.status not in (SeasonStatus.DRAWN, SeasonStatus.RUNNING):
            return "nothing"
        running = locked.waves.filter(status=WaveStatus.RUNNING).order_by("index").first()
        if running is not None and not _finish_if_played(running):
            wave = running
        else:
            wave = locked.waves.filter(status=WaveStatus.PLANNED).order_by("index").first()
            if wave is None:
                locked.status, locked.finished_at = SeasonStatus.FINISHED, timezone.now()
                locked.save(update_fields=["status", "finished_at"])
                return "finished"
            wave.status, wave.started_at = WaveStatus.RUNNING, timezone.now()
            wave.save(update_fields=["status", "started_at"])
            if locked.status == SeasonStatus.DRAWN:
                locked.status = SeasonStatus.RUNNING
                locked.save(update_fields=["status"])
    started = start_wave_games(wave)
    return f"wave {wave.index}: {started} games started" if started else f"wave {wave.index} running"


def _finish_if_played(wave: Wave) -> bool:
    """Mark a running wave finished when every one of its games has finished."""
    unfinished = wave.league_games.exclude(game__status=GameStatus.FINISHED).exists()
    if unfinished:
        return False
    wave.status, wave.finished_at = WaveStatus.FINISHED, timezone.now()
    wave.save(update_fields=["status", "finished_at"])
    return True


def start_wave_games(wave: Wave) -> int:
    """Create and start every game of ``wave`` not started yet; returns how many it started."""
    started = 0
    waiting = wave.league_games.filter(Q(game__isnull=True) | Q(game__status=GameStatus.OPEN))
    for league_game_id in waiting.order_by("division__level", "number").values_list("pk", flat=True):
        game = _game_for(league_game_id)
        if game.status != GameStatus.OPEN:
            continue
        try:
            _seat_the_rest(game, LeagueGame.objects.get(pk=league_game_id).seat_order)
        except SetupError as error:  # an overlapping run seated them first; the next run sees the game started
            logger.info("league game %s: %s", league_game_id, error.message)
        else:
            started += 1
    return started


def _game_for(league_game_id: int) -> Game:
    """The league game's real game, created (still open) with the season's rules if it has none yet."""
    with transaction.atomic():
        league_game = (
            LeagueGame.objects.select_for_update(of=("self",))
            .select_related("division__season__league", "game")
            .get(pk=league_game_id)
        )
        if league_game.game is not None:
            return league_game.game
        season = league_game.division.season
        users = {user.pk: user for user in User.objects.filter(pk__in=league_game.seat_order)}
        game = services.create_game(
            users[league_game.seat_order[0]], season.league.title, len(league_game.seat_order),
            options=season.league.options, seat_order_mode=SeatOrder.CHOSEN,
            move_time_limit=season.move_time_limit, name=game_name(league_game),
        )
        GameMailSettings.objects.update_or_create(game=game, defaults={"timeout_policy": season.timeout_policy})
        league_game.game = game
        league_game.save(update_fields=["game"])
        return game


def _seat_the_rest(game: Game, seat_order: list[int]) -> None:
    """Seat the planned players not seated yet, in order; the last one seated starts the game."""
    seated = set(game.seats.filter(user__isnull=False).values_list("user_id", flat=True))
    for user in [User.objects.get(pk=user_id) for user_id in seat_order if user_id not in seated]:
        services.take_seat(game.pk, user, number_a_twin=True)  # nobody to ask for another name


def game_name(league_game: LeagueGame) -> str:
    """``Spring league S2 Division 1 game 3``: what the player sees in mail and lists."""
    division = league_game.division
    season = division.season
    return f"{season.league.name} S{season.number} {division.name} game {league_game.number}"[:100]


def seasons_to_advance() -> list[Season]:
    return list(Season.objects.filter(status__in=[SeasonStatus.DRAWN, SeasonStatus.RUNNING]).order_by("pk"))
