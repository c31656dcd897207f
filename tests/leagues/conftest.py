"""League fixtures: olga organizes, the players sign up, dee is the outsider (tests/conftest.py).

``organizer`` and ``season`` are the console and substitutes tests' running season of one
division (tests.leagues.console_factories); a test module may define its own ``season``.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from leagues import organizing, signups
from leagues.models import League, Season
from tests.games.factories import make_user
from tests.leagues.console_factories import make_league


@pytest.fixture
def olga(db):
    return make_user("olga@example.com", "olga")


@pytest.fixture
def organizer(db):
    """orla organizes the running season ``season``."""
    return make_user("org@example.com", "orla")


@pytest.fixture
def season(organizer) -> Season:
    """A running season of acquire in 3-player games, its league organized by orla."""
    return make_league(organizer)


@pytest.fixture
def league(olga) -> League:
    return organizing.create_league(olga, "Tuesday Acquire", "acquire", {})


def open_season(league: League, **rules) -> Season:
    rules.setdefault("signup_deadline", timezone.now() + timedelta(days=7))
    return organizing.open_season(league, organizing.SeasonRules(**rules))


def sign_up_players(season: Season, count: int, prefix: str = "p") -> list:
    """``count`` new players signed up in order (p01 first)."""
    users = [make_user(f"{prefix}{index:02d}@example.com", f"{prefix}{index:02d}") for index in range(1, count + 1)]
    for user in users:
        signups.sign_up(season, user)
    return users


def close_signup(season: Season) -> Season:
    """The deadline passes (as the beat task would find it)."""
    Season.objects.filter(pk=season.pk).update(signup_deadline=timezone.now() - timedelta(seconds=1))
    season.refresh_from_db()
    return season


def second_season_of(league: League, players: int = 4) -> tuple[Season, list]:
    """A first season drawn with ``players`` players and finished, and the second open for sign-up."""
    from leagues import draw
    from leagues.models import SeasonStatus

    first = open_season(league, division_size=players, game_size=min(players, 4))
    users = sign_up_players(first, players)
    draw.draw_season(first)
    Season.objects.filter(pk=first.pk).update(status=SeasonStatus.FINISHED)
    return open_season(league, division_size=players, game_size=min(players, 4)), users
