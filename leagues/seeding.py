"""The draw's two questions about players, each one function: other branches replace the bodies.

``rating_of(user, title)`` orders a first season's players (the ratings branch answers with
OpenSkill; until then nobody has a rating and the draw falls back to sign-up order).
``final_ranking(division)`` is a finished division's order, best first, from which promotion
and relegation are applied (the standings branch answers with points and tie-breaks; until
then it is the draw's own seed order).
"""

from __future__ import annotations

from accounts.models import User
from leagues.models import Division


def rating_of(user: User, title: str) -> float | None:
    """The player's rating at ``title`` (higher is stronger), or None when they have none."""
    return None


def final_ranking(division: Division) -> list[int]:
    """The division's user ids, best first, as its season ended."""
    return list(division.members.order_by("seed").values_list("user_id", flat=True))
