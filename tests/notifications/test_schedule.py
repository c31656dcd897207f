"""Players' clocks: running windows around quiet hours, vacations and daylight saving."""

import zoneinfo
from datetime import UTC, date, datetime, time, timedelta

from notifications.schedule import PlayerClock, deadline_after, is_quiet, next_mail_time

AMS = zoneinfo.ZoneInfo("Europe/Amsterdam")


def test_without_quiet_hours_the_clock_always_runs():
    start = datetime(2026, 3, 2, 12, tzinfo=UTC)
    assert deadline_after(start, timedelta(hours=72), PlayerClock(tz=AMS)) == start + timedelta(hours=72)


def test_quiet_hours_inside_one_day():
    clock = PlayerClock(tz=zoneinfo.ZoneInfo("UTC"), quiet_start=time(1), quiet_end=time(6))
    start = datetime(2026, 3, 2, 0, 30, tzinfo=UTC)
    assert deadline_after(start, timedelta(hours=1), clock) == datetime(2026, 3, 2, 6, 30, tzinfo=UTC)
    assert is_quiet(datetime(2026, 3, 2, 5, 59, tzinfo=UTC), clock)
    assert not is_quiet(datetime(2026, 3, 2, 6, tzinfo=UTC), clock)


def test_a_daylight_saving_night_is_an_hour_shorter():
    # Europe/Amsterdam springs forward on 29 March 2026: that day has 23 hours.
    start = datetime(2026, 3, 28, 23, tzinfo=UTC)  # local midnight
    assert deadline_after(start, timedelta(hours=24), PlayerClock(tz=AMS)) == start + timedelta(hours=24)
    night = PlayerClock(tz=AMS, quiet_start=time(0), quiet_end=time(7))
    # Midnight to 07:00 local on the short night is 6 real hours, so the clock starts at 05:00 UTC.
    assert deadline_after(start, timedelta(hours=1), night) == datetime(2026, 3, 29, 6, tzinfo=UTC)


def test_mail_waits_for_the_end_of_the_quiet_hours():
    clock = PlayerClock(tz=AMS, quiet_start=time(22), quiet_end=time(7))
    late = datetime(2026, 3, 2, 21, 30, tzinfo=UTC)  # 22:30 local
    assert next_mail_time(late, clock) == datetime(2026, 3, 3, 6, tzinfo=UTC)
    early = datetime(2026, 3, 3, 5, tzinfo=UTC)  # 06:00 local
    assert next_mail_time(early, clock) == datetime(2026, 3, 3, 6, tzinfo=UTC)
    assert next_mail_time(datetime(2026, 3, 3, 9, tzinfo=UTC), clock) == datetime(2026, 3, 3, 9, tzinfo=UTC)


def test_vacation_days_skip_whole_local_days():
    clock = PlayerClock(tz=AMS, vacation=frozenset({date(2026, 3, 3)}))
    start = datetime(2026, 3, 2, 22, tzinfo=UTC)  # 23:00 local on the 2nd
    # One hour runs on the 2nd, none on the 3rd, the rest from local midnight on the 4th.
    fourth_midnight = datetime(2026, 3, 3, 23, 0, tzinfo=UTC)
    assert deadline_after(start, timedelta(hours=2), clock) == fourth_midnight + timedelta(hours=1)
