"""The one place notifications read the time, so tests move the clock instead of sleeping."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone


def now() -> datetime:
    return timezone.now()
