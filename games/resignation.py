"""Resigning: a seated player leaves a running game for good.

The resignation is the table's fact, kept in an append-only ``Resignation`` row with the game's
version, never an engine action.  While two or more players remain, the game goes on and the
service plays the resigned seat (games.stand_in, in the one move path); once only one player
is left (at once in a two-player game), the game ends and that player wins.  The result ranks
resigned players last (games.standings).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games import services, stand_in
from games.errors import GameClosed, GameNotFound, GameServiceError, NotYourSeat
from games.game_rows import read_game
from games.models import EndKind, Game, GameStatus, Resignation, Seat
from games.signals import seat_resigned


class AlreadyResigned(GameServiceError):
    code = "already_resigned"
    http_status = 409


@dataclass(frozen=True)
class ResignOutcome:
    """What a resignation did: ``game_over`` when it ended the game; ``message`` says so to the player."""

    game_over: bool
    message: str


CLOSED = {
    GameStatus.OPEN: "This game has not started, so there is nothing to resign from.",
    GameStatus.FINISHED: "This game is over, so there is nothing to resign from.",
    GameStatus.IMPORTED: "This is an imported game for review; nobody plays in it, so nobody can resign.",
}


def resign(game_id: int, user: User | None) -> ResignOutcome:
    """``user`` resigns their seat in the running game ``game_id``; a GameServiceError, and nothing written, if not.

    The game row is locked as for a move, so a resignation and a move never cross: the move
    path sees the resignation, or the resignation sees the move.
    """
    reader = user.pk if user is not None and user.is_authenticated else None
    with transaction.atomic(durable=True):
        game = _locked(game_id, reader)
        seat = game.reader_seat if reader is not None else None
        refusal = refusal_for(game, seat.index if seat is not None else None)
        if refusal is not None:
            raise refusal
        game_over = _record(game, seat.index, user)
        seat_resigned.send(sender=Game, game=game, seat=seat.index, game_over=game_over)
        if not game_over:
            services.answer_for_the_table(game)
    if game_over:
        return ResignOutcome(True, "You resigned; the game is over.")
    return ResignOutcome(False, "You resigned. The game goes on without you: Turnpost plays your seat's moves.")


def refusal_for(game: Game, seat: int | None) -> GameServiceError | None:
    """Why ``seat`` (None: the viewer has none) may not resign from ``game`` now, or None if it may."""
    if game.status in CLOSED:
        return GameClosed(CLOSED[GameStatus(game.status)])
    if seat is None:
        return NotYourSeat("You have no seat in this game, so you cannot resign from it.")
    if seat in stand_in.resigned_seats(game):
        return AlreadyResigned("You have already resigned from this game.")
    return None


def ends_the_game(game: Game) -> bool:
    """Whether one more resignation would leave a single player, and so end the game."""
    return game.seat_count - game.resigned_count <= 2


def _locked(game_id: int, reader: int | None) -> Game:
    if isinstance(game_id, bool) or not isinstance(game_id, int):
        raise GameNotFound("There is no such game.")
    game = read_game(game_id, lock=True, reader=reader)
    if game is None:
        raise GameNotFound("There is no such game.")
    return game


def _record(game: Game, seat: int, user: User | None) -> bool:
    """Write the Resignation and the game's count (and its end, when one player is left); True if it ended."""
    now = timezone.now()
    Resignation.objects.create(game=game, seat=seat, version=game.version, by_user=user, created=now)
    game.resigned_count += 1
    changes = {"resigned_count": game.resigned_count}
    if game.seat_count - game.resigned_count <= 1:
        game.status, game.finished, game.ended_by = GameStatus.FINISHED, now, EndKind.RESIGNATION
        changes.update(status=game.status, finished=now, ended_by=game.ended_by)
    Game.objects.filter(pk=game.pk).update(**changes)
    return game.status == GameStatus.FINISHED


def players_left(game: Game, seats: list[Seat]) -> list[Seat]:
    """The ``seats`` (the game's) whose players have not resigned."""
    gone = set(stand_in.resigned_seats(game))
    return [seat for seat in seats if seat.index not in gone]


def has_resigned(game: Game, seat: int) -> bool:
    """Whether ``seat``'s player resigned (a resigned player cannot move or take a move back)."""
    return seat in stand_in.resigned_seats(game)
