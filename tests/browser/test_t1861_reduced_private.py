"""A private that every player declined is offered again at a reduced price, and the game page says
why, in headless Chromium (rules 9, 23 G1).

A new 3-player 1861 game: all three pass on the first private, so its price falls ₽5 and the first
bid buys it.  The player asked next reads the reduced offer's reason on the game page (a walk's
player shown a minimum below the opening one was not told why), presses the bid button and reads
the purchase in the log.  Nothing in the console.
"""

from __future__ import annotations

import pytest

from engine.core import game as engine
from games import queries
from tests.browser.sessions import signed_in_page
from tests.browser.t1861_seats import watch_console
from tests.games.factories import play, started_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 900}


def test_a_private_everyone_declined_is_offered_cheaper_and_the_page_says_why(live_server, new_page, players):
    game = started_game(players, "1861", options={})
    state = queries.current_state(game)
    auction = state.auction
    first, opening = auction["company"].upper(), auction["minimum"]
    order = [asked.seat for asked in engine.waiting(state)]
    for _ in range(len(players)):
        (asked,) = engine.waiting(queries.current_state(game))
        play(game, [(asked.seat, {"type": "pass"})])
    (asked,) = engine.waiting(queries.current_state(game))
    assert asked.seat == order[0]  # the turn has gone round
    bidder = next(player for player in players if player.display_name == game.seats.get(index=asked.seat).display_name)

    page = signed_in_page(new_page, live_server.url, bidder, viewport=DESKTOP)
    problems = watch_console(page)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    question = page.locator("#prompt").inner_text()
    reduced = opening - 5
    assert (f"{first} is offered at a reduced price: ₽{reduced} (it opened at ₽{opening}; every player declined it,"
            f" so it fell ₽5 once). The first bid buys it.") in question
    with page.expect_navigation():
        page.locator("#prompt form.quick button", has_text=f"₽{reduced}").first.click()
    assert page.locator("#move-error").count() == 0
    log = " ".join(page.locator("#log li").all_inner_texts()[:3])
    assert first in log and f"₽{reduced}" in log and bidder.display_name in log
    assert problems == []
