"""The two ways input can be wrong, kept apart because callers treat them apart."""


class IllegalAction(Exception):
    """A move the rules do not allow; the message is a sentence for the player.

    Raising it guarantees the state the move was tried on is unchanged.
    """


class MalformedRecord(Exception):
    """A game record (or its options) that cannot even be read as a game."""


# What a rule that missed a bad field raises instead of IllegalAction (a wrong type, a missing
# key, an invariant an assert guards): every caller that takes input from outside (a record's
# replay, an import, a move from the site) turns these into a refusal in words too, so a case
# the rules did not foresee is never a traceback or a server error.
UNFORESEEN_INPUT_ERRORS = (KeyError, TypeError, ValueError, AttributeError, IndexError, AssertionError)
