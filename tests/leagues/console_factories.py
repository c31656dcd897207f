"""A league with one season, one division and its games, for the console and substitutes tests."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from accounts.models import User
from games import services
from games.models import Game, SeatOrder
from leagues.models import Division, DivisionMember, League, LeagueGame, Season, Wave
from tests.games.factories import TILE_BAG


def make_league(organizer: User, slug: str = "acq") -> Season:
    league = League.objects.create(name=f"League {slug}", slug=slug, title="acquire")
    league.organizers.add(organizer)
    return Season.objects.create(league=league, number=1, signup_deadline=timezone.now(), status="running",
                                 game_size=3)


def league_game(season: Season, players: list[User], limit: timedelta | None = None) -> Game:
    """A started game of ``players`` (in seat order) scheduled in the season's first division."""
    division, _ = Division.objects.get_or_create(season=season, level=1, number=1, defaults={"name": "Division A"})
    for seed, player in enumerate(players, 1):
        DivisionMember.objects.get_or_create(division=division, user=player, defaults={"seed": seed})
    wave, _ = Wave.objects.get_or_create(season=season, index=1)
    game = services.create_game(players[0], "acquire", len(players), options={"tile_bag": TILE_BAG}, seed=7,
                                seat_order_mode=SeatOrder.CHOSEN, move_time_limit=limit)
    for player in players[1:]:
        services.take_seat(game.pk, player)
    number = LeagueGame.objects.filter(division=division).count() + 1
    LeagueGame.objects.create(division=division, wave=wave, round=1, number=number,
                              seat_order=[p.pk for p in players], game=game)
    game.refresh_from_db()
    return game
