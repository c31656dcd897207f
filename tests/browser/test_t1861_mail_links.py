"""1861 mail links opened in Chromium from the mail itself, and their buttons pressed.

The recorded game 29683 is imported and its seats claimed; the asked president is mailed the
decision, and the link of the answer is opened in the browser as a mail reader would: the
confirm page says what the button will do (with the amounts of the link's label), the button
makes the move, and the next seat asked gets its own mail.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail
from django.test import Client
from django.utils.html import escape

import engine.core as engine
from games.models import Action
from games.queries import current_state
from tests.browser.test_mail_links import LinkBrowser, link_browser, site  # noqa: F401  (fixtures used below)
from tests.notifications.helpers import move_links, path_of
from tests.notifications.t1861_games import DIVIDEND, TRACK, imported_1861

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def mailed_links(game: Any, players: list) -> tuple[int, dict[str, str]]:
    """The asked seat, and the move links of the turn mail its player got on claiming the seat."""
    seat = engine.prompts(current_state(game))[0].seat
    (message,) = [message for message in mail.outbox if players[seat].email in message.to]
    return seat, move_links(message.body)


def confirm_in_the_browser(browser: LinkBrowser, url: str, label: str) -> None:
    browser.open(url)
    assert browser.kind() == "confirm"
    assert f"Confirm: {label}" in browser.page.locator("main").inner_text()
    browser.press("#link-page button[type=submit]")
    assert browser.kind() == "applied", browser.page.content()[:2000]
    assert f"Done: {label}" in browser.page.locator("main").inner_text()


def test_a_dividend_is_paid_out_from_its_mail_link_in_the_browser(link_browser, players):  # noqa: F811
    game = imported_1861(DIVIDEND, players)
    seat, offered = mailed_links(game, players)
    label = "Pay out ₽120 (₽12 a share, ₽36 to you; price to ₽165)"
    assert label in offered, list(offered)
    confirm_in_the_browser(link_browser(), offered[label], label)
    action = Action.objects.filter(game=game).order_by("-seq").first()
    assert (action.seat, action.payload, action.source) == (seat, {"type": "dividend", "kind": "payout"}, "email")
    assert current_state(game).majors["nw"]["price"] == 165
    assert "NW pays out ₽120, ₽12 a share; the price is ₽165." in [event["text"] for event in action.events]
    assert mail.outbox, "the next seat asked got no mail"


def test_a_tile_is_laid_from_its_mail_link_and_the_next_players_mail_names_the_hex(link_browser, players, site):  # noqa: F811
    game = imported_1861(TRACK, players)
    seat, offered = mailed_links(game, players)
    # the first lay offered: the mail lists the map layer's lays in order
    label = "Tile 201 in B4, rotation 0 (as printed): south, south-west; ₽0"
    assert next(iter(offered)) == label, list(offered)
    confirm_in_the_browser(link_browser(players[seat]), offered[label], label)
    action = Action.objects.filter(game=game).order_by("-seq").first()
    assert (action.payload, action.source) == ({"type": "lay_tile", "hex": "b4", "tile": "201", "rotation": 0}, "email")
    # RO's president ends its turn from the next mails (the test client posts them, as a mail reader would);
    # the first mail to another player then names the changed hex, with the link to the map.
    client = Client()
    for _ in range(5):
        newest = mail.outbox[-1]
        if players[seat].email not in newest.to:
            break
        offered = move_links(newest.body)
        label = "No (more) track" if "No (more) track" in offered else next(iter(offered))
        assert f"Done: {escape(label)}" in client.post(path_of(offered[label])).content.decode()
    assert players[seat].email not in newest.to
    assert "Changed on the map:\n- Riga (B4): tile 201 (yellow) laid by RO\n" in newest.body, newest.body
    assert f"See the map: {site}/games/{game.pk}/#map" in newest.body
