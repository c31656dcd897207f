"""The game page in Chromium: it reloads itself when the game moves on, and keeps a half-filled form."""

from __future__ import annotations

import pytest

from tests.browser.sessions import signed_in_page
from tests.games.factories import SCRIPT, make_players, play, started_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

POLL_MS = 15_000


@pytest.fixture
def players(transactional_db):
    return make_players()


def test_a_waiting_players_page_reloads_when_the_game_moves_on(live_server, new_page, players):
    game = started_game(players)
    bob = signed_in_page(new_page, live_server.url, players[1])
    bob.clock.install()
    bob.goto(f"{live_server.url}/games/{game.pk}/")
    assert bob.locator("#prompt").count() == 0
    with bob.expect_response(lambda response: response.url.endswith("/version.json")):
        bob.clock.run_for(POLL_MS)  # nothing changed: no reload
    assert bob.locator("#moved-on").is_hidden() and bob.locator("#prompt").count() == 0
    play(game, SCRIPT[:3])  # ann's turn ends; bob's begins
    with bob.expect_navigation():
        bob.clock.run_for(POLL_MS)
    bob.locator("#prompt[data-prompt=place_tile]").wait_for()


def test_a_half_filled_form_is_kept_and_the_player_is_told(live_server, new_page, players):
    game = started_game(players)
    ann = signed_in_page(new_page, live_server.url, players[0])
    ann.clock.install()
    ann.goto(f"{live_server.url}/games/{game.pk}/")
    ann.click("details[data-fold=place_tile] > summary")
    ann.locator("form[data-action=place_tile] input[value='2A']").check()
    play(game, SCRIPT[:1])  # ann moved from her mail meanwhile
    ann.clock.run_for(POLL_MS)
    ann.locator("#moved-on").wait_for()
    assert ann.locator("form[data-action=place_tile] input[value='2A']").is_checked()


def test_a_refused_moves_page_loads_the_game_page_when_the_game_moves_on(live_server, new_page, players):
    game = play(started_game(players), SCRIPT[:2])
    ann = signed_in_page(new_page, live_server.url, players[0])
    ann.clock.install()
    ann.goto(f"{live_server.url}/games/{game.pk}/")
    ann.click("details[data-fold=buy_shares] > summary")
    # The box's max (3, the most a turn may buy) keeps a browser from sending 4 ...
    box = "form[data-action=buy_shares] input[name='f.shares.tower']"
    ann.fill(box, "4")
    assert ann.eval_on_selector(box, "input => input.validity.rangeOverflow")
    # ... and one that skips the form's own checks is refused by the rules.
    ann.eval_on_selector("form[data-action=buy_shares]", "form => { form.noValidate = true; }")
    ann.click("form[data-action=buy_shares] button[type=submit]")
    ann.locator("#move-error").wait_for()
    assert ann.url.endswith(f"/games/{game.pk}/")  # not the post's /move/: a reload reads the page
    play(game, [SCRIPT[2]])  # ann's buy from her mail meanwhile
    with ann.expect_navigation():
        ann.clock.run_for(POLL_MS)
    assert ann.url.endswith(f"/games/{game.pk}/") and ann.locator("#move-error").count() == 0
    assert game.actions.count() == 3  # the refused post was not sent again


def test_a_page_reloads_for_new_table_talk_unless_a_message_is_being_written(live_server, new_page, players):
    from games import chat

    game = started_game(players)
    bob = signed_in_page(new_page, live_server.url, players[1])
    bob.clock.install()
    bob.goto(f"{live_server.url}/games/{game.pk}/")
    chat.post_message(game.pk, players[0], "anyone there?", chat.new_nonce())
    with bob.expect_navigation():
        bob.clock.run_for(POLL_MS)
    bob.locator("#chat-lines li:has-text('anyone there?')").wait_for()
    bob.fill("#chat-message", "yes, I")
    chat.post_message(game.pk, players[2], "me too", chat.new_nonce())
    with bob.expect_response(lambda response: response.url.endswith("/version.json")):
        bob.clock.run_for(POLL_MS)
    assert bob.locator("#chat-message").input_value() == "yes, I"  # not reloaded under the player's typing
    assert bob.locator("#moved-on").is_hidden()


def test_a_railroad_barons_round_with_no_holding_floated_reads_so_in_the_log(live_server, new_page, players):
    """The log line of an operating round nobody operates in says why, on the page a player opens."""
    from tests.engine.railroad_barons.support import ANN, BOB, DRAFT_WITHOUT_450, pass_

    game = play(started_game(players[:2], "railroad-barons", options={}), [*DRAFT_WITHOUT_450, pass_(ANN), pass_(BOB)])
    ann = signed_in_page(new_page, live_server.url, players[0])
    ann.goto(f"{live_server.url}/games/{game.pk}/")
    log = ann.locator("#log")
    for number in (1, 2):
        line = f"Operating round 1.{number}: no holding has floated yet, so none operates."
        assert log.get_by_text(line).count() == 1
    assert log.get_by_text("Operating round 1.1 begins.").count() == 0
