"""Setting a standing order from an 1861 game page on a phone (390x844): the card fits, its form sets the order.

Game 29683 cut at our move 349 (NW's dividend, Player 3 to decide); cy claims Player 3's seat.
Choosing "withhold" for NW answers the waiting dividend through the order (the worker runs it
eagerly here), and the page, back after the POST, lists the order with its cancel button.
"""

from __future__ import annotations

import pytest

from games import import_18xx
from games.models import Action, Seat
from tests.browser.sessions import signed_in_page
from tests.games.t1861_imports import running_export

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def test_a_dividend_policy_is_set_from_the_game_page_on_a_phone(live_server, new_page, artifacts, players):
    game = import_18xx.import_export(running_export(378), None)
    Seat.objects.filter(game=game, index=2).update(user=players[2])
    page = signed_in_page(new_page, live_server.url, players[2], viewport=PHONE)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    card = page.locator("#standing-orders")
    assert card.bounding_box()["width"] <= PHONE["width"]
    form = card.locator('form[data-kind="dividend_policy"]')
    form.locator('select[name="company"]').select_option("nw")
    form.locator('select[name="policy"]').select_option("withhold")
    form.locator('button[type="submit"]').click()
    page.wait_for_url(f"{live_server.url}/games/{game.pk}/")
    card.screenshot(path=artifacts / "phone-1861-standing-orders.png")
    assert "Standing order set: \"NW: always withhold\"." in page.locator(".messages").inner_text()
    assert "NW: always withhold" in card.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    last = Action.objects.filter(game=game).order_by("-seq").first()
    assert (last.seat, last.source, last.payload) == (2, "order", {"type": "dividend", "kind": "withhold"})
