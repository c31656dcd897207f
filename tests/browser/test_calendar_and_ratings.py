"""The account page's calendar section, the ratings table and the player page's rating chart, in Chromium."""

from __future__ import annotations

import pytest
from icalendar import Calendar

from calendars.models import CalendarFeed
from games import resignation
from tests.browser.accessibility import assert_accessible
from tests.browser.sessions import signed_in_page
from tests.games.factories import make_players, started_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def players(transactional_db):
    return make_players()


def test_a_player_copies_the_address_makes_a_new_one_and_asks_for_turn_mail_files(live_server, new_page, players,
                                                                                   settings):
    settings.SITE_URL = live_server.url  # the address shown is the site's
    ann = players[0]
    page = signed_in_page(new_page, live_server.url, ann)
    page.goto(f"{live_server.url}/accounts/")
    old = page.input_value("#calendar-url")
    assert old.endswith(f"/calendar/{CalendarFeed.objects.get(user=ann).token}.ics")
    assert_accessible(page)
    fetched = page.request.get(old)  # the address works on its own: what a calendar app would fetch
    assert fetched.status == 200 and Calendar.from_ical(fetched.body()).get("PRODID")
    page.get_by_role("button", name="Make a new address").click()
    page.wait_for_url(f"{live_server.url}/accounts/")
    assert "the old one no longer works" in page.locator(".messages").inner_text()
    new = page.input_value("#calendar-url")
    assert new != old
    assert page.request.get(old).status == 404 and page.request.get(new).status == 200
    page.get_by_label("Attach each turn mail's deadline as a calendar file (.ics)").check()
    page.locator("#calendar").get_by_role("button", name="Save").click()
    page.wait_for_url(f"{live_server.url}/accounts/")
    assert page.get_by_label("Attach each turn mail's deadline as a calendar file (.ics)").is_checked()
    assert CalendarFeed.objects.get(user=ann).turn_mail_invite


def test_the_ratings_table_and_the_rating_chart_after_a_finished_game(live_server, new_page, players):
    ann, bob, _ = players
    game = started_game([ann, bob], options={})
    resignation.resign(game.pk, bob)  # commits; the update runs (eagerly here) after the commit
    page = new_page()
    page.goto(f"{live_server.url}/ratings/acquire/")
    rows = [" ".join(row.inner_text().split()) for row in page.locator("#ratings tr").all()[1:]]
    assert [row.split()[:2] for row in rows] == [["1", "ann"], ["2", "bob"]]
    assert_accessible(page)
    page.get_by_role("link", name="ann").click()
    page.wait_for_url(f"{live_server.url}/players/{ann.pk}/")
    assert page.get_by_role("img", name="Acquire rating after each game").is_visible()
    assert "ann's rating after 1 game:" in page.locator(".rating-history").inner_text()
    assert_accessible(page)
