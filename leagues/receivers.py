"""The game signals a league listens to: a league game that finishes records its result in the same transaction."""

from __future__ import annotations

from typing import Any

from games.models import Game, GameStatus
from games.signals import game_started, move_applied, seat_resigned
from leagues.standings import record_result


def _on_move(sender: Any, game: Game, state: Any = None, **kwargs: Any) -> None:
    if game.status == GameStatus.FINISHED:
        record_result(game, state=state)


def _on_resignation(sender: Any, game: Game, game_over: bool = False, **kwargs: Any) -> None:
    if game_over:
        record_result(game)


def connect() -> None:
    """Listen from now on (the app's ``ready``); a second call adds nothing (dispatch uids)."""
    move_applied.connect(_on_move, sender=Game, dispatch_uid="leagues.standings.move")
    game_started.connect(_on_move, sender=Game, dispatch_uid="leagues.standings.start")
    seat_resigned.connect(_on_resignation, sender=Game, dispatch_uid="leagues.standings.resignation")
