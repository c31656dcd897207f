"""The lobby in Chromium: found from the header, filtered, and a seat taken with one press."""

from __future__ import annotations

import pytest

from games import services
from games.models import Seat
from tests.browser.accessibility import assert_accessible
from tests.browser.sessions import signed_in_page
from tests.games.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_player_finds_a_game_in_the_lobby_and_takes_a_seat(live_server, new_page):
    host, dee = make_user("host@example.com", "Hana"), make_user("dee@example.com", "Dee")
    services.create_game(host, "railroad-barons", 2, name="Barons at noon")
    game = services.create_game(host, "acquire", 3, name="Hotels tonight")
    page = signed_in_page(new_page, live_server.url, dee)
    page.goto(f"{live_server.url}/")
    page.click("header >> text=Lobby")
    page.select_option("#id_title", "acquire")
    page.click("#lobby-filters button[type=submit]")
    assert page.locator("#lobby tr[data-game]").count() == 1
    assert_accessible(page)
    page.click("text=Take a seat")
    page.locator("#seated").wait_for()
    assert page.url.endswith(f"/games/{game.pk}/")
    assert Seat.objects.filter(game=game, user=dee).exists()
