"""The draw's two questions about players, each one function.

``ratings_of(users, title)`` orders a first season's players: their OpenSkill ordinal (ratings),
in one query for all of them (``rating_of`` asks for one); players with no rated game yet have
none and follow in sign-up order.
``final_ranking(division)`` is a finished division's order, best first, from which promotion
and relegation are applied: the stored table (leagues.standings), members the table lacks after
them in seed order.
"""

from __future__ import annotations

from accounts.models import User
from leagues.models import Division, Standing
from ratings.queries import current_ordinal, current_ordinals


def rating_of(user: User, title: str) -> float | None:
    """The player's rating at ``title`` (higher is stronger), or None when they have none."""
    return current_ordinal(user.pk, title)


def ratings_of(users: list[User], title: str) -> dict[int, float]:
    """User id -> rating at ``title`` of those of ``users`` who have one (higher is stronger)."""
    return current_ordinals([user.pk for user in users], title)


def final_ranking(division: Division) -> list[int]:
    """The division's user ids, best first, as its season ended: its table's rows, in order."""
    ranked = list(Standing.objects.filter(division=division).order_by("row").values_list("member__user_id", flat=True))
    seeded = division.members.order_by("seed").values_list("user_id", flat=True)
    return ranked + [user_id for user_id in seeded if user_id not in ranked]
