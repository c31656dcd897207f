"""Acquire's Players table in Chromium: each share column is headed by its chain's initial beside the colour,
so a player who cannot tell the colours apart can read the holdings (a walk found only colour squares, the
names screen-reader-only), on the game page and the history page, and the table still fits a phone."""

from __future__ import annotations

import pytest

from tests.browser.sessions import signed_in_page
from tests.games.factories import SCRIPT, make_players, play, started_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

INITIALS = ["T", "L", "A", "W", "F", "I", "C"]
NAMES = ["Tower", "Luxor", "American", "Worldwide", "Festival", "Imperial", "Continental"]


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("path", ["", "history/?step=6"])
def test_every_share_column_shows_its_chains_initial(live_server, new_page, artifacts, width, path):
    players = make_players()
    game = play(started_game(players), SCRIPT[:6])
    page = signed_in_page(new_page, live_server.url, players[0], viewport={"width": width, "height": 900})
    page.goto(f"{live_server.url}/games/{game.pk}/{path}")
    table = page.locator("#players")
    table.screenshot(path=artifacts / f"acquire-players-{width}{'-history' if path else ''}.png")
    headings = table.locator("th.chain-col")
    labels = headings.locator("span[aria-hidden=true]")  # seen, not only read out ("Tower shares" is)
    assert labels.all_inner_texts() == INITIALS and all(label.is_visible() for label in labels.all())
    assert [heading.get_attribute("title") for heading in headings.all()] == NAMES
    card = table.locator("xpath=ancestor::div[contains(@class,'card')][1]")
    assert card.evaluate("card => card.scrollWidth <= card.clientWidth")  # no column hidden in the card
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # nor the page sideways
