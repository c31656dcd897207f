"""Refusals of the game services.  Each carries a sentence for the player and an HTTP status for the API."""

from __future__ import annotations


class GameServiceError(Exception):
    """A request the services refused; nothing was written."""

    code = "refused"
    http_status = 400

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class IllegalMove(GameServiceError):
    """The engine refused the move (its sentence), or the move could not be read at all."""

    code = "illegal"
    http_status = 400


class NotYourSeat(GameServiceError):
    code = "not_your_seat"
    http_status = 403


class NotYourTurn(GameServiceError):
    """The player has a seat but the game is not waiting on it; ``waiting`` names the seats it waits on."""

    code = "not_your_turn"
    http_status = 400

    def __init__(self, message: str, waiting: list[int]):
        super().__init__(message)
        self.waiting = waiting


class GameNotFound(GameServiceError):
    code = "not_found"
    http_status = 404


class GameClosed(GameServiceError):
    """Not accepting moves: not started yet, finished, or an imported read-only game."""

    code = "closed"
    http_status = 409


class SetupError(GameServiceError):
    """A game cannot be created, joined or started as asked."""

    code = "setup"
    http_status = 400


class ImportFailed(GameServiceError):
    code = "import"
    http_status = 400
