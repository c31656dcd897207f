"""A player's calendar settings: the secret of their feed's address, and whether turn mail carries an .ics."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models


def new_token() -> str:
    """A feed secret: 256 random bits, URL-safe (the address is the only key to the feed)."""
    return secrets.token_urlsafe(32)


class CalendarFeed(models.Model):
    """Made on first use (``calendars.feeds.feed_of``); regenerating the token retires the old address at once."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True,
                                related_name="calendar_feed")
    token = models.CharField(max_length=64, unique=True, default=new_token)
    # The player's choice: each turn mail carries its deadline as an .ics invitation.
    turn_mail_invite = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"calendar of {self.user_id}"
