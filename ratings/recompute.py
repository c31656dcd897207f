"""A title's ratings from its rated games in the order they finished: deterministic.

Each result remembers its place in that order at the last rebuild (``RatedResult.position``).
A rebuild starts at the first result whose place changed (a new game: the end; a game that
stopped counting: its place), from the ratings stored before it, and rewrites only the rows from
there on: a player's rating after a game depends only on the games before it.

A finished game's result never changes, so it is read from the engine once and kept
(``RatedResult``); after that a title's recompute reads only those rows.  A game that stops
counting (an organizer adjudicates or abandons it) loses its row here and drops out.  One
title is rebuilt at a time (a transaction-level advisory lock), so two workers finishing two
games at once cannot interleave their rows.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable

from django.db import connection, transaction

from games.models import Game, rated_games_filter
from ratings.latest import newest_per_user
from ratings.models import RatedResult, RatingEntry
from ratings.results import game_result, result_row
from ratings.skill import Change, Rating, rate_all

LOCK_SPACE = 0x5241  # "RA": keeps these advisory locks apart from any other use


def rated_games(title: str):
    return Game.objects.filter(rated_games_filter(), title=title)


def recompute_title(title: str) -> int:
    """Bring ``title``'s rating entries up to date with its rated games; the number of rated games."""
    with transaction.atomic():
        _lock(title)
        _refresh_results(title)
        order = list(RatedResult.objects.filter(title=title).order_by("finished", "game_id")
                     .values_list("game_id", "position"))
        cut = next((place for place, (_, stored) in enumerate(order, 1) if stored != place), len(order) + 1)
        RatingEntry.objects.filter(title=title, position__gte=cut).delete()
        redo = list(RatedResult.objects.filter(title=title, game_id__in=[game for game, _ in order[cut - 1:]])
                    .order_by("finished", "game_id"))
        for place, row in enumerate(redo, cut):
            row.position = place
        changes = rate_all((game_result(row) for row in redo), start=_ratings_before(title, cut))
        RatingEntry.objects.bulk_create(_entries(title, redo, changes), batch_size=2000)
        RatedResult.objects.bulk_update(redo, ["position"], batch_size=2000)
        return len(order)


def rebuild_title(title: str) -> int:
    """Recompute ``title`` from its first game (after the arithmetic changed, say): what recompute_title gives."""
    with transaction.atomic():
        _lock(title)
        RatedResult.objects.filter(title=title).update(position=None)
        return recompute_title(title)


def _ratings_before(title: str, cut: int) -> dict[int, Rating]:
    """Every player's rating after their last game before position ``cut`` (the rows kept)."""
    rows = (newest_per_user(RatingEntry.objects.filter(title=title, position__lt=cut))
            .values_list("user_id", "mu", "sigma", "games_played"))
    return {user: Rating(mu, sigma, games) for user, mu, sigma, games in rows}


def _entries(title: str, rows: list[RatedResult], changes: Iterable[Change]) -> list[RatingEntry]:
    by_game = {row.game_id: row for row in rows}
    return [
        RatingEntry(user_id=change.user_id, title=title, game_id=change.game_id,
                    position=by_game[change.game_id].position, finished=by_game[change.game_id].finished,
                    games_played=change.rating.games, mu=change.rating.mu, sigma=change.rating.sigma,
                    ordinal=change.rating.ordinal)
        for change in changes
    ]


def stale_titles() -> list[str]:
    """Titles whose results are behind their games: a rated game without a result, or a result no longer rated."""
    rated = Game.objects.filter(rated_games_filter())
    unread = rated.filter(rated_result__isnull=True).values_list("title", flat=True)
    dropped = RatedResult.objects.exclude(game__in=rated).values_list("title", flat=True)
    return sorted(set(unread) | set(dropped))


def _refresh_results(title: str) -> None:
    RatedResult.objects.filter(title=title).exclude(game__in=rated_games(title)).delete()
    missing = rated_games(title).filter(rated_result__isnull=True).order_by("finished", "pk")
    RatedResult.objects.bulk_create([result_row(game) for game in missing])


def _lock(title: str) -> None:
    """One rebuild of ``title`` at a time: PostgreSQL's advisory lock (SQLite has one writer at a time already)."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [LOCK_SPACE, zlib.crc32(title.encode()) & 0x7FFFFFFF])
