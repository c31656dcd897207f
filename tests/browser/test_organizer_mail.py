"""An organizer's act, taken in Chromium, and the notice it sends, opened from a real mail.

The organizer pauses a game on its act page; the real Celery worker on Redis composes each
player's notice and the loopback SMTP listener receives it.  The notice's game link is opened in
Chromium by its reader, who sees the game paused and the organizer's reason in its history.  The
notice carries no other link (no move to take, no stream to leave: it is not optional news).
"""

from __future__ import annotations

import pytest

from games.models import OrganizerAct
from tests.browser.test_mail_links import delivering_worker, link_browser, site  # noqa: F401  (fixtures used below)
from tests.notifications.conftest import redis_worker, smtp_sink  # noqa: F401  (fixtures used below)
from tests.notifications.realparts import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_pause_taken_in_the_browser_is_told_by_mail_whose_link_shows_the_paused_game(
    delivering_worker, smtp_sink, link_browser, new_page, site, site_admin, players, timed_acquire,  # noqa: F811
):
    organizer = link_browser(site_admin)
    organizer.page.goto(f"{site}/games/{timed_acquire.pk}/act/pause/")
    organizer.page.fill("textarea[name=reason]", "cy is moving house")
    organizer.press("#act-button")
    assert OrganizerAct.objects.filter(game=timed_acquire, kind="pause").count() == 1

    cy = players[2]

    def notices_to_cy() -> list:
        return [message for message in smtp_sink.wait_for(0)
                if message.to == [cy.email] and message.subject.endswith("paused by the organizer")]

    wait_until(lambda: len(notices_to_cy()) == 1)
    notice = notices_to_cy()[0]
    assert "Why: cy is moving house" in notice.text
    reader = new_page()
    reader.set_content(notice.html)  # the HTML part, as a mail client shows it
    game_link = reader.get_by_role("link", name="The game").get_attribute("href")
    assert game_link in notice.text
    assert reader.get_by_role("link").count() == 1 and "List-Unsubscribe" not in notice.headers

    player = link_browser(cy)
    player.page.goto(game_link)
    assert "paused by its organizer" in player.page.locator("#game-paused").inner_text()
    assert "cy is moving house" in player.page.goto(f"{site}/games/{timed_acquire.pk}/history/").text()

