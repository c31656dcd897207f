"""The daily digest: one mail a day listing every decision waiting for a player who chose it."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import transaction

from notifications.gameplay import waiting_seats_of_user
from notifications.models import MailKind, MailProfile, Preference, Stream
from notifications.outbox import enqueue
from notifications.preferences import wants
from notifications.schedule import clock_for, local_date


def waiting_decisions(user_id: int) -> list[tuple[int, int]]:
    """(game, seat) pairs where this player must act and wants the digest for that game."""
    return [
        (game_id, seat) for game_id, seat in waiting_seats_of_user(user_id) if wants(user_id, game_id, Stream.DIGEST)
    ]


def queue_due_digests(now: datetime) -> int:
    """Insert today's digest for each player past their local digest hour (unique per local date)."""
    user_ids = set(Preference.objects.filter(stream=Stream.DIGEST, enabled=True).values_list("user_id", flat=True))
    hours = dict(MailProfile.objects.filter(user_id__in=user_ids).values_list("user_id", "digest_hour"))
    queued = 0
    for user in get_user_model().objects.filter(pk__in=user_ids):
        player_clock = clock_for(user)
        if now.astimezone(player_clock.tz).hour < hours.get(user.pk, 8) or not waiting_decisions(user.pk):
            continue
        with transaction.atomic():
            enqueue(None, local_date(now, player_clock).toordinal(), user, MailKind.DIGEST, None, now)
        queued += 1
    return queued
