"""Resigning from the game page in Chromium: the link, the confirm step, its button, and the result it leaves."""

from __future__ import annotations

import pytest

from games.models import GameStatus, Resignation
from tests.browser.accessibility import assert_accessible
from tests.browser.sessions import signed_in_page
from tests.games.factories import make_players, started_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

POLL_MS = 15_000


@pytest.fixture
def players(transactional_db):
    return make_players()


def test_a_player_resigns_through_the_confirm_step_and_both_players_see_the_result(live_server, new_page, players):
    ann, bob = players[:2]
    game = started_game([ann, bob], options={})
    bob_page = signed_in_page(new_page, live_server.url, bob)
    bob_page.clock.install()
    bob_page.goto(f"{live_server.url}/games/{game.pk}/")
    page = signed_in_page(new_page, live_server.url, ann)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.click("#resign-link")
    page.get_by_text("Resign from this game? This cannot be undone.").wait_for()
    assert page.locator("#resign-confirm").inner_text().count("The game ends now: bob wins.") == 1
    assert_accessible(page)
    assert not Resignation.objects.exists()  # the confirm page changed nothing
    page.dblclick("#resign-button")  # a double click sends one request (and a second would be refused)
    page.wait_for_url(f"{live_server.url}/games/{game.pk}/")
    assert page.locator("#result-text").inner_text() == "ann resigned; bob wins."
    assert "You resigned; the game is over." in page.locator(".messages").inner_text()
    assert page.locator("#leave").count() == 0 and page.locator("#prompt").count() == 0
    assert_accessible(page)
    assert Resignation.objects.filter(game=game).count() == 1
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    with bob_page.expect_navigation():  # bob's page polls, learns of the resignation and reloads
        bob_page.clock.run_for(POLL_MS)
    assert bob_page.locator("#result-text").inner_text() == "ann resigned; bob wins."
    standings = bob_page.locator(".card", has=bob_page.locator("h2", has_text="Final standings"))
    rows = [" ".join(row.inner_text().split()) for row in standings.locator("tr").all()[1:]]
    assert rows == ["1 bob \N{EN DASH}", "2 ann resigned \N{EN DASH}"]
