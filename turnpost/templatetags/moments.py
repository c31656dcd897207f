"""``{{ when|moment }}``: a moment in the viewer's zone, in the words mails use (``turnpost.moments``)."""

from __future__ import annotations

from datetime import datetime

from django import template
from django.utils import timezone

from turnpost.moments import moment_words

register = template.Library()


@register.filter
def moment(value: datetime | None) -> str:
    """The zone is the one the request activated (the signed-in player's, else UTC)."""
    if value is None:
        return ""
    return moment_words(value, timezone.get_current_timezone())
