"""One name per player at a table.

The log, the mails and the "waiting for ..." lines name players by their seat's display name, so
two seats called "Alice" make a game unreadable ("Alice and Alice have $200 each").  Names are
compared as a reader would: spaces around them and letter case do not make a different name.  The
same name in different games is fine: accounts' names are not unique.  Renaming oneself on the account page
to the name of another player at one of one's tables (a game waiting for players or under way) is refused
too (``clash_for_rename``): leagues' tables, mails and mentions name players by their account's name.
"""

from __future__ import annotations

from collections.abc import Iterable

from accounts.models import User
from games.errors import SetupError
from games.models import GameStatus, Seat


class NameTaken(SetupError):
    """Another seat of the game already shows this name; ``name`` is that seat's spelling of it."""

    code = "name_taken"

    def __init__(self, message: str, name: str):
        super().__init__(message)
        self.name = name


def folded(name: str) -> str:
    """A display name as it reads: " Alice " and "ALICE" fold to the same "alice"."""
    return name.strip().casefold()


def same_name(one: str, other: str) -> bool:
    """Whether two display names read as one."""
    return folded(one) == folded(other)


def name_in_use(seats: Iterable[Seat], name: str, except_seat: Seat | None = None) -> str:
    """How another seat spells ``name`` (any case, trimmed), or "" if none uses it.

    Only a seat someone sits in (or sat in, in an imported game) has a name; a free seat has none.
    """
    others = (seat for seat in seats if seat.pk != getattr(except_seat, "pk", None) and seat.display_name)
    return next((seat.display_name for seat in others if same_name(seat.display_name, name)), "")


CHOOSE_ANOTHER = "choose a different display name, so that the other players can tell you apart."
RENAME_ACCOUNT = ("change your display name on your account page, then take the seat, so that the other players "
                  "can tell you apart.")


def refuse_name_in_use(seats: Iterable[Seat], name: str, except_seat: Seat | None = None,
                       advice: str = CHOOSE_ANOTHER) -> None:
    """Raise NameTaken, in words, if another seat of the game already uses ``name``.

    ``advice`` ends the sentence: what the reader can do about it.
    """
    taken = name_in_use(seats, name, except_seat)
    if taken:
        raise NameTaken(f"Another player in this game is already called {taken}; {advice}", taken)


def numbered_name(seats: Iterable[Seat], name: str) -> str:
    """``name``, or ``name 2``, ``name 3``...: the first no other seat of the game uses.

    For seats nobody can be asked to rename for (a league's planned games).
    """
    listed = list(seats)
    candidate, number = name, 1
    while name_in_use(listed, candidate):
        number += 1
        suffix = f" {number}"
        candidate = name[:60 - len(suffix)] + suffix
    return candidate


def clash_for_rename(user: User, name: str) -> str:
    """Why ``user`` may not rename to ``name`` (another player at one of their unfinished tables is called so,
    by their seat or their account), or "".  Registered with ``accounts.name_checks`` (games.apps)."""
    mine = Seat.objects.filter(user=user, game__status__in=[GameStatus.OPEN, GameStatus.ACTIVE]).values("game_id")
    others = (Seat.objects.filter(game_id__in=mine).exclude(user=user).select_related("game", "user")
              .order_by("game_id", "index"))
    for seat in others:
        taken = next((spelt for spelt in (seat.display_name, seat.user.name if seat.user else "")
                      if spelt and same_name(spelt, name)), "")
        if taken:
            return (f"{taken} is already the name of a player in your game {seat.game}; choose another, so that "
                    "the players there can tell you apart.")
    return ""
