"""The season invitation's link, opened in Chromium from a real mail and its button pressed.

The mail is composed by the real Celery worker on Redis and received by the loopback SMTP
listener; the browser checks the page's referrer policy, that it loads nothing from another
site, and that its POST carries the site's own origin (tests/browser/test_mail_links.py).
"""

from __future__ import annotations

import pytest

from leagues import signups
from leagues.models import SignUp, SignUpStatus
from tests.browser.test_mail_links import delivering_worker, link_browser, site  # noqa: F401  (fixtures used below)
from tests.leagues.conftest import league, olga, second_season_of  # noqa: F401  (fixtures used below)
from tests.notifications.conftest import redis_worker, smtp_sink  # noqa: F401  (fixtures used below)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_season_invitation_opened_from_a_real_mail_signs_its_player_up(
    delivering_worker, smtp_sink, link_browser, new_page, site, league,  # noqa: F811
):
    season, users = second_season_of(league)
    invited = users[1]
    assert signups.mail_last_seasons_players(season) == 4
    received = smtp_sink.wait_for(4)
    mail = next(message for message in received if invited.email in message.to)
    reader = new_page()
    reader.set_content(mail.html)  # the HTML part, as a mail client shows it
    link = reader.get_by_role("link", name="Sign me up").get_attribute("href")
    assert link.startswith(f"{site}/leagues/{league.slug}/2/join/") and link in mail.text

    browser = link_browser()
    browser.open(link)
    assert browser.kind() == "season_open"
    assert not SignUp.objects.filter(season=season, user=invited).exists()  # a scanner's GET signs nobody up
    browser.press("#confirm-signup")
    assert "p02, you are signed up for Season 2" in browser.page.locator("#signed-up").inner_text()
    assert SignUp.objects.get(season=season, user=invited).status == SignUpStatus.SIGNED

    browser.open(link)  # opened again: it says so, and offers no second button
    assert browser.page.locator("#confirm-signup").count() == 0
    assert SignUp.objects.filter(season=season, user=invited).count() == 1


def test_the_season_page_signs_up_and_withdraws_in_the_browser(link_browser, site, league):  # noqa: F811
    season, users = second_season_of(league)
    player = link_browser(users[2])
    player.open(f"{site}/leagues/{league.slug}/2/")
    player.press("#sign-up")
    assert "You are signed up for Season 2." in player.page.content()
    player.press("#withdraw")
    assert SignUp.objects.get(season=season, user=users[2]).status == SignUpStatus.WITHDRAWN
