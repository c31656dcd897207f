"""The game, history, mail-link and inbox pages pass axe-core's WCAG 2.1 AA rules in Chromium,
and the game page's controls work from the keyboard."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.mail import send_mail
from django.utils import timezone

from notifications import links
from tests.browser.accessibility import assert_accessible
from tests.browser.sessions import signed_in_page
from tests.engine.railroad_barons.support import ANN, BOB, DRAFT_WITHOUT_450, buy
from tests.games.factories import SCRIPT, make_players, play, started_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def players(transactional_db):
    return make_players()


def test_the_acquire_game_page_for_a_player_a_spectator_and_after_a_refusal(live_server, new_page, players):
    game = play(started_game(players), SCRIPT[:2])  # ann buys: one-click answers and a form with counts
    ann = signed_in_page(new_page, live_server.url, players[0])
    ann.goto(f"{live_server.url}/games/{game.pk}/")
    assert_accessible(ann)
    ann.click("details[data-fold=buy_shares] > summary")
    ann.eval_on_selector("form[data-action=buy_shares]", "form => { form.noValidate = true; }")  # past the box's max
    ann.fill("form[data-action=buy_shares] input[name='f.shares.tower']", "4")
    ann.click("form[data-action=buy_shares] button[type=submit]")
    ann.locator("#move-error").wait_for()
    assert_accessible(ann)
    spectator = new_page()
    spectator.goto(f"{live_server.url}/games/{game.pk}/")
    assert_accessible(spectator)


def test_the_railroad_barons_game_page(live_server, new_page, players):
    game = play(started_game(players[:2], title="railroad-barons", options={}, seed=1),
                [*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=70), buy(BOB, "rice", 40, par=70)])
    ann = signed_in_page(new_page, live_server.url, players[0])
    ann.goto(f"{live_server.url}/games/{game.pk}/")
    assert_accessible(ann)


def test_the_history_page(live_server, new_page, players):
    game = play(started_game(players), SCRIPT)
    page = new_page()
    page.goto(f"{live_server.url}/games/{game.pk}/history/?step=0")
    assert_accessible(page)
    page.goto(f"{live_server.url}/games/{game.pk}/history/?step=5")
    assert_accessible(page)


def test_a_mail_links_confirm_page(live_server, new_page, players):
    game = started_game(players)
    expires = timezone.now() + timedelta(days=2)
    token = links.move_token(game.pk, 0, players[0].pk, 0, {"type": "place_tile", "tile": "2A"}, "Place 2A", expires)
    page = new_page()
    page.goto(f"{live_server.url}/mail/move/{token}/")
    assert_accessible(page)


def test_the_inbox_page(live_server, new_page, settings):
    settings.EMAIL_BACKEND = "notifications.backends.InboxBackend"
    send_mail("Your move in Acquire", "Open http://127.0.0.1:8000/games/1/ to play.", None, ["ann@example.com"])
    page = new_page()
    page.goto(f"{live_server.url}/inbox/")
    assert_accessible(page)


def test_the_game_page_plays_from_the_keyboard(live_server, new_page, players):
    game = started_game(players)
    ann = signed_in_page(new_page, live_server.url, players[0])
    ann.goto(f"{live_server.url}/games/{game.pk}/")
    for _ in range(60):  # Tab to the first one-click answer, as a keyboard user does
        ann.keyboard.press("Tab")
        if ann.evaluate("document.activeElement.name") == "quick":
            break
    assert ann.evaluate("document.activeElement.textContent").startswith("Place ")
    with ann.expect_navigation():
        ann.keyboard.press("Enter")
    game.refresh_from_db()
    assert game.version == 1


def test_the_account_pages_time_zone_box_suggests_zones(live_server, new_page, players, artifacts):
    page = signed_in_page(new_page, live_server.url, players[0])
    page.goto(f"{live_server.url}/accounts/")
    assert page.evaluate("document.getElementById('id_time_zone').list.options[0].value") == "UTC"
    page.fill("#id_time_zone", "europe/amsterdam")
    page.click("form:has(#id_time_zone) button[type=submit]")
    page.wait_for_load_state()
    players[0].refresh_from_db()
    assert players[0].time_zone == "Europe/Amsterdam"
    assert_accessible(page)


def test_a_refused_move_puts_the_focus_on_the_refusal(live_server, new_page, players):
    """A walk's keyboard user sent a form from the foot of an 1861 page and was refused: the focus
    was on the page's body, so Tab went back to the site's first link and a screen reader did not
    read why.  The refusal now takes the focus (the chat box does the same with its own error)."""
    game = play(started_game(players), SCRIPT[:2])
    ann = signed_in_page(new_page, live_server.url, players[0])
    ann.goto(f"{live_server.url}/games/{game.pk}/")
    ann.click("details[data-fold=buy_shares] > summary")
    ann.eval_on_selector("form[data-action=buy_shares]", "form => { form.noValidate = true; }")
    ann.fill("form[data-action=buy_shares] input[name='f.shares.tower']", "4")
    with ann.expect_navigation():
        ann.press("form[data-action=buy_shares] input[name='f.shares.tower']", "Enter")
    assert ann.evaluate("document.activeElement.id") == "move-error"
    assert "At most 3 shares" in ann.evaluate("document.activeElement.textContent")
    assert_accessible(ann)
