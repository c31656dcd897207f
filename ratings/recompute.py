"""Rebuild a title's ratings from its rated games in the order they finished: deterministic.

The arithmetic always runs over the whole ordered list; only the rows that change are written.

A finished game's result never changes, so it is read from the engine once and kept
(``RatedResult``); after that a title's recompute reads only those rows.  A game that stops
counting (an organizer adjudicates or abandons it) loses its row here and drops out.  One
title is rebuilt at a time (a transaction-level advisory lock), so two workers finishing two
games at once cannot interleave their rows.
"""

from __future__ import annotations

import zlib

from django.db import connection, transaction

from games.models import RATED_END_KINDS, Game, GameStatus
from ratings.models import RatedResult, RatingEntry
from ratings.results import game_result, result_row
from ratings.skill import rate_all

LOCK_SPACE = 0x5241  # "RA": keeps these advisory locks apart from any other use


def rated_games(title: str):
    return Game.objects.filter(title=title, status=GameStatus.FINISHED, ended_by__in=RATED_END_KINDS)


def recompute_title(title: str) -> int:
    """Rebuild ``title``'s rating entries; the number of rated games."""
    with transaction.atomic():
        _lock(title)
        _refresh_results(title)
        rows = list(RatedResult.objects.filter(title=title).order_by("finished", "game_id"))
        position = {row.game_id: index for index, row in enumerate(rows, 1)}
        finished = {row.game_id: row.finished for row in rows}
        entries = [
            RatingEntry(user_id=change.user_id, title=title, game_id=change.game_id, position=position[change.game_id],
                        games_played=change.rating.games, mu=change.rating.mu, sigma=change.rating.sigma,
                        ordinal=change.rating.ordinal, finished=finished[change.game_id])
            for change in rate_all(game_result(row) for row in rows)
        ]
        cut = _first_difference(title, entries)
        if cut is not None:
            RatingEntry.objects.filter(title=title, position__gte=cut).delete()
            RatingEntry.objects.bulk_create([entry for entry in entries if entry.position >= cut], batch_size=2000)
        return len(rows)


def _first_difference(title: str, entries: list[RatingEntry]) -> int | None:
    """The first position whose rows change (None: none do); the rows before it are what they would be again.

    A player's rating after a game depends only on the games before it, so while the stored rows
    name the same games at the same positions, they hold the same numbers.  A game that finished
    appends at the end, so its update writes only its own players' rows.
    """
    old = list(RatingEntry.objects.filter(title=title).order_by("position")
               .values_list("position", "game_id").distinct())
    new = list(dict.fromkeys((entry.position, entry.game_id) for entry in entries))
    for index in range(max(len(old), len(new))):
        if index >= len(old) or index >= len(new) or old[index] != new[index]:
            return min(rows[index][0] for rows in (old, new) if index < len(rows))
    return None


def stale_titles() -> list[str]:
    """Titles whose results are behind their games: a rated game without a result, or a result no longer rated."""
    rated = Game.objects.filter(status=GameStatus.FINISHED, ended_by__in=RATED_END_KINDS)
    unread = rated.filter(rated_result__isnull=True).values_list("title", flat=True)
    dropped = RatedResult.objects.exclude(game__in=rated).values_list("title", flat=True)
    return sorted(set(unread) | set(dropped))


def _refresh_results(title: str) -> None:
    RatedResult.objects.filter(title=title).exclude(game__in=rated_games(title)).delete()
    missing = rated_games(title).filter(rated_result__isnull=True).order_by("finished", "pk")
    RatedResult.objects.bulk_create([result_row(game) for game in missing])


def _lock(title: str) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [LOCK_SPACE, zlib.crc32(title.encode()) & 0x7FFFFFFF])
