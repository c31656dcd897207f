"""Mail links opened in Chromium, as a player opens them from a mail, and their buttons pressed.

Django's test client sends no Origin header; a browser does, and what it sends depends on the
page's referrer policy.  These tests are the judge of the mail path's CSRF handling.
"""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import override_settings

from games.models import Action
from tests.notifications.helpers import move_links, start_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _mail_to(address: str):
    return next(m for m in reversed(mail.outbox) if address in m.to)


def test_a_move_link_from_a_mail_is_confirmed_in_the_browser(live_server, new_page, players):
    with override_settings(SITE_URL=live_server.url):
        game = start_game(players)
        links = move_links(_mail_to("ann@example.com").body)
        url = next(url for label, url in links.items() if "2A" in label)
        page = new_page()
        page.goto(url)
        assert page.locator("#link-page").get_attribute("data-kind") == "confirm"
        page.locator("#link-page button[type=submit]").click()
        page.wait_for_load_state()
        assert page.locator("#link-page").get_attribute("data-kind") == "applied", page.content()[:2000]
    action = Action.objects.get(game=game, seq=1)
    assert (action.seat, action.payload, action.source) == (0, {"type": "place_tile", "tile": "2A"}, "email")
