"""The two ways input can be wrong, kept apart because callers treat them apart."""


class IllegalAction(Exception):
    """A move the rules do not allow; the message is a sentence for the player.

    Raising it guarantees the state the move was tried on is unchanged.
    """


class MalformedRecord(Exception):
    """A game record (or its options) that cannot even be read as a game."""
