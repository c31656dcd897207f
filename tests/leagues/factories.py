"""A league with one season and its divisions, for the standings' tests."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games.models import Game
from leagues.models import Division, DivisionMember, League, LeagueGame, Season, Wave


def make_season(slug: str = "tuesday", number: int = 1, **rules) -> Season:
    league = League.objects.filter(slug=slug).first() or League.objects.create(
        name=f"{slug.title()} league", slug=slug, title="acquire")
    return Season.objects.create(league=league, number=number, signup_deadline=timezone.now() - timedelta(days=1),
                                 status="running", **rules)


def make_division(season: Season, users, level: int = 1, number: int = 1) -> Division:
    name = f"Division {level}{'abc'[number - 1]}"
    division = Division.objects.create(season=season, level=level, number=number, name=name)
    DivisionMember.objects.bulk_create(
        [DivisionMember(division=division, user=user, seed=seed) for seed, user in enumerate(users, 1)])
    return division


def schedule(division: Division, game: Game, number: int) -> LeagueGame:
    """``game`` as the division's game ``number``, in the season's first wave."""
    wave, _ = Wave.objects.get_or_create(season=division.season, index=1)
    seat_order = list(game.seats.order_by("index").values_list("user_id", flat=True))
    return LeagueGame.objects.create(division=division, wave=wave, round=number, number=number,
                                     seat_order=seat_order, game=game)
