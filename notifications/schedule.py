"""Players' clocks: time zone, quiet hours (no clock, no mail at night) and vacation days.

All arithmetic is done in UTC; local wall times are only used to find the edges of the
windows, so a daylight-saving change never makes a deadline an hour off.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta

from notifications.models import MailProfile, VacationDay

DAY = timedelta(days=1)
# A limit can be stopped by quiet hours and vacations, but not for longer than this.
MAX_DAYS = 400


@dataclass(frozen=True)
class PlayerClock:
    """What decides when a player's clock runs and when mail may reach them."""

    tz: zoneinfo.ZoneInfo
    quiet_start: time | None = None
    quiet_end: time | None = None
    vacation: frozenset[date] = field(default_factory=frozenset)

    @property
    def has_quiet_hours(self) -> bool:
        return self.quiet_start is not None and self.quiet_end is not None and self.quiet_start != self.quiet_end


def time_zone(name: str | None) -> zoneinfo.ZoneInfo:
    try:
        return zoneinfo.ZoneInfo(name or "UTC")
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo("UTC")


def clock_for(user, game_id: int | None = None) -> PlayerClock:
    """The player's clock; vacation days count only in ``game_id``."""
    profile = MailProfile.objects.filter(user=user).first()
    vacation: frozenset[date] = frozenset()
    if game_id is not None:
        days = VacationDay.objects.filter(game_id=game_id, user=user).values_list("day", flat=True)
        vacation = frozenset(days)
    return PlayerClock(
        tz=time_zone(getattr(user, "time_zone", "UTC")),
        quiet_start=profile.quiet_start if profile else None,
        quiet_end=profile.quiet_end if profile else None,
        vacation=vacation,
    )


def _at(day: date, moment: time, tz: zoneinfo.ZoneInfo) -> datetime:
    return datetime.combine(day, moment, tzinfo=tz).astimezone(UTC)


def _quiet_windows(day: date, clock: PlayerClock) -> list[tuple[time, time | None]]:
    """The quiet parts of a local day as (start, end) wall times; end None means midnight."""
    start, end = clock.quiet_start, clock.quiet_end
    if not clock.has_quiet_hours:
        return []
    if start < end:  # type: ignore[operator]
        return [(start, end)]  # type: ignore[list-item]
    return [(time(0), end), (start, None)]  # type: ignore[list-item]


def running_windows(day: date, clock: PlayerClock) -> list[tuple[datetime, datetime]]:
    """The UTC intervals of local ``day`` during which this player's clock runs."""
    if day in clock.vacation:
        return []
    day_start, day_end = _at(day, time(0), clock.tz), _at(day + DAY, time(0), clock.tz)
    windows, cursor = [], day_start
    for start, end in _quiet_windows(day, clock):
        quiet_from = _at(day, start, clock.tz)
        quiet_to = day_end if end is None else _at(day, end, clock.tz)
        if quiet_from > cursor:
            windows.append((cursor, quiet_from))
        cursor = max(cursor, quiet_to)
    if cursor < day_end:
        windows.append((cursor, day_end))
    return windows


def _windows_from(start: datetime, clock: PlayerClock) -> Iterator[tuple[datetime, datetime]]:
    local_day = start.astimezone(clock.tz).date()
    for offset in range(MAX_DAYS):
        for begin, end in running_windows(local_day + offset * DAY, clock):
            begin = max(begin, start)
            if end > begin:
                yield begin, end


def deadline_after(start: datetime, limit: timedelta, clock: PlayerClock) -> datetime:
    """The moment ``limit`` of running clock time has passed since ``start``."""
    remaining = limit
    for begin, end in _windows_from(start, clock):
        if end - begin >= remaining:
            return begin + remaining
        remaining -= end - begin
    return start + limit + MAX_DAYS * DAY


def is_quiet(moment: datetime, clock: PlayerClock) -> bool:
    """True in the player's quiet hours (vacation days are not quiet: mail still arrives)."""
    if not clock.has_quiet_hours:
        return False
    local = moment.astimezone(clock.tz).time()
    start, end = clock.quiet_start, clock.quiet_end
    if start < end:  # type: ignore[operator]
        return start <= local < end  # type: ignore[operator]
    return local >= start or local < end  # type: ignore[operator]


def next_mail_time(moment: datetime, clock: PlayerClock) -> datetime:
    """``moment``, or the end of the quiet hours it falls in."""
    if not is_quiet(moment, clock):
        return moment
    local = moment.astimezone(clock.tz)
    end_today = _at(local.date(), clock.quiet_end, clock.tz)  # type: ignore[arg-type]
    return end_today if end_today > moment else _at(local.date() + DAY, clock.quiet_end, clock.tz)  # type: ignore[arg-type]


def local_date(moment: datetime, clock: PlayerClock) -> date:
    return moment.astimezone(clock.tz).date()
