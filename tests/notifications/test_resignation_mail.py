"""Real parts: resignations' mail through a Celery worker on Redis to an SMTP listener on loopback."""

from __future__ import annotations

import pytest

from games import resignation
from games.models import Action, ActionSource
from notifications.models import Outbox
from tests.notifications.helpers import move, start_game
from tests.notifications.realparts import wait_until

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_others_hear_of_a_resignation_the_resigned_seat_gets_no_turn_mail_and_everyone_the_result(
        redis_worker, smtp_sink, players):
    bob, cy = players[1:]
    game = start_game(players)
    smtp_sink.wait_for(3)  # ann's turn, bob's and cy's news of the start
    resignation.resign(game.pk, cy)
    notices = smtp_sink.wait_for(5)[3:]
    assert sorted(message.to[0] for message in notices) == ["ann@example.com", "bob@example.com"]
    assert all(message.subject.endswith(": cy resigned") for message in notices)
    # Not "after move 0": the log says "before the first move" too.
    assert all("cy resigned from" in message.text and "before the first move." in message.text for message in notices)
    move(game.pk, 0, {"type": "place_tile", "tile": "12G"})  # nothing to buy: answered for ann; bob's turn
    assert smtp_sink.wait_for(6)[5].to == ["bob@example.com"]  # (a turn mail composed after its move is not sent)
    move(game.pk, 1, {"type": "place_tile", "tile": "2H"})  # nothing to buy; cy's turn, which the service plays
    turn = smtp_sink.wait_for(7)[6]
    assert turn.to == ["ann@example.com"] and "Which tile do you place" in turn.subject
    assert Action.objects.filter(game=game, seat=2, source=ActionSource.RESIGNED).exists()
    assert "Played for cy, who resigned." in turn.text
    resignation.resign(game.pk, bob)  # ann is the last player left: the game is over
    results = smtp_sink.wait_for(10)[7:]
    assert sorted(message.to[0] for message in results) == ["ann@example.com", "bob@example.com", "cy@example.com"]
    assert all("cy and bob resigned; ann wins." in message.text for message in results)
    wait_until(lambda: not Outbox.objects.filter(status__in=["pending", "sending"]).exists())
    to_cy = [message.subject for message in smtp_sink.messages if message.to == ["cy@example.com"]]
    assert len(to_cy) == 2 and to_cy[1].endswith("the game is over")  # the start, then only the result
