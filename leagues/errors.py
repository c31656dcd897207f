"""The one error a league service raises: a sentence for the organizer or player, nothing changed."""


class LeagueError(Exception):
    """Refused: ``message`` says why, in words the reader understands."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
