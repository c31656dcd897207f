"""Chat mentions mail the players they name, through the outbox; the digest quotes the table talk since the last one."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from django.core import mail
from django.test import Client

from games import chat
from games.models import ChatMessage
from notifications import clock, preferences
from notifications.announcements import MENTION_MAILS_PER_HOUR
from notifications.digest import queue_due_digests
from notifications.models import MailKind, Outbox, OutboxStatus, Preference, Stream, Suppression
from tests.notifications.helpers import HANDS, html_of, outbox_to, path_of, without_urls
from tests.notifications.realparts import wait_until

pytestmark = pytest.mark.django_db(transaction=True)

UNSUBSCRIBE = re.compile(r"^<(?P<url>https?://\S+/mail/unsubscribe/\S+/)>$")


def say(user, game, body: str) -> ChatMessage:
    return chat.post_message(game.pk, user, body, chat.new_nonce())[0]


def mentions_to(address: str) -> list:
    return [message for message in outbox_to(address) if "mentioned you" in message.subject]


def test_a_mention_mails_the_player_named_with_the_message_its_writer_and_a_link_to_the_chat(game, players):
    ann, bob, _ = players
    mail.outbox.clear()
    say(bob, game, "@Ann nice opening.\nReady for <b>the merger</b>?")
    [message] = mentions_to(ann.email)
    assert message.subject == "Acquire by ann: bob mentioned you in the table talk"
    assert "bob mentioned you in the table talk of Acquire by ann (Acquire), before move 1:" in message.body
    assert "@Ann nice opening.\nReady for <b>the merger</b>?" in message.body  # plain text, as written
    assert f"Read and answer in the game's chat: http://127.0.0.1:8000/games/{game.pk}/#chat" in message.body
    html = html_of(message)
    assert "@Ann nice opening.<br>Ready for &lt;b&gt;the merger&lt;/b&gt;?" in html
    assert f'href="http://127.0.0.1:8000/games/{game.pk}/#chat"' in html
    row = Outbox.objects.get(kind=MailKind.MENTION)
    assert (row.recipient, row.game_id, row.status) == (ann, game.pk, OutboxStatus.SENT)
    assert mail.outbox == [message]  # bob, who wrote it, and cy, not named, get nothing


def test_two_mentions_at_one_game_version_are_two_mails(game, players):
    ann, bob, cy = players
    mail.outbox.clear()
    say(bob, game, "@ann first")
    say(cy, game, "@ann second")
    say(bob, game, "@ann third, @cy too")
    assert [m.body.count(word) for m, word in zip(mentions_to(ann.email), ["first", "second", "third"],
                                                  strict=True)] == [1, 1, 1]
    assert len(mentions_to(cy.email)) == 1
    assert Outbox.objects.filter(kind=MailKind.MENTION, recipient=ann).values("version").distinct().count() == 3


def test_the_mention_mail_has_its_own_unsubscribe_link_which_stops_only_chat_mail(game, players):
    ann, bob, _ = players
    mail.outbox.clear()
    say(bob, game, "@ann hi")
    [message] = mentions_to(ann.email)
    url = path_of(UNSUBSCRIBE.match(message.extra_headers["List-Unsubscribe"])["url"])
    Client().post(url, "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded")
    assert not preferences.wants(ann.pk, game.pk, Stream.CHAT)
    assert preferences.wants(ann.pk, game.pk, Stream.TURN)
    say(bob, game, "@ann still there?")
    assert len(mentions_to(ann.email)) == 1
    assert Outbox.objects.filter(kind=MailKind.MENTION, recipient=ann).count() == 1


def test_chat_mail_is_on_by_default_and_follows_the_players_choices(game, players):
    ann, bob, cy = players
    assert preferences.wants(ann.pk, game.pk, Stream.CHAT)
    Preference.objects.create(user=ann, game=None, stream=Stream.CHAT, enabled=False)  # off everywhere
    Preference.objects.create(user=cy, game=None, stream=Stream.CHAT, enabled=False)
    Preference.objects.create(user=cy, game=game, stream=Stream.CHAT, enabled=True)  # but on for this game
    mail.outbox.clear()
    say(bob, game, "@ann @cy ready?")
    assert mentions_to(ann.email) == [] and len(mentions_to(cy.email)) == 1


def test_a_mention_of_an_unreachable_address_is_recorded_as_not_sent(game, players):
    ann, bob, _ = players
    Suppression.objects.create(address=ann.email, reason="bounce")
    mail.outbox.clear()
    say(bob, game, "@ann hello?")
    assert mentions_to(ann.email) == []
    assert Outbox.objects.get(kind=MailKind.MENTION).status == OutboxStatus.SKIPPED


def test_the_mention_mail_shows_no_tiles(game, players):
    ann, bob, cy = players
    mail.outbox.clear()
    say(ann, game, "@bob @cy good luck")
    for message, seat in ((mentions_to(bob.email)[0], 1), (mentions_to(cy.email)[0], 2)):
        text = without_urls(message.body + html_of(message))
        assert not [tile for hand in HANDS.values() for tile in hand if re.search(rf"\b{tile}\b", text)], seat


def test_a_refused_message_mails_nobody(game, players):
    mail.outbox.clear()
    with pytest.raises(chat.ChatRefused):
        chat.post_message(game.pk, players[1], "@ann " + "x" * 1000, chat.new_nonce())
    assert mail.outbox == [] and not Outbox.objects.filter(kind=MailKind.MENTION).exists()


def digest_of(user) -> str:
    digest = [m for m in outbox_to(user.email) if m.subject.startswith("Turnpost:")][-1]
    return digest.subject + "\n" + digest.body


def next_digest_morning(now: datetime) -> datetime:
    """The first 08:05 UTC (past the default digest hour) after ``now``: a first digest quotes the
    last day's talk, so a morning a day later still would miss talk posted before 08:05."""
    morning = now.replace(hour=8, minute=5, second=0, microsecond=0)
    return morning if morning > now + timedelta(minutes=1) else morning + timedelta(days=1)


def test_the_digest_quotes_the_table_talk_since_the_last_digest(game, players, monkeypatch):
    ann, bob, cy = players
    Preference.objects.create(user=cy, game=None, stream=Stream.DIGEST, enabled=True)  # cy is not asked to move
    first_morning = next_digest_morning(datetime.now(UTC))
    say(ann, game, "gl hf")
    say(bob, game, "@cy your\ntwo lines")
    say(cy, game, "thanks")  # cy's own words are not quoted back to cy
    monkeypatch.setattr(clock, "now", lambda: first_morning)
    assert queue_due_digests(first_morning) == 1
    digest = digest_of(cy)
    assert digest.startswith("Turnpost: table talk at your games\n")
    assert "no decision is waiting for you, and what was said at your tables" in digest
    assert "  ann, before move 1:\n  > gl hf\n" in digest
    assert "  bob, before move 1 (mentions you):\n  > @cy your\n  > two lines\n" in digest
    assert "thanks" not in digest
    next_morning = first_morning + timedelta(days=1)
    with monkeypatch.context() as later:
        later.setattr(chat.timezone, "now", lambda: first_morning + timedelta(hours=2))
        say(ann, game, "one more thing")
    monkeypatch.setattr(clock, "now", lambda: next_morning)
    assert queue_due_digests(next_morning) == 1
    digest = digest_of(cy)
    assert "one more thing" in digest and "gl hf" not in digest
    assert queue_due_digests(next_morning + timedelta(days=1)) == 0  # nothing said, nothing waiting: no digest


def test_a_mention_posted_on_the_game_page_arrives_over_smtp_from_the_real_worker(redis_worker, smtp_sink, game,
                                                                                 players):
    from tests.games.test_chat import say as say_on_page
    from tests.games.test_chat import signed_in

    ann, bob, _ = players
    assert say_on_page(signed_in(bob), game, "@ann the merger is coming").status_code == 302

    def mentions() -> list:
        return [m for m in smtp_sink.wait_for(0) if m.to == [ann.email] and "mentioned you" in m.subject]

    wait_until(mentions)
    [mention] = mentions()
    assert mention.subject == "Acquire by ann: bob mentioned you in the table talk"
    assert "@ann the merger is coming" in mention.text and f"/games/{game.pk}/#chat" in mention.html
    assert UNSUBSCRIBE.match(mention.headers["List-Unsubscribe"].strip())
    # The worker marks the row sent just after the SMTP answer, so the mail can arrive a moment before.
    wait_until(lambda: Outbox.objects.get(kind=MailKind.MENTION).status == OutboxStatus.SENT)


def test_a_message_the_admin_hides_leaves_the_pages_and_its_waiting_mention_mail_is_not_sent(game, players):
    from datetime import time

    from accounts.models import User
    from notifications.delivery import deliver
    from notifications.models import MailProfile

    ann, bob, _ = players
    MailProfile.objects.create(user=ann, quiet_start=time(0), quiet_end=time(23, 59))  # the mail waits
    message = say(bob, game, "@ann something rude")
    row = Outbox.objects.get(kind=MailKind.MENTION)
    assert row.status == OutboxStatus.PENDING
    admin = Client()
    admin.force_login(User.objects.create_superuser("root@example.com", "pw"))
    changed = admin.post(f"/admin/games/chatmessage/{message.pk}/change/", {"hidden": "on"})
    assert changed.status_code == 302
    assert ChatMessage.objects.get(pk=message.pk).hidden  # kept, only hidden
    assert "something rude" not in Client().get(f"/games/{game.pk}/").content.decode()
    assert "something rude" not in Client().get(f"/games/{game.pk}/history/").content.decode()
    mail.outbox.clear()
    deliver(row.pk, now=row.send_after + timedelta(minutes=1))
    assert mail.outbox == [] and Outbox.objects.get(pk=row.pk).status == OutboxStatus.SKIPPED


def test_mention_mails_to_one_player_are_capped_per_hour_and_the_rest_are_read_at_the_table(game, players):
    ann, bob, cy = players
    mail.outbox.clear()
    for number in range(MENTION_MAILS_PER_HOUR + 2):
        say(bob if number % 2 else cy, game, f"@ann ping {number}")
    assert len(mentions_to(ann.email)) == MENTION_MAILS_PER_HOUR
    client = Client()
    client.force_login(ann)
    assert f"ping {MENTION_MAILS_PER_HOUR + 1}" in client.get(f"/games/{game.pk}/").content.decode()
    say(ann, game, "@bob still mailed")  # the cap is per recipient
    assert len(mentions_to(bob.email)) == 1
    Outbox.objects.filter(kind=MailKind.MENTION).update(created=clock.now() - timedelta(minutes=61))
    say(cy, game, "@ann an hour later")
    assert len(mentions_to(ann.email)) == MENTION_MAILS_PER_HOUR + 1
