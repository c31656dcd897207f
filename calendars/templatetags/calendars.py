"""``{% calendar_settings user %}``: the feed's secret address and the turn-mail choice, on the account page."""

from __future__ import annotations

from typing import Any

from django import template
from django.conf import settings
from django.urls import reverse

from calendars.feeds import feed_of

register = template.Library()


@register.inclusion_tag("calendars/_settings.html", takes_context=True)
def calendar_settings(context: template.Context, user: Any) -> dict[str, Any]:
    feed = feed_of(user)
    return {"feed": feed, "feed_url": settings.SITE_URL + reverse("calendars:feed", args=[feed.token]),
            "csrf_token": context.get("csrf_token"), "request": context.get("request")}
