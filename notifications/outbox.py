"""Outbox rows, written inside the move's transaction (by ``announcements``, deadlines, digests, ...).

The bottom of the mail layers: inserts only, no rendering and no network here, and nothing
above is imported (the sends are handed to ``dispatch`` on commit).  A row is unique on
(game, version, recipient, kind), so a replayed signal or a retried task never doubles a
mail, and a rolled-back move takes its rows (and their on-commit sends) with it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction

from notifications import clock, dispatch
from notifications.gameplay import Game, Seat
from notifications.models import OrderRun, Outbox, OutboxStatus
from notifications.preferences import is_unreachable
from notifications.schedule import PlayerClock, clock_for, next_mail_time, time_zone
from turnpost import rows as sql_rows


def _row_fields(
    seat: int | None, now: datetime, send_after: datetime, unreachable: bool, address: str
) -> dict[str, Any]:
    """An outbox row's fields besides its key: skipped for an unreachable address, queued now unless quiet hours."""
    return {
        "seat": seat,
        "created": now,
        "send_after": send_after,
        "status": OutboxStatus.SKIPPED if unreachable else OutboxStatus.PENDING,
        "note": "address unreachable" if unreachable else "",
        "to_address": address,
        "queued_at": now if send_after <= now and not unreachable else None,
    }


def enqueue(
    game_id: int | None, version: int, user: Any, kind: str, seat: int | None = None, now: datetime | None = None
) -> Outbox:
    """Insert one mail (or find the one already there) and queue its send on commit.

    Mail for an unreachable address is recorded as skipped, so the audit still shows it.
    Mail that would land in the recipient's quiet hours waits for the sweeper.
    """
    now = now or clock.now()
    fields = _row_fields(seat, now, next_mail_time(now, clock_for(user)), is_unreachable(user.email), user.email)
    row, created = Outbox.objects.get_or_create(
        game_id=game_id, version=version, recipient=user, kind=kind, defaults=fields
    )
    if created and row.queued_at is not None:
        send_on_commit([row.pk])
    return row


def enqueue_with_payload(
    user: Any, kind: str, key: int, payload: dict[str, Any], game_id: int | None = None, seat: int | None = None,
    now: datetime | None = None,
) -> Outbox:
    """Insert one mail to ``user`` whose words travel in ``payload`` (once per ``key``); sent on commit.

    For the apps above mail (leagues): they know what to say, the outbox keeps, sends and audits it.
    """
    now = now or clock.now()
    fields = _row_fields(seat, now, now, is_unreachable(user.email), user.email)
    row, created = Outbox.objects.get_or_create(
        game_id=game_id, version=key, recipient=user, kind=kind, defaults={**fields, "payload": payload}
    )
    if created and row.queued_at is not None:
        send_on_commit([row.pk])
    return row


def send_on_commit(outbox_ids: list[int]) -> None:
    """Queue the rows' sends once the transaction commits (``dispatch``: a few rows a task)."""
    if outbox_ids:
        ids = list(outbox_ids)
        transaction.on_commit(lambda: dispatch.submit(ids))


# A mail is unique on these: the fields of the model's own constraint.
MAIL_KEY = tuple(next(c.fields for c in Outbox._meta.constraints if c.name == "notifications_outbox_once"))


def insert_rows(rows: list[Outbox]) -> list[Outbox]:
    """Insert new outbox rows and queue the due ones; returns the rows created.

    The rows' keys are new in a move (its version was just taken under the game's lock), so
    each INSERT is expected to go in.  Should one exist already (a signal sent twice), that
    INSERT does nothing (ON CONFLICT, no savepoint), keeping the one-row-per-key rule.  A move
    makes one row (the game's end one per player), written out as SQL like the move's other
    writes (turnpost.rows).
    """
    created = [row for row in rows if sql_rows.insert_instance(row, unless_exists=MAIL_KEY)]
    send_on_commit([row.pk for row in created if row.queued_at is not None])
    return created


def row_for(game: Game, seat: Seat, kind: str, now: datetime) -> Outbox:
    """An unsaved outbox row for ``seat``'s player at the game's version (``clock_for`` from the annotations)."""
    user = seat.user
    player_clock = PlayerClock(tz=time_zone(user.time_zone), quiet_start=seat.quiet_start, quiet_end=seat.quiet_end)
    fields = _row_fields(seat.index, now, next_mail_time(now, player_clock), seat.suppressed, user.email)
    return Outbox(game_id=game.pk, version=game.version, recipient=user, kind=kind, **fields)


# A standing order is tried once per prompt: the fields of OrderRun's unique constraint.
ORDER_RUN_KEY = tuple(next(c.fields for c in OrderRun._meta.constraints if c.name == "notifications_orderrun_once"))


def queue_order_run(game: Game, seat: int, now: datetime) -> None:
    """Record, in the move's transaction, that the seat's standing order is to be tried; queue it on commit.

    The row is what makes it happen: a refused publish leaves it to the sweeper, as with mail.
    """
    run = OrderRun(game_id=game.pk, seat=seat, version=game.version, created=now, queued_at=now)
    if sql_rows.insert_instance(run, unless_exists=ORDER_RUN_KEY):
        transaction.on_commit(lambda: dispatch.submit_order_runs([run.pk]))


def enqueue_to_address(
    kind: str,
    address: str,
    payload: dict[str, Any] | None = None,
    game_id: int | None = None,
    seat: int | None = None,
    now: datetime | None = None,
) -> Outbox:
    """Insert a mail to an address, not to a player (sign-in, address confirmation, invitation); sent on commit.

    Called inside the asking request's transaction: the page commits the row and returns,
    and a mail server that is down only delays the mail (the send retries, the sweeper
    re-queues).  Such mail is not held for quiet hours: it answers what someone just did.
    """
    now = now or clock.now()
    fields = _row_fields(seat, now, now, is_unreachable(address), address)
    row = Outbox.objects.create(
        game_id=game_id, version=0, recipient=None, kind=kind, payload=payload or {}, **fields
    )
    if row.queued_at is not None:
        send_on_commit([row.pk])
    return row
