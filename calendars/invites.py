"""The .ics a turn mail carries when its player asked for it (the provider of notifications.turn_attachments)."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.utils import timezone

from calendars.events import deadline_event
from calendars.ics import calendar
from calendars.models import CalendarFeed
from notifications.turn_attachments import Attachment

FILENAME = "deadline.ics"
MIMETYPE = "text/calendar; method=PUBLISH; charset=utf-8"


def turn_invite(user, game, seat: int, due_at: datetime | None) -> list[Attachment]:
    """The deadline as an .ics for a player who asked for one; nothing without a deadline or without asking."""
    if due_at is None or not CalendarFeed.objects.filter(user=user, turn_mail_invite=True).exists():
        return []
    event = deadline_event(game, seat, due_at)
    text = calendar([event], "Turnpost deadlines", lambda path: settings.SITE_URL + path, timezone.now(), "PUBLISH")
    return [Attachment(FILENAME, text.decode(), MIMETYPE)]
