"""Whether a decision mail (a turn mail, a reminder) still asks what the game waits for from its seat.

Such a mail is written at the version where its seat was asked; it may go out much later (a
broker or mail server outage, quiet hours).  Composed then, it would show the current
prompt, which is not what it was written for: if the seat has played since, or was asked
again, a newer mail already asks for the current decision, and sending both gives the
player two mails for one decision.  So a decision mail is current only while its wait
lasts: its seat has made no move after the mail's version and no newer turn mail exists
for it.  A seat still waiting on the same prompt while others moved keeps its mail.

The two facts ride on the delivery's claim query as annotations (``annotations``); a row
loaded otherwise asks the database (``why_superseded``).
"""

from __future__ import annotations

from typing import Any

from django.db.models import Exists, OuterRef, QuerySet

from notifications.gameplay import moves_after
from notifications.models import MailKind, Outbox

# The kinds of mail that ask a seat for a decision; others (results, news, sign-in) always go.
DECISION_KINDS = (MailKind.TURN, MailKind.REMINDER)


def _newer_turn_mails(game: Any, seat: Any, version: Any) -> QuerySet[Outbox]:
    return Outbox.objects.filter(game=game, seat=seat, kind=MailKind.TURN, version__gt=version)


def annotations() -> dict[str, Exists]:
    """For an outbox query: ``seat_moved_since`` and ``seat_asked_again``, relative to each row's own version."""
    row = {"game": OuterRef("game"), "seat": OuterRef("seat"), "version": OuterRef("version")}
    return {"seat_moved_since": Exists(moves_after(**row)), "seat_asked_again": Exists(_newer_turn_mails(**row))}


def why_superseded(row: Outbox) -> str | None:
    """The audit note (the player's mail history shows it) for a decision mail whose wait is over; None if current."""
    if row.kind not in DECISION_KINDS or row.game_id is None or row.seat is None:
        return None
    moved, asked = _facts(row)
    if moved:
        return f"superseded: you have played since this mail was written (move {row.version + 1})"
    if asked:
        return "superseded: you were asked again since; the newer mail asks for your current decision"
    return None


def _facts(row: Outbox) -> tuple[bool, bool]:
    """The claim query's annotations, or two queries for a row loaded without them."""
    if hasattr(row, "seat_moved_since"):
        return row.seat_moved_since, row.seat_asked_again
    key = {"game": row.game_id, "seat": row.seat, "version": row.version}
    return moves_after(**key).exists(), _newer_turn_mails(**key).exists()
