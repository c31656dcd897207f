"""Everyone hears that the game started: the first player in their turn mail, every other seat in a started mail."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail

from notifications.models import MailKind, Outbox, Preference, Stream
from tests.notifications.helpers import move_links, outbox_to, start_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_each_seat_gets_one_mail_with_the_seat_order_the_first_player_and_the_time_limit(players):
    mail.outbox.clear()
    start_game(players, move_time_limit=timedelta(hours=48))
    assert sorted(m.to[0] for m in mail.outbox) == ["ann@example.com", "bob@example.com", "cy@example.com"]
    for message in mail.outbox:
        assert "has started.\nSeat order: 1. ann, 2. bob, 3. cy.\nann starts." in message.body
        assert "Each move has a time limit of 48 hours." in message.body
    ann = outbox_to("ann@example.com")[0]
    assert "move 1: Which tile do you place?" in ann.subject and move_links(ann.body)  # the start, folded in
    bob = outbox_to("bob@example.com")[0]
    assert bob.subject == "Acquire by ann: the game has started, ann starts"
    assert not move_links(bob.body) and "Your tiles:\n  6A: founds a new chain" in bob.body
    assert "List-Unsubscribe" in bob.extra_headers


def test_a_player_who_turned_turn_mails_off_gets_no_start_mail(players):
    Preference.objects.create(user=players[2], game=None, stream=Stream.TURN, enabled=False)
    mail.outbox.clear()
    game = start_game(players)
    assert outbox_to("cy@example.com") == [] and len(outbox_to("bob@example.com")) == 1
    assert not Outbox.objects.filter(game=game, recipient=players[2]).exists()
    assert Outbox.objects.get(game=game, recipient=players[1]).kind == MailKind.STARTED


def test_the_start_mail_of_a_game_without_a_limit_says_so(players):
    mail.outbox.clear()
    start_game(players)
    assert "There is no time limit on moves." in outbox_to("cy@example.com")[0].body
