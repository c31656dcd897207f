"""Delivering one outbox row: claim it, compose it, hand it to the mail backend, record the outcome.

Each step is its own short statement, never a transaction around network I/O.  The claim
is a conditional update (pending -> sending, or a sending row whose lease ran out after a
worker died), so any number of duplicate tasks send a row at most once while it lives.

Delivery is at-least-once: a worker that dies after the mail server accepted a mail and
before the row says so leaves the row to be sent again after its lease, with the same
Message-ID.  That window is the few statements between the server's reply and the UPDATE
(``_hand_over``); a claim grown old in a slow batch is renewed before its send
(``claim_still_ours``), so a lease running out is no other way to a second copy.
"""

from __future__ import annotations

import logging
import random
import smtplib
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from typing import Any

from anymail.exceptions import AnymailInvalidAddress, AnymailRecipientsRefused
from django.conf import settings
from django.core.mail import EmailMultiAlternatives, get_connection
from django.db.models import Exists, F, OuterRef, Q, QuerySet

from notifications import clock, still_asked
from notifications.compose import Composed, Superseded, compose
from notifications.gameplay import Loaded, game_flags, loaded_from
from notifications.models import Outbox, OutboxStatus, Suppression

log = logging.getLogger(__name__)

# The recipient's server said no for good: retrying cannot help, and the address is suppressed.
PERMANENT = (smtplib.SMTPRecipientsRefused, AnymailRecipientsRefused, AnymailInvalidAddress)


@dataclass(frozen=True)
class Delivery:
    """What one attempt did; ``retry_in`` is set when the caller should try again later."""

    outcome: str
    retry_in: float | None = None


def lease() -> timedelta:
    return timedelta(seconds=settings.TURNPOST_MAIL_LEASE_SECONDS)


def backoff(attempts: int) -> float:
    """Capped exponential backoff with full jitter, in seconds (spreads retries after an outage)."""
    ceiling = min(
        settings.TURNPOST_MAIL_RETRY_CAP_SECONDS, settings.TURNPOST_MAIL_RETRY_BASE_SECONDS * 2 ** max(0, attempts - 1)
    )
    return random.uniform(ceiling / 2, ceiling)


def _claimable(now: datetime) -> Q:
    return Q(status=OutboxStatus.PENDING, send_after__lte=now) | Q(
        status=OutboxStatus.SENDING, claimed_at__lt=now - lease()
    )


@cache
def _claimed_rows() -> QuerySet[Outbox]:
    """Claimed rows with what composing them reads: recipient, game, snapshot, the game's flags, whether still asked.

    One query instead of the row's and then its game's; built once per process (never evaluated
    itself, only filtered), because building these annotations costs more than running them.
    """
    suppressed = Suppression.objects.filter(address=OuterRef("recipient__email"))
    return Outbox.objects.select_related("recipient", "game__snapshot").annotate(
        suppressed=Exists(suppressed), **game_flags("game", "seat"), **still_asked.annotations()
    )


def claim_many(outbox_ids: list[int], now: datetime) -> list[Outbox]:
    """Take every row of ``outbox_ids`` that is due and free (two statements for the lot; one if none is).

    The rows come with their games (``loaded_of``), so composing them needs no query to load the game.
    """
    token = uuid.uuid4().hex
    taken = Outbox.objects.filter(_claimable(now), pk__in=outbox_ids).update(
        status=OutboxStatus.SENDING, claimed_at=now, claim_token=token, attempts=F("attempts") + 1
    )
    if not taken:
        return []
    rows = _claimed_rows().filter(pk__in=outbox_ids, status=OutboxStatus.SENDING, claim_token=token)
    return list(rows.order_by("pk"))


def loaded_of(row: Outbox) -> Loaded | None:
    """The row's game as ``gameplay.load(row.game_id, row.seat)`` would give it, from the claim's own query."""
    flags = {"any_orders": row.any_orders, "any_unreachable": row.any_unreachable, "seat_due_at": row.seat_due_at}
    return loaded_from(row.game, row.seat, flags) if row.game_id is not None else None


def claim(outbox_id: int, now: datetime) -> Outbox | None:
    """Take the row for sending if it is due and nobody holds it; None otherwise."""
    rows = claim_many([outbox_id], now)
    return rows[0] if rows else None


def finish(row: Outbox, status: str, **fields: Any) -> bool:
    """Record the outcome, only if our claim still stands (a slow worker must not overwrite)."""
    return bool(
        Outbox.objects.filter(pk=row.pk, status=OutboxStatus.SENDING, claim_token=row.claim_token).update(
            status=status, **fields
        )
    )


def claim_still_ours(row: Outbox) -> bool:
    """Just before a row goes to the mail server: renew a claim taken a while ago, unless it was lost.

    A batch claims its rows together and sends them one by one, so behind a slow server a later
    row can outlive its lease and be given to another worker.  A claim older than a third of the
    lease is renewed by a conditional update (no statement in the usual case, a batch of fresh
    claims); if another worker holds the row by now, it is theirs to send.
    """
    now = clock.now()
    if row.claimed_at is None or now - row.claimed_at < lease() / 3:
        return True
    renewed = Outbox.objects.filter(pk=row.pk, status=OutboxStatus.SENDING, claim_token=row.claim_token).update(
        claimed_at=now
    )
    row.claimed_at = now
    return bool(renewed)


def release(row: Outbox, retry_at: datetime, note: str) -> None:
    finish(row, OutboxStatus.PENDING, send_after=retry_at, queued_at=retry_at, note=note[:500])


_connections: dict[tuple[str, str, int], Any] = {}


def _connection() -> Any:
    """One open backend connection per worker process and settings (an SMTP session is reused)."""
    key = (settings.EMAIL_BACKEND, settings.EMAIL_HOST, settings.EMAIL_PORT)
    connection = _connections.get(key)
    if connection is None:
        connection = get_connection(fail_silently=False)
        connection.open()
        _connections[key] = connection
    return connection


def drop_connections() -> None:
    for connection in _connections.values():
        try:
            connection.close()
        except Exception:  # closing a broken connection may fail; it is dropped either way
            log.debug("closing a mail connection failed", exc_info=True)
    _connections.clear()


def send(message: EmailMultiAlternatives) -> None:
    """Send on the reused connection; a connection the server dropped is reopened once."""
    try:
        message.connection = _connection()
        message.send()
    except (smtplib.SMTPServerDisconnected, ConnectionError):
        drop_connections()
        message.connection = _connection()
        message.send()


def build_message(row: Outbox, composed: Composed) -> EmailMultiAlternatives:
    domain = settings.DEFAULT_FROM_EMAIL.rsplit("@", 1)[-1].rstrip(">") or "turnpost.localhost"
    # One Message-ID per row, the same on every attempt, so a receiver can drop a duplicate.
    headers = {**composed.headers, "Message-ID": f"<outbox.{row.pk}@{domain}>"}
    message = EmailMultiAlternatives(
        subject=composed.subject, body=composed.text, to=[row.address], headers=headers
    )
    message.attach_alternative(composed.html, "text/html")
    for attachment in composed.attachments:
        message.attach(attachment.filename, attachment.content, attachment.mimetype)
    # anymail: links in these mails are bearer move links, so the provider must not rewrite them.
    message.track_clicks = False
    message.tags = [row.kind]
    message.metadata = {"outbox_id": str(row.pk)}
    return message


def provider_message_id(message: EmailMultiAlternatives) -> str:
    status = getattr(message, "anymail_status", None)
    return (status.message_id if status is not None and status.message_id else "") or message.extra_headers[
        "Message-ID"
    ]


def deliver(outbox_id: int, now: datetime | None = None) -> Delivery:
    """Claim, compose and send one row (idempotent: a row already sent or held elsewhere is left alone)."""
    now = now or clock.now()
    row = claim(outbox_id, now)
    return Delivery("busy") if row is None else process(row, now)


def deliver_batch(outbox_ids: list[int], now: datetime | None = None) -> list[tuple[int, Delivery]]:
    """Like ``deliver`` for many rows, with the claims and the games' loads in one query for the batch."""
    now = now or clock.now()
    return [(row.pk, process(row, now)) for row in claim_many(outbox_ids, now)]


def process(row: Outbox, now: datetime, loaded: Loaded | None = None) -> Delivery:
    """Compose and send a row claimed by ``claim_many``, and record what happened."""
    loaded = loaded or loaded_of(row)
    address = row.address
    if row.suppressed:
        finish(row, OutboxStatus.SKIPPED, note="address unreachable", to_address=address)
        return Delivery("skipped")
    try:
        composed = compose(row, now, loaded)
    except Superseded as why:
        finish(row, OutboxStatus.SKIPPED, note=str(why))
        return Delivery("skipped")
    except Exception as error:  # a composing bug must not loop the row forever
        log.exception("composing outbox row %s failed", row.pk)
        finish(row, OutboxStatus.FAILED, note=f"compose: {type(error).__name__}: {error}"[:500])
        return Delivery("failed")
    return _hand_over(row, build_message(row, composed), composed, now)


def _hand_over(row: Outbox, message: EmailMultiAlternatives, composed: Composed, now: datetime) -> Delivery:
    if not claim_still_ours(row):
        return Delivery("busy")
    sent = {"subject": composed.subject[:500], "to_address": message.to[0], "note": ""}
    try:
        send(message)
    except PERMANENT as error:
        finish(row, OutboxStatus.FAILED, note=f"refused: {error}"[:500], to_address=message.to[0])
        Suppression.objects.get_or_create(address=message.to[0], defaults={"reason": "refused", "detail": str(error)})
        return Delivery("failed")
    except Exception as error:  # transient: connection refused, timeouts, 4xx, provider outages
        drop_connections()
        if row.attempts >= settings.TURNPOST_MAIL_MAX_ATTEMPTS:
            finish(row, OutboxStatus.FAILED, note=f"gave up: {error}"[:500])
            return Delivery("failed")
        delay = backoff(row.attempts)
        release(row, now + timedelta(seconds=delay), f"retrying: {type(error).__name__}: {error}")
        return Delivery("retry", delay)
    # Recorded first thing once the server has taken the mail.  A worker that dies before this
    # line has the row sent again after the lease: delivery is at-least-once, and the resend has
    # the same Message-ID (build_message), so the receiver can recognise it.
    finish(row, OutboxStatus.SENT, sent_at=clock.now(), message_id=provider_message_id(message)[:255], **sent)
    return Delivery("sent")


def requeue_stale(now: datetime | None = None, batch: int = 500) -> list[int]:
    """Rows due but not queued recently, or held past their lease: lock (skipping locked ones), stamp, list."""
    from django.db import transaction

    now = now or clock.now()
    stale = Q(status=OutboxStatus.PENDING, send_after__lte=now) & (
        Q(queued_at__isnull=True) | Q(queued_at__lt=now - timedelta(seconds=settings.TURNPOST_MAIL_REQUEUE_SECONDS))
    )
    expired = Q(status=OutboxStatus.SENDING, claimed_at__lt=now - lease())
    with transaction.atomic():
        ids = list(
            Outbox.objects.select_for_update(skip_locked=True)
            .filter(stale | expired)
            .order_by("send_after")
            .values_list("pk", flat=True)[:batch]
        )
        Outbox.objects.filter(pk__in=ids).update(queued_at=now)
    return ids
