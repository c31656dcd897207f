"""The words for a moment that pages and mails share (turnpost.moments)."""

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from turnpost.moments import moment_words

NOW = datetime(2026, 12, 3, 9, 0, tzinfo=UTC)


def test_a_moment_this_year_is_said_with_weekday_day_month_time_and_zone():
    assert moment_words(datetime(2026, 12, 4, 9, 5, tzinfo=UTC), UTC, NOW) == "Fri 4 Dec, 09:05 UTC"


def test_a_moment_is_read_in_the_readers_zone_with_its_name_for_the_season():
    amsterdam = ZoneInfo("Europe/Amsterdam")
    assert moment_words(datetime(2026, 7, 1, 22, 30, tzinfo=UTC), amsterdam, NOW) == "Thu 2 Jul, 00:30 CEST"
    assert moment_words(datetime(2026, 12, 1, 22, 30, tzinfo=UTC), amsterdam, NOW) == "Tue 1 Dec, 23:30 CET"


def test_the_year_is_said_only_when_it_is_not_this_years_in_the_readers_zone():
    assert moment_words(datetime(2027, 1, 11, 12, 0, tzinfo=UTC), UTC, NOW) == "Mon 11 Jan 2027, 12:00 UTC"
    new_years_eve = datetime(2026, 12, 31, 23, 30, tzinfo=UTC)
    assert moment_words(new_years_eve, ZoneInfo("Europe/Amsterdam"), NOW) == "Fri 1 Jan 2027, 00:30 CET"
