"""The how-to-play pages in Chromium: axe-clean for a signed-out reader, and a refused move's rule is one click away."""

from __future__ import annotations

import pytest

from tests.browser.accessibility import assert_accessible
from tests.browser.sessions import signed_in_page
from tests.games.factories import SCRIPT, make_players, play, started_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("title_id", ["acquire", "railroad-barons", "1861"])
def test_a_rules_page_passes_axe_for_a_signed_out_reader_on_a_desk_and_a_phone(live_server, new_page, title_id):
    desk = new_page()
    desk.goto(f"{live_server.url}/games/rules/{title_id}/")
    assert desk.locator("h1").inner_text().startswith("How to play")
    assert_accessible(desk)
    phone = new_page(viewport={"width": 390, "height": 844})
    phone.goto(f"{live_server.url}/games/rules/{title_id}/")
    assert_accessible(phone)
    overflow = phone.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0  # wide tables scroll inside their box, the page does not


def test_the_rule_a_refusal_cites_opens_at_that_rule(live_server, new_page, transactional_db):
    players = make_players()
    game = play(started_game(players), SCRIPT[:2])  # ann buys
    ann = signed_in_page(new_page, live_server.url, players[0])
    ann.goto(f"{live_server.url}/games/{game.pk}/")
    ann.click("details[data-fold=buy_shares] > summary")
    ann.eval_on_selector("form[data-action=buy_shares]", "form => { form.noValidate = true; }")  # past the box's max
    ann.fill("form[data-action=buy_shares] input[name='f.shares.tower']", "4")
    ann.click("form[data-action=buy_shares] button[type=submit]")
    ann.locator("#move-error a.rule-ref").click()
    ann.wait_for_url(f"{live_server.url}/games/rules/acquire/#R36")
    rule = ann.locator("#R36")
    assert "up to 3 shares" in rule.inner_text()
    assert ann.evaluate("document.getElementById('R36').getBoundingClientRect().top") < ann.viewport_size["height"]
