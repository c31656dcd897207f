"""List-Unsubscribe (RFC 8058 one-click), per stream and game; leaving turn prompts switches to the digest."""

import re
from datetime import UTC, datetime

import pytest
from django.core import mail
from django.test import Client

from notifications import clock, preferences
from notifications.digest import queue_due_digests
from notifications.models import MailKind, Outbox, OutboxStatus, Stream
from tests.notifications.helpers import move, move_links, outbox_to, path_of

pytestmark = pytest.mark.django_db(transaction=True)

HEADER = re.compile(r"^<(?P<url>https?://\S+/mail/unsubscribe/\S+/)>$")


def one_click_url(message) -> str:
    match = HEADER.match(message.extra_headers["List-Unsubscribe"])
    assert match, message.extra_headers
    return path_of(match["url"])


def bob_gets_his_turn(game):
    move(game.pk, 0, {"type": "place_tile", "tile": "12G"})  # nothing to buy: the service answers for ann


def test_every_game_mail_has_one_click_unsubscribe_headers(game):
    message = mail.outbox[-1]
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert HEADER.match(message.extra_headers["List-Unsubscribe"])


def test_the_get_only_asks(client, game, players):
    page = client.get(one_click_url(mail.outbox[-1]))
    assert page.status_code == 200 and b"Unsubscribe</button>" in page.content
    assert page["Referrer-Policy"] == "same-origin"
    assert preferences.wants(players[0].pk, game.pk, Stream.TURN)


def test_a_one_click_post_without_cookies_unsubscribes_and_switches_to_the_digest(game, players):
    bob_gets_his_turn(game)
    url = one_click_url(outbox_to("bob@example.com")[-1])
    provider = Client(enforce_csrf_checks=True)  # a mail provider posting the RFC 8058 body
    response = provider.post(url, "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded")
    assert response.status_code == 200 and b"daily digest" in response.content
    assert not preferences.wants(players[1].pk, game.pk, Stream.TURN)
    assert preferences.wants(players[1].pk, game.pk, Stream.DIGEST)
    assert provider.post(url).status_code == 200  # a retry is harmless


def test_after_unsubscribing_the_decisions_come_in_the_digest(game, players, monkeypatch):
    preferences.unsubscribe(players[1].pk, game.pk, Stream.TURN, game_active=True)
    mail.outbox.clear()
    bob_gets_his_turn(game)
    assert outbox_to("bob@example.com") == []
    morning = datetime(2026, 3, 3, 8, 5, tzinfo=UTC)
    monkeypatch.setattr(clock, "now", lambda: morning)
    assert queue_due_digests(datetime(2026, 3, 3, 7, 55, tzinfo=UTC)) == 0  # before bob's digest hour
    assert queue_due_digests(morning) == 1
    queue_due_digests(morning)
    digests = Outbox.objects.filter(recipient=players[1], kind=MailKind.DIGEST)
    assert digests.count() == 1 and digests.get().status == OutboxStatus.SENT
    digest = outbox_to("bob@example.com")[-1]
    assert "1 decision waiting for you" in digest.subject
    assert "Place 6A" in " ".join(move_links(digest.body))
    Client().post(one_click_url(digest), "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded")
    assert not preferences.wants(players[1].pk, game.pk, Stream.DIGEST)


def test_a_tampered_unsubscribe_link_is_refused(client, game):
    url = one_click_url(mail.outbox[-1])
    assert client.post(url.replace("/mail/unsubscribe/", "/mail/unsubscribe/x")).status_code == 400


@pytest.mark.parametrize(("path", "title"), [("/mail/unsubscribe/x/", "Unsubscribe"),
                                             ("/mail/order/cancel/x/", "Cancel a standing order"),
                                             ("/mail/order/set/x/", "Set a standing order")])
def test_a_refused_link_page_is_titled_after_what_the_link_was_for(client, path, title):
    """A walk's tampered unsubscribe link opened a tab titled "Move by mail"."""
    html = client.get(path).content.decode()
    assert f"<title>{title} · Turnpost</title>" in html and "Move by mail" not in html, html[:400]
