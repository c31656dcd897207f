"""The turn mail carries its deadline as an .ics when its player asked for it: on locmem, and end to end over SMTP."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from icalendar import Calendar

from calendars.feeds import feed_of
from notifications.models import Deadline, MailKind
from tests.notifications.helpers import TO_MERGER, move, outbox_to, start_game
from tests.notifications.realparts import wait_until

DAY = timedelta(hours=24)


def asks_for_invites(client, user) -> None:
    """The player ticks the box on the account page, as they would."""
    client.force_login(user)
    assert client.post("/calendar/turn-mail/", {"turn_mail_invite": "on"}).status_code == 302
    client.logout()


def the_event(content: bytes | str):
    [event] = Calendar.from_ical(content).walk("VEVENT")
    return event


def ann_plays_her_turn(game) -> None:
    for seat, action in TO_MERGER[:3]:
        move(game.pk, seat, action)


@pytest.mark.django_db(transaction=True)
def test_the_turn_mail_of_a_player_who_asked_carries_the_deadline(client, players):
    bob = players[1]
    asks_for_invites(client, bob)
    game = start_game(players, move_time_limit=DAY)
    mail.outbox.clear()
    ann_plays_her_turn(game)
    [turn] = [message for message in outbox_to(bob.email) if message.tags == [MailKind.TURN]]
    [(filename, content, mimetype)] = turn.attachments
    assert filename == "deadline.ics" and mimetype.startswith("text/calendar")
    due = Deadline.objects.get(game=game, seat=1, resolved=False).due_at
    assert the_event(content).decoded("DTSTART") == due.replace(microsecond=0)


@pytest.mark.django_db(transaction=True)
def test_a_player_who_did_not_ask_gets_no_attachment(client, players):
    bob = players[1]
    feed_of(bob)  # has a feed, but never ticked the box
    game = start_game(players, move_time_limit=DAY)
    mail.outbox.clear()
    ann_plays_her_turn(game)
    assert outbox_to(bob.email) and all(not message.attachments for message in outbox_to(bob.email))


@pytest.mark.django_db(transaction=True)
def test_unticking_the_box_stops_the_attachments(client, players):
    bob = players[1]
    asks_for_invites(client, bob)
    client.force_login(bob)
    client.post("/calendar/turn-mail/", {})
    assert not feed_of(bob).turn_mail_invite
    assert 'name="turn_mail_invite">' in client.get("/accounts/").content.decode()  # shown unticked


def test_the_invitation_reaches_the_smtp_listener_from_the_real_worker(redis_worker, smtp_sink, client, players):
    bob = players[1]
    asks_for_invites(client, bob)
    game = start_game(players, move_time_limit=DAY)
    ann_plays_her_turn(game)

    def bobs_turn_mails():
        return [m for m in smtp_sink.wait_for(0) if m.to == [bob.email] and m.attachments]

    wait_until(bobs_turn_mails)
    [received] = bobs_turn_mails()
    [(filename, content_type, content)] = received.attachments
    assert filename == "deadline.ics" and content_type == "text/calendar"
    event = the_event(content)
    due = Deadline.objects.get(game=game, seat=1, resolved=False).due_at
    assert event.decoded("DTSTART") == due.replace(microsecond=0)
    assert str(event["UID"]) == f"deadline-{game.pk}-1-{game.version + 3}@turnpost"
    assert f"move {game.version + 4}: " in received.subject  # the turn mail of bob's first move
