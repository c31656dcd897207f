"""Taking back a move in Chromium: from the game page, and allowed from a real mail's link."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from games.models import ActionKind, ActionSource, UndoRequest
from games.undo_requests import take_back
from tests.browser.accessibility import assert_accessible
from tests.browser.sessions import signed_in_page
from tests.browser.test_mail_links import (  # noqa: F401  (fixtures used below)
    LinkBrowser,
    delivering_worker,
    link_browser,
    newest_to,
    site,
)
from tests.games.factories import make_players, play, started_game
from tests.notifications.conftest import redis_worker, smtp_sink  # noqa: F401  (fixtures used below)
from tests.notifications.helpers import links_in, move, start_game
from tests.notifications.realparts import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def players(transactional_db):
    return make_players()


def test_a_player_takes_back_a_move_from_the_game_page(live_server, new_page, players):
    game = play(started_game(players), [(0, {"type": "place_tile", "tile": "2A"})])
    ann = signed_in_page(new_page, live_server.url, players[0])
    ann.goto(f"{live_server.url}/games/{game.pk}/")
    ann.locator("#prompt[data-prompt=found_chain]").wait_for()
    assert_accessible(ann)
    ann.click("#undo-link")
    assert "move 1 will be taken back" in ann.locator("#undo-what").inner_text()
    assert "ann placed 2A" in ann.locator("#undo-lines").inner_text()
    assert_accessible(ann)
    with ann.expect_navigation():
        ann.click("#undo-confirm")
    assert "Move 1 was taken back." in ann.locator(".messages").inner_text()
    ann.locator("#prompt[data-prompt=place_tile]").wait_for()
    assert ann.locator("#log li.taken-back del").first.inner_text() == "ann placed 2A, which founds a new chain."
    ann.goto(f"{live_server.url}/games/{game.pk}/history/?step=2")
    assert "taken back at move 2" in ann.locator("#log").inner_text()
    assert_accessible(ann)
    assert game.actions.filter(kind=ActionKind.UNDO).count() == 1


def test_the_allow_link_of_a_real_mail_takes_the_move_back(link_browser, players):  # noqa: F811
    game = start_game(players)
    for action in ({"type": "place_tile", "tile": "2A"}, {"type": "found_chain", "chain": "tower"},
                   {"type": "buy_shares", "shares": {"tower": 2}}):
        move(game.pk, 0, action)
    mail.outbox.clear()
    assert take_back(game.pk, players[0], 3, ActionSource.WEB).status == "asked"
    url = links_in(newest_to(players[1].email).body)["Allow ann to take back move 3"]
    bob = link_browser()
    bob.open(url)
    assert bob.kind() == "confirm" and "ann asks to take back move 3" in bob.page.locator("main").inner_text()
    assert_accessible(bob.page)
    bob.press("#link-page button[type=submit]")
    assert bob.kind() == "applied", bob.page.content()[:2000]
    assert "ann's move 3 was taken back" in bob.page.locator("main").inner_text()
    assert UndoRequest.objects.get().status == "applied"
    game.refresh_from_db()
    assert game.version == 4 and game.actions.get(seq=4).kind == ActionKind.UNDO


def test_the_asked_player_allows_it_on_the_game_page(live_server, new_page, players):
    game = play(started_game(players), [(0, {"type": "place_tile", "tile": "9I"})])  # then bob is asked
    take_back(game.pk, players[0], 2, ActionSource.WEB)
    bob = signed_in_page(new_page, live_server.url, players[1])
    bob.goto(f"{live_server.url}/games/{game.pk}/")
    assert "ann asked to take back move 1" in bob.locator("#undo-pending").inner_text()
    assert_accessible(bob)
    with bob.expect_navigation():
        bob.click("#undo-allow")
    assert "Thank you: ann's move 1 was taken back." in bob.locator(".messages").inner_text()
    assert game.actions.filter(kind=ActionKind.UNDO).count() == 1


def test_an_allow_link_delivered_over_smtp_by_the_real_worker_is_confirmed(delivering_worker, smtp_sink,  # noqa: F811
                                                                           new_page, site, players):  # noqa: F811
    game = start_game(players)
    for action in ({"type": "place_tile", "tile": "2A"}, {"type": "found_chain", "chain": "tower"},
                   {"type": "buy_shares", "shares": {"tower": 2}}):
        move(game.pk, 0, action)
    assert take_back(game.pk, players[0], 3, ActionSource.WEB).status == "asked"

    def received(address: str, subject: str) -> list:
        return [m for m in smtp_sink.wait_for(0) if m.to == [address] and subject in m.subject]

    wait_until(lambda: received(players[1].email, "asks to take back move 3"))
    reader, browser = new_page(), LinkBrowser(new_page(), site)
    reader.set_content(received(players[1].email, "asks to take back move 3")[0].html)
    browser.open(reader.get_by_role("link", name=re.compile("Allow ann")).get_attribute("href"))
    browser.press("#link-page button[type=submit]")
    assert browser.kind() == "applied"
    wait_until(lambda: [m for m in received(players[0].email, "") if "ann took back move 3." in m.text])
    assert game.actions.filter(kind=ActionKind.UNDO).count() == 1
