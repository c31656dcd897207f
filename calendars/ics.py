"""Calendar events as iCalendar (RFC 5545) text, made with the ``icalendar`` library; times in UTC."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import UTC, datetime

from icalendar import Calendar, Event

from calendars.events import CalendarEvent

PRODID = "-//Turnpost//Deadlines//EN"


def calendar(events: Iterable[CalendarEvent], name: str, absolute: Callable[[str], str], now: datetime,
             method: str | None = None) -> bytes:
    """A VCALENDAR of ``events``; ``absolute`` makes their pages' full addresses, ``now`` is every DTSTAMP.

    ``method`` PUBLISH marks a mailed invitation that is only to be added, not answered.
    """
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("x-wr-calname", name)
    if method:
        cal.add("method", method)
    for event in events:
        cal.add_component(_event(event, absolute(event.path), now))
    return cal.to_ical()


def _event(event: CalendarEvent, url: str, now: datetime) -> Event:
    entry = Event()
    entry.add("uid", event.uid)
    entry.add("dtstamp", _utc(now))
    entry.add("dtstart", _utc(event.at))
    entry.add("summary", event.summary)
    entry.add("description", f"{event.description}\n{url}")
    entry.add("url", url)
    entry.add("transp", "TRANSPARENT")  # a deadline is a moment to know, not time to block
    return entry


def _utc(moment: datetime) -> datetime:
    return moment.astimezone(UTC)
