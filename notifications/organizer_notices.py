"""Telling the table what an organizer did to its game: a pause, a resume, an extension, a seat handed on.

An act changes what a player's last mail promised ("Please answer by ..."): a paused game
takes no moves, a resumed one starts every waiting clock afresh, an extension moves the
deadline, and a replaced player no longer plays.  Each player it concerns gets one notice
with the organizer's reason and, where the reader owes a move, the deadline that holds now.
The rows are keyed by the act (``Outbox.version`` is the act's id), so a notice goes once per
act and reader; they are service mail and always go.  Their words are ``organizer_mail``'s.
"""

from __future__ import annotations

from typing import Any

from accounts.models import User
from notifications.gameplay import Game, seats_of
from notifications.models import MailKind
from notifications.outbox import enqueue_with_payload

# The acts a notice follows, and whom it concerns: everyone seated, or the seats owing a move.
TOLD = {"pause": "everyone", "resume": "everyone", "extend": "waiting", "replace": "handed"}


def tell_the_table(game: Game, act: Any, waiting: set[int]) -> None:
    """Queue the act's notice for each player it concerns (``waiting``: the seats owing a move now)."""
    if act.kind not in TOLD:
        return
    payload = {"act": act.kind, "reason": act.reason, "by": act.by_user.name if act.by_user else "An organizer",
               "after_move": act.version, **{key: act.details[key] for key in ("hours", "to_name", "from_name")
                                             if key in act.details}}
    for seat_index, user in _concerned(game, act, waiting):
        enqueue_with_payload(user, MailKind.ORGANIZER_ACT, act.pk, payload, game_id=game.pk, seat=seat_index)


def _concerned(game: Game, act: Any, waiting: set[int]) -> list[tuple[int, Any]]:
    """(seat, user) of each reader: a handed-on seat's old player (the new one is asked by a turn mail
    when the seat owes a move, and told here otherwise)."""
    seats = [seat for seat in seats_of(game) if seat.user is not None]
    if TOLD[act.kind] == "everyone":
        return [(seat.index, seat.user) for seat in seats]
    if TOLD[act.kind] == "waiting":
        return [(seat.index, seat.user) for seat in seats if seat.index in waiting]
    handed = act.details["seat"]
    readers = [(handed, user) for user in User.objects.filter(pk=act.details.get("from_user"), is_active=True)]
    if handed not in waiting:
        readers += [(handed, seat.user) for seat in seats if seat.index == handed]
    return readers
