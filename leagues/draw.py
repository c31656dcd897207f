"""The draw: signed-up players into divisions, and every division's games planned in waves.

Divisions form a ladder, one per level (level 1 the top).  A first season orders its players
by rating (``seeding.ratings_of``), unrated ones after the rated in sign-up order.  A later
season starts from the previous one's final order (``seeding.final_ranking``): in each
division the top ``promotion_count`` go up a level and the bottom ``relegation_count`` down
(not past the top or bottom of the ladder); within a level, players come down from above
first, then those who stayed in their order, then those who came up.  Newcomers follow the
returning players, by rating, then sign-up order.  The order is cut into divisions of
``division_size`` (sizes at most one apart: 10 players in divisions of 4 are two of 5).

Each division's schedule comes from ``leagues.schedule``; its rounds go into the season's
waves, so every division plays wave 1 together, then wave 2, and so on.  The whole draw is
one transaction: a season is drawn completely or not at all, and only once.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from leagues import seeding
from leagues.errors import LeagueError
from leagues.models import (
    Division,
    DivisionMember,
    LeagueGame,
    Season,
    SeasonStatus,
    SignUp,
    SignUpStatus,
    Wave,
)
from leagues.organizing import title_of
from leagues.schedule import make_schedule


@dataclass(frozen=True)
class Placement:
    """Where a returning player starts: the level they go to, and their order within it."""

    level: int
    group: int  # 0 came down, 1 stayed, 2 came up
    place: int  # their place in last season's division


def draw_season(season: Season) -> Season:
    """Draw ``season`` (open for sign-up) into divisions and games; refuses a second draw."""
    with transaction.atomic():
        locked = Season.objects.select_for_update().select_related("league").get(pk=season.pk)
        if locked.status != SeasonStatus.SIGNUP:
            raise LeagueError(f"{locked.label} has been drawn already.")
        players = ordered_players(locked)
        sizes = division_sizes(len(players), locked.division_size)
        smallest = min(sizes, default=0)
        title = title_of(locked.league.title)
        if not sizes or smallest < title.min_players:
            raise LeagueError(f"{len(players)} players signed up: {title.name} needs at least "
                              f"{title.min_players} in a division to be drawn.")
        notes = _make_divisions(locked, players, sizes)
        locked.status, locked.drawn_at = SeasonStatus.DRAWN, timezone.now()
        locked.schedule_note = "\n".join(notes)
        locked.save(update_fields=["status", "drawn_at", "schedule_note"])
    return locked


def division_sizes(count: int, division_size: int) -> list[int]:
    """Sizes of the divisions, top first: as many full-sized as fit, the rest spread over them."""
    if count < 2:
        return []
    divisions = max(1, count // division_size)
    base, extra = divmod(count, divisions)
    return [base + (1 if index < extra else 0) for index in range(divisions)]


def ordered_players(season: Season) -> list[int]:
    """The signed-up players' ids in draw order, strongest first."""
    signed = SignUp.objects.filter(season=season, status=SignUpStatus.SIGNED).select_related("user")
    signups = list(signed.order_by("created", "id"))
    placements = _placements(season)
    returning = sorted((s for s in signups if s.user_id in placements),
                       key=lambda s: (placements[s.user_id].level, placements[s.user_id].group,
                                      placements[s.user_id].place))
    newcomers = _by_rating([s for s in signups if s.user_id not in placements], season.league.title)
    return [s.user_id for s in returning] + [s.user_id for s in newcomers]


def _by_rating(signups: list[SignUp], title: str) -> list[SignUp]:
    """Rated players strongest first, then the unrated; sign-up order breaks ties (the sort is stable)."""
    ratings = seeding.ratings_of([s.user for s in signups], title)
    return sorted(signups, key=lambda s: (s.user_id not in ratings, -ratings.get(s.user_id, 0.0)))


def _placements(season: Season) -> dict[int, Placement]:
    """Last season's players with promotion and relegation applied (empty for a first season)."""
    before = season.league.seasons.filter(number=season.number - 1).first()
    if before is None:
        return {}
    divisions = list(before.divisions.order_by("level", "number"))
    bottom = max((division.level for division in divisions), default=1)
    placements: dict[int, Placement] = {}
    for division in divisions:
        ranking = seeding.final_ranking(division)
        for place, user_id in enumerate(ranking, start=1):
            placements[user_id] = _placement(division.level, bottom, place, len(ranking), before)
    return placements


def _placement(level: int, bottom: int, place: int, size: int, before: Season) -> Placement:
    if place <= before.promotion_count and level > 1:
        return Placement(level - 1, 2, place)
    if place > size - before.relegation_count and level < bottom:
        return Placement(level + 1, 0, place)
    return Placement(level, 1, place)


def _make_divisions(season: Season, players: list[int], sizes: list[int]) -> list[str]:
    """Divisions, members, waves and planned games; returns what each division's schedule could not do.

    Each kind of row is written in one statement for all divisions (500 players: 500 planned games).
    """
    divisions = Division.objects.bulk_create([Division(season=season, level=level, number=1, name=f"Division {level}")
                                              for level in range(1, len(sizes) + 1)])
    starts = [sum(sizes[:index]) for index in range(len(sizes))]
    groups = [players[start : start + size] for start, size in zip(starts, sizes, strict=True)]
    DivisionMember.objects.bulk_create(
        DivisionMember(division=division, user_id=user_id, seed=seed)
        for division, members in zip(divisions, groups, strict=True) for seed, user_id in enumerate(members, 1))
    schedules = [make_schedule(members, season.game_size, season.meetings_per_pair, season.games_at_once,
                               seed=season.pk) for members in groups]
    indexes = sorted({game.wave for schedule in schedules for game in schedule.games})
    waves = {wave.index: wave for wave in Wave.objects.bulk_create(Wave(season=season, index=index)
                                                                   for index in indexes)}
    LeagueGame.objects.bulk_create(
        LeagueGame(division=division, wave=waves[game.wave], round=game.round, number=number,
                   seat_order=list(game.players))
        for division, schedule in zip(divisions, schedules, strict=True)
        for number, game in enumerate(schedule.games, start=1))
    return [f"{division.name}: {note}" for division, schedule in zip(divisions, schedules, strict=True)
            for note in schedule.notes]
