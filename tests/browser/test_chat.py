"""Table talk in Chromium: a post sent twice, its mention read on the game and history pages, its mail's links."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from games.models import ChatMessage
from notifications import preferences
from notifications.models import Stream
from tests.browser.accessibility import assert_accessible
from tests.browser.test_mail_links import UNSUBSCRIBE_HEADER, link_browser, site  # noqa: F401  (fixtures)
from tests.games.factories import SCRIPT, make_players, play, started_game
from tests.notifications.helpers import html_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def players(transactional_db):
    return make_players()


def mention_mail_to(address: str):
    return next(m for m in reversed(mail.outbox) if address in m.to and "mentioned you" in m.subject)


def test_a_mention_posted_on_the_game_page_is_read_there_in_the_history_and_from_its_mail(link_browser, new_page,  # noqa: F811
                                                                                      players, artifacts):
    ann, bob, _ = players
    game = play(started_game(players), SCRIPT[:2])
    mail.outbox.clear()
    talker = link_browser(bob)
    page = talker.page
    talker.open(f"{talker.base}/games/{game.pk}/")
    page.fill("#chat-message", "@Ann well founded.\nWatch out for <b>Luxor</b>!")
    fields = page.eval_on_selector("#chat-form", "form => Object.fromEntries(new FormData(form))")
    first = page.context.request.post(f"{talker.base}/games/{game.pk}/chat/", form=fields, max_redirects=0)
    assert first.status == 302  # the first send of a double click, whose answer the browser drops
    with page.expect_navigation():
        page.click("#chat-post")  # the second send of the same form
    assert page.url.endswith(f"/games/{game.pk}/#chat")
    assert ChatMessage.objects.filter(game=game).count() == 1
    line = page.locator("#chat-lines li").first
    assert line.locator(".chat-meta").inner_text() == "bob · after move 2"
    assert line.locator(".chat-body").inner_text() == "@Ann well founded.\nWatch out for <b>Luxor</b>!"
    assert line.locator("strong.mention").inner_text() == "@Ann"
    assert page.locator("#chat-message").input_value() == ""  # a fresh form for the next message
    assert_accessible(page)
    page.locator("#chat").screenshot(path=artifacts / "game-chat.png")

    history = new_page()
    history.goto(f"{talker.base}/games/{game.pk}/history/?step=2")
    assert history.locator("#chat-lines li.current .chat-body").inner_text().startswith("@Ann well founded.")
    history.goto(f"{talker.base}/games/{game.pk}/history/?step=1")
    assert history.locator("#chat-empty").inner_text() == "Nothing said by then."
    assert_accessible(history)

    message = mention_mail_to(ann.email)
    reader = new_page()
    reader.set_content(html_of(message))  # the HTML part, as a mail client shows it
    chat_url = reader.get_by_role("link", name="Read and answer in the game's chat").get_attribute("href")
    ann_browser = link_browser(ann)
    ann_browser.open(chat_url)
    assert "Watch out for <b>Luxor</b>!" in ann_browser.page.locator("#chat-lines").inner_text()
    ann_browser.page.fill("#chat-message", "thanks @bob")
    with ann_browser.page.expect_navigation():
        ann_browser.page.click("#chat-post")
    assert [m.body for m in ChatMessage.objects.filter(game=game).order_by("id")][-1] == "thanks @bob"

    unsubscribe = UNSUBSCRIBE_HEADER.match(message.extra_headers["List-Unsubscribe"])["url"]
    stranger = link_browser()
    stranger.open(unsubscribe)
    assert re.search(r"chat mentions for Acquire by ann", stranger.page.locator("h1").inner_text())
    stranger.press("button:has-text('Unsubscribe')")
    assert not preferences.wants(ann.pk, game.pk, Stream.CHAT) and preferences.wants(ann.pk, game.pk, Stream.TURN)


def test_a_refused_message_keeps_its_text_and_a_visitor_reads_without_a_form(link_browser, new_page, players):  # noqa: F811
    game = started_game(players)
    talker = link_browser(players[1])
    page = talker.page
    talker.open(f"{talker.base}/games/{game.pk}/")
    page.fill("#chat-message", "   ")
    with page.expect_navigation():
        page.click("#chat-post")
    assert page.locator("#chat-error").inner_text() == "Your message is empty: write something before posting it."
    assert_accessible(page)
    visitor = new_page()
    visitor.goto(f"{talker.base}/games/{game.pk}/")
    assert visitor.locator("#chat-form").count() == 0
    assert "sign in if you are one of them" in visitor.locator("#chat-read-only").inner_text()
