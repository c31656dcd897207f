"""A player's feed row: made on first use, its token regenerated on request, looked up by token."""

from __future__ import annotations

from calendars.models import CalendarFeed, new_token


def feed_of(user) -> CalendarFeed:
    """``user``'s feed settings, created (with a fresh token) the first time they are asked for."""
    return CalendarFeed.objects.get_or_create(user=user)[0]


def regenerate(user) -> CalendarFeed:
    """A new secret: the old address stops working at once."""
    feed = feed_of(user)
    feed.token = new_token()
    feed.save(update_fields=["token"])
    return feed


def set_turn_mail_invite(user, wanted: bool) -> CalendarFeed:
    feed = feed_of(user)
    feed.turn_mail_invite = wanted
    feed.save(update_fields=["turn_mail_invite"])
    return feed


def feed_by_token(token: str) -> CalendarFeed | None:
    """The active player's feed with this token, or None (a wrong, old or malformed token)."""
    if not token or len(token) > 64:
        return None
    return CalendarFeed.objects.filter(token=token, user__is_active=True).select_related("user").first()
