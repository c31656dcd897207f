"""The calendar feed at its secret address: the deadlines a player owes, read back with icalendar."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from icalendar import Calendar

from calendars.events import provide_milestones
from calendars.feeds import feed_of
from calendars.models import CalendarFeed
from notifications.models import Deadline
from tests.notifications.helpers import TO_MERGER, move, start_game

pytestmark = pytest.mark.django_db
DAY = timedelta(hours=24)


@pytest.fixture
def timed_game(players):
    mail.outbox.clear()
    return start_game(players, move_time_limit=DAY)


def whole_seconds(moment):
    """iCalendar times have no fractions of a second."""
    return moment.replace(microsecond=0)


def feed_url(user) -> str:
    return f"/calendar/{feed_of(user).token}.ics"


def events(client, user) -> list:
    response = client.get(feed_url(user))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/calendar")
    return list(Calendar.from_ical(response.content).walk("VEVENT"))


def test_the_feed_holds_the_deadline_of_the_move_the_player_owes(client, timed_game, players):
    ann, bob, _ = players
    deadline = Deadline.objects.get(game=timed_game, seat=0, resolved=False)
    [event] = events(client, ann)  # no sign-in: a calendar app fetches it
    assert str(event["UID"]) == f"deadline-{timed_game.pk}-0-{timed_game.version}@turnpost"
    assert event.decoded("DTSTART") == whole_seconds(deadline.due_at)
    assert event["DTSTART"].to_ical().endswith(b"Z")  # in UTC
    assert event["DTSTAMP"].to_ical().endswith(b"Z")
    assert "your move in" in str(event["SUMMARY"]) and f"/games/{timed_game.pk}/" in str(event["URL"])
    assert events(client, bob) == []


def test_a_move_made_moves_the_deadline_to_the_next_player(client, timed_game, players):
    ann, bob, _ = players
    for seat, action in TO_MERGER[:3]:  # ann's whole turn
        move(timed_game.pk, seat, action)
    assert events(client, ann) == []
    [event] = events(client, bob)
    timed_game.refresh_from_db()
    assert str(event["UID"]) == f"deadline-{timed_game.pk}-1-{timed_game.version}@turnpost"
    due = Deadline.objects.get(game=timed_game, seat=1, resolved=False).due_at
    assert event.decoded("DTSTART") == whole_seconds(due)


def test_the_uid_stays_the_same_from_one_fetch_to_the_next(client, timed_game, players):
    first = events(client, players[0])
    second = events(client, players[0])
    assert [str(e["UID"]) for e in first] == [str(e["UID"]) for e in second]


def test_a_wrong_or_retired_token_is_a_404(client, timed_game, players):
    ann = players[0]
    old = feed_url(ann)
    assert client.get("/calendar/not-a-token.ics").status_code == 404
    assert client.get("/calendar/" + "x" * 80 + ".ics").status_code == 404
    client.force_login(ann)
    assert client.post("/calendar/regenerate/").status_code == 302
    client.logout()
    assert client.get(old).status_code == 404
    assert client.get(feed_url(ann)).status_code == 200


def test_the_feed_is_never_stored_and_sends_no_referrer(client, timed_game, players):
    response = client.get(feed_url(players[0]))
    assert "no-store" in response["Cache-Control"]
    assert response["Referrer-Policy"] == "no-referrer"


def test_the_account_page_shows_the_address_and_regenerating_changes_it(client, players):
    ann = players[0]
    client.force_login(ann)
    page = client.get("/accounts/").content.decode()
    token = CalendarFeed.objects.get(user=ann).token
    assert f"/calendar/{token}.ics" in page
    client.post("/calendar/regenerate/")
    assert CalendarFeed.objects.get(user=ann).token != token
    assert token not in client.get("/accounts/").content.decode()


def test_signed_out_visitors_cannot_regenerate(client, players):
    token = feed_of(players[0]).token
    response = client.post("/calendar/regenerate/")
    assert response.status_code == 302 and "/accounts/" in response["Location"]
    assert CalendarFeed.objects.get(user=players[0]).token == token


def test_milestones_offered_by_another_app_join_the_feed(client, players, monkeypatch):
    from calendars import events as calendar_events
    from calendars.events import CalendarEvent

    moment = players[0].date_joined + DAY
    monkeypatch.setattr(calendar_events, "_milestone_providers", [])
    provide_milestones(lambda user_id: [CalendarEvent("season-1-signup@turnpost", "Sign-up closes", moment,
                                                      "The draw follows.", "/")])
    [event] = events(client, players[0])
    assert str(event["UID"]) == "season-1-signup@turnpost" and event.decoded("DTSTART") == whole_seconds(moment)


def test_season_sign_up_deadlines_reach_the_players_they_concern(client, players, dee):
    from django.utils import timezone

    from leagues.models import Division, DivisionMember, League, Season, SeasonStatus, SignUp, SignUpStatus

    ann, bob, cy = players
    league = League.objects.create(name="Tuesday Acquire", slug="tuesday", title="acquire")
    past = Season.objects.create(league=league, number=1, signup_deadline=timezone.now() - 30 * DAY,
                                 status=SeasonStatus.FINISHED)
    DivisionMember.objects.create(division=Division.objects.create(season=past, level=1, name="A"), user=bob, seed=1)
    closes = timezone.now() + 7 * DAY
    season = Season.objects.create(league=league, number=2, signup_deadline=closes)
    SignUp.objects.create(season=season, user=ann)
    SignUp.objects.create(season=season, user=dee, status=SignUpStatus.WITHDRAWN)
    [for_ann] = events(client, ann)
    assert str(for_ann["UID"]) == f"season-{season.pk}-signup@turnpost"
    assert for_ann.decoded("DTSTART") == whole_seconds(closes)
    assert "sign-up for Tuesday Acquire, season 2 closes" in str(for_ann["SUMMARY"])
    assert str(for_ann["URL"]).endswith("/leagues/tuesday/2/")
    [for_bob] = events(client, bob)  # last season's player: invited back
    assert "sign up before then" in str(for_bob["DESCRIPTION"])
    assert events(client, cy) == [] and events(client, dee) == []
