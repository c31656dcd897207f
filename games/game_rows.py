"""A game's row, with its Snapshot (and a reader's seat) joined in when asked: one SQL statement.

Every game page and every move starts with this read.  Through the ORM, building the query
(a join with select_related, every column named, the converters looked up) cost this 2-core
machine more than PostgreSQL spent answering it; ``turnpost.rows.fetch`` skips the building
and still converts each model field (benchmarks/load_site.py has the figures).  The SQL
is plain enough for both databases the site runs on: PostgreSQL, and SQLite for the
embedded run.
"""

from __future__ import annotations

import json
from typing import Any

from django.db import connection

from games.models import Game, Seat, Snapshot
from turnpost import rows

SNAPSHOT_COLUMNS = ", n.version AS snapshot_version, n.state AS snapshot_state, n.waiting_seats AS snapshot_waiting"
SNAPSHOT_JOIN = " LEFT JOIN games_snapshot n ON n.game_id = g.id"
SEAT_COLUMNS = ', st.id AS reader_seat_id, st."index" AS reader_seat_index'
SEAT_JOIN = " LEFT JOIN games_seat st ON st.game_id = g.id AND st.user_id = %s"


def read_game(game_id: int, with_snapshot: bool = False, lock: bool = False, reader: int | None = None) -> Game | None:
    """The game (None if there is none), its Snapshot already attached when ``with_snapshot``.

    ``lock`` holds the game row (only it) until the transaction ends, where the database can.
    ``reader`` (a user id) also reads that user's seat, as ``reader_seat`` (None without one).
    """
    columns, joins, params = "g.*", "", []
    if with_snapshot:
        columns, joins = columns + SNAPSHOT_COLUMNS, joins + SNAPSHOT_JOIN
    if reader is not None:
        columns, joins, params = columns + SEAT_COLUMNS, joins + SEAT_JOIN, [reader]
    sql = f"SELECT {columns} FROM games_game g{joins} WHERE g.id = %s{_lock_clause() if lock else ''}"
    game = next(iter(rows.fetch(Game, sql, [*params, game_id])), None)
    if game is not None and with_snapshot:
        _attach_snapshot(game)
    if game is not None and reader is not None:
        game.reader_seat = _reader_seat(game, reader)
    return game


def _reader_seat(game: Game, reader: int) -> Seat | None:
    """The reader's seat from the joined columns (its other fields load if ever read)."""
    if game.reader_seat_id is None:
        return None
    return Seat.from_db(game._state.db, ["id", "game_id", "index", "user_id"],
                        [game.reader_seat_id, game.pk, game.reader_seat_index, reader])


def _lock_clause() -> str:
    features = connection.features
    if features.has_select_for_update_of:
        return " FOR UPDATE OF g"
    return " FOR UPDATE" if features.has_select_for_update else ""  # SQLite locks the whole file on write


def _attach_snapshot(game: Game) -> None:
    """Turn the joined columns into ``game.snapshot``, as ``select_related`` would have (or note there is none)."""
    if game.snapshot_version is None:
        Game.snapshot.related.set_cached_value(game, None)
        return
    snapshot = Snapshot(game_id=game.pk, version=game.snapshot_version, state=_json(game.snapshot_state),
                        waiting_seats=_json(game.snapshot_waiting))
    snapshot._state.adding, snapshot._state.db = False, game._state.db  # a stored row, as Model.from_db marks it
    game.snapshot = snapshot


def _json(column: Any) -> Any:
    """A JSON column read as an extra column: text on both databases (Django leaves jsonb unparsed)."""
    return json.loads(column) if isinstance(column, str) else column


def snapshot_of(game: Game) -> Snapshot | None:
    """``game.snapshot``, or None for a game that has none (one not started, or imported)."""
    try:
        return game.snapshot
    except Snapshot.DoesNotExist:
        return None
