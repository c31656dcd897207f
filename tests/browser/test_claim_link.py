"""A "claim this seat" link opened from a real mail in Chromium, and its button pressed."""

from __future__ import annotations

import pytest
from django.core import mail

from games.models import Seat
from leagues import substitutes
from tests.browser.test_mail_links import first_url, link_browser, newest_to, site  # noqa: F401  (fixtures)
from tests.games.factories import make_user
from tests.leagues.console_factories import league_game, make_league

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_substitute_claims_a_seat_from_the_offer_mail_in_the_browser(link_browser, players):  # noqa: F811
    organizer = make_user("org@example.com", "orla")
    season = make_league(organizer)
    vi = make_user("vi@example.com", "vi")
    substitutes.join_pool(season.league, vi)
    game = league_game(season, players)
    mail.outbox.clear()
    substitutes.offer_seat(game.pk, 1, organizer, "bob dropped out.")
    message = newest_to("vi@example.com")
    assert "claim" in message.subject
    browser = link_browser()  # signed out, as a mail reader is
    browser.open(first_url(message.body))
    assert "Claim it as vi?" in browser.page.content()
    browser.press("#claim-button")
    assert "The seat is yours" in browser.page.locator("#claim-done").inner_text()
    assert Seat.objects.get(game=game, index=1).user == vi
