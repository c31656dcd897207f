"""Provider delivery events: hard failures suppress the address and tell the games' creators.

The webhook itself is anymail's, behind its basic-auth secret (``webhooks``, which refuses
every call while no secret is configured); the receiver of its signal, ``tasks.on_tracking``,
does no work but queue the task (``tasks.process_tracking_event``), which calls ``handle_event``.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from notifications.gameplay import active_seats_of_user
from notifications.models import MailKind, Outbox, Suppression
from notifications.outbox import enqueue

# anymail's normalized event types that mean "this address will not take our mail" (a refused
# address counts only when it is invalid; "rejected" also covers the provider's own blocks).
HARD_EVENTS = {"bounced", "complained"}


def is_hard(event_type: str, reason: str) -> bool:
    return event_type in HARD_EVENTS or (event_type == "rejected" and reason == "invalid")


# Providers whose normalized "bounced" also covers temporary failures, and how they name those.
SOFT_BOUNCES = {"Postmark": {"SoftBounce"}}


def is_soft(esp_name: str, esp_event: Any) -> bool:
    kind = esp_event.get("Type") if isinstance(esp_event, dict) else None
    return kind in SOFT_BOUNCES.get(esp_name, set())


def _address(recipient: str, message_id: str) -> str:
    if recipient:
        return recipient.strip().lower()
    row = Outbox.objects.filter(message_id=message_id).exclude(message_id="").first() if message_id else None
    return row.to_address.lower() if row else ""


def handle_event(event_type: str, recipient: str, message_id: str, reason: str, description: str) -> str:
    """Mark the address unreachable once, and tell the creator of each active game the player is in."""
    address = _address(recipient, message_id)
    if not is_hard(event_type, reason) or not address:
        return "ignored"
    with transaction.atomic():
        _, created = Suppression.objects.get_or_create(
            address=address,
            defaults={
                "reason": "complaint" if event_type == "complained" else "bounce",
                "detail": (description or reason)[:1000],
            },
        )
        if not created:
            return "known"
        for game, seat in active_seats_of_user(address):
            creator = game.created_by
            if creator is not None and creator.email != address:
                row = enqueue(game.pk, game.version, creator, MailKind.UNREACHABLE, seat)
                Outbox.objects.filter(pk=row.pk).update(note=reason or event_type)
    return "suppressed"
