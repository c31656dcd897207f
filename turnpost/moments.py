"""One way to write a moment (a deadline, a sign-up's close) for people, on pages and in mails.

A player reads the same deadline on the game page and in the turn mail, so both say it in the
same words: weekday, day, month, time and the reader's zone ("Tue 3 Mar, 12:00 CET"), with the
year only when it is not this year's (a season opening next January).  The zone is always
named: a page seen signed out is in UTC, a mail in the recipient's own zone.
"""

from __future__ import annotations

from datetime import datetime, tzinfo

from django.utils import timezone


def moment_words(moment: datetime, zone: tzinfo, now: datetime | None = None) -> str:
    """``moment`` as read in ``zone``; ``now`` (default: the clock) decides whether the year is said."""
    local = moment.astimezone(zone)
    this_year = (now or timezone.now()).astimezone(zone).year
    day = f"{local:%a} {local.day} {local:%b}"
    if local.year != this_year:
        day += f" {local.year}"
    return f"{day}, {local:%H:%M} {local.tzname()}"
