"""Railroad Barons' Players card in Chromium: every holding's column is seen on a desktop, and on a phone the
table, wider than the card, says it scrolls sideways. A walk found Rice, Picable and McGreed cut off inside
the card at 1280px, with no scrollbar to tell."""

from __future__ import annotations

import pytest

from tests.browser.sessions import signed_in_page
from tests.games.factories import make_players, make_user, play_to_end, started_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HOLDINGS = ["MS&C", "Seedy", "Rice", "Picable", "McGreed"]


@pytest.fixture
def finished_game(transactional_db):
    """A finished game (four- and five-figure sums, every holding held) whose second player has a long name."""
    players = [make_players()[0], make_user("walter@example.com", "Walter Longname-Smith")]
    return players[0], play_to_end(started_game(players, title="railroad-barons", options={}, seed=1))


def players_card(new_page, base_url, user, game, width):
    page = signed_in_page(new_page, base_url, user, viewport={"width": width, "height": 900})
    page.goto(f"{base_url}/games/{game.pk}/")
    return page, page.locator("#players").locator("xpath=ancestor::div[contains(@class,'card')][1]")


def test_every_holding_column_is_inside_the_card_on_a_desktop(live_server, new_page, artifacts, finished_game):
    user, game = finished_game
    page, card = players_card(new_page, live_server.url, user, game, 1280)
    card.screenshot(path=artifacts / "rb-players-desktop.png")
    box = card.bounding_box()
    headings = page.locator("#players th[data-holding]")
    assert headings.all_inner_texts() == HOLDINGS
    for heading in headings.all():
        edge = heading.bounding_box()
        assert box["x"] <= edge["x"] and edge["x"] + edge["width"] <= box["x"] + box["width"]
    assert card.evaluate("card => card.scrollWidth <= card.clientWidth")
    assert page.locator("#players-scroll-hint").is_hidden()
    assert page.locator("#players th[data-holding=rice] abbr").get_attribute("title") == "Alvin V.A. Rice International"


def test_on_a_phone_the_table_says_it_scrolls_and_scrolls_to_its_last_holding(live_server, new_page, artifacts,
                                                                              finished_game):
    user, game = finished_game
    page, card = players_card(new_page, live_server.url, user, game, 390)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the card scrolls, not the page
    assert page.locator("#players-scroll-hint").is_visible()
    card.evaluate("card => { card.scrollLeft = card.scrollWidth; }")
    card.screenshot(path=artifacts / "rb-players-phone-scrolled.png")
    box, last = card.bounding_box(), page.locator("#players th[data-holding=mcgreed]").bounding_box()
    assert last["x"] + last["width"] <= box["x"] + box["width"]
    assert page.locator("#players-scroll-hint").is_visible()  # it stays in view as the table scrolls
