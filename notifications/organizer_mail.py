"""The words of an organizer's act notice (``organizer_notices`` queues it): the act, its reason,
and the reader's deadline as it stands when the mail is written."""

from __future__ import annotations

from datetime import datetime

from notifications.compose import Composed, Superseded, game_context, local_time, reader_seat, render
from notifications.deadlines import current_deadline
from notifications.gameplay import Loaded, load, seats_of
from notifications.models import Outbox


def compose_organizer_act(row: Outbox, now: datetime, loaded: Loaded | None = None) -> Composed:
    """The notice, with the reader's deadline as it stands when the mail is written."""
    loaded = loaded or load(row.game_id)
    if loaded is None:
        raise Superseded("The game is gone.")
    reader = reader_seat(seats_of(loaded.game), row.recipient_id)
    deadline = current_deadline(loaded.game.pk, reader) if reader is not None else None
    context = {
        **game_context(loaded, reader, row.recipient),
        **row.payload,
        "handed_away": row.payload["act"] == "replace" and reader is None,
        "due": local_time(deadline.due_at, row.recipient, now) if deadline and not loaded.game.paused else "",
    }
    return Composed(*render(row.kind, context))
