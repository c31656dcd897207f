"""Under the Content Security Policy the pages keep their style and scripts, and Chromium refuses nothing."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.games.factories import make_players, started_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def signed_in_page(new_page, live_server, user):
    """A page whose context carries ``user``'s session cookie (signing in is tested elsewhere)."""
    client = Client()
    client.force_login(user)
    page = new_page()
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value,
                               "url": live_server.url}])
    return page


def test_pages_run_under_the_policy_without_a_refusal(live_server, new_page):
    players = make_players()
    game = started_game(players)
    page = signed_in_page(new_page, live_server, players[0])
    refusals: list[str] = []
    page.on("console", lambda message: refusals.append(message.text) if "Content Security Policy" in message.text
            else None)
    for path in ("/", "/games/new/", "/accounts/", f"/games/{game.pk}/", f"/games/{game.pk}/history/",
                 "/games/import/", "/api/docs"):
        page.goto(f"{live_server.url}{path}")
        page.wait_for_load_state("load")
        if path == "/api/docs":
            page.wait_for_selector("#swagger-ui .info")  # the API docs' bundled scripts ran
        else:  # the site's own style sheet applied (an inline block with the nonce)
            assert page.eval_on_selector("header.top", "e => getComputedStyle(e).display") == "flex", path
    page.goto(f"{live_server.url}/admin/login/")
    page.wait_for_selector("#login-form")
    # The new-game form's script ran: only the chosen title's options show.
    page.goto(f"{live_server.url}/games/new/")
    assert not page.locator("fieldset[data-title=railroad-barons]").is_visible()
    assert refusals == []
