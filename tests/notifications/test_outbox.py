"""Outbox rows: written in the move's transaction, one per newly active seat, never for a rolled-back move."""

import pytest
from django.core import mail
from django.db import transaction

from engine.core import Prompt
from games.models import Game
from games.signals import move_applied
from notifications.announcements import newly_active
from notifications.models import MailKind, Outbox, OutboxStatus
from tests.notifications.helpers import TO_MERGER, move, outbox_to


def prompt(seat, name):
    return Prompt(seat, name, "?", ())


def test_it_notifies_only_seats_that_became_active():
    before = [prompt(0, "place_tile"), prompt(1, "stock_turn")]
    after = [prompt(1, "stock_turn"), prompt(2, "place_tile")]
    assert [p.seat for p in newly_active(before, after, acting_seat=0)] == [2]


def test_it_notifies_the_mover_again_when_asked_something_new():
    before = [prompt(0, "place_tile")]
    assert [p.seat for p in newly_active(before, [prompt(0, "found_chain")], acting_seat=0)] == [0]
    assert [p.seat for p in newly_active(before, [prompt(0, "place_tile")], acting_seat=0)] == [0]


@pytest.mark.django_db(transaction=True)
def test_it_mails_the_first_player_their_turn_and_the_others_the_start(game, players):
    rows = Outbox.objects.filter(game=game).order_by("recipient_id")
    assert [(row.recipient_id, row.kind, row.version, row.status) for row in rows] == [
        (players[0].pk, MailKind.TURN, 0, OutboxStatus.SENT),
        (players[1].pk, MailKind.STARTED, 0, OutboxStatus.SENT),
        (players[2].pk, MailKind.STARTED, 0, OutboxStatus.SENT),
    ]
    assert len(outbox_to("ann@example.com")) == 1


@pytest.mark.django_db(transaction=True)
def test_it_writes_one_row_per_game_version_recipient_and_kind(game, players):
    from notifications.outbox import enqueue

    with transaction.atomic():
        again = enqueue(game.pk, 0, players[0], MailKind.TURN, 0)
    assert Outbox.objects.filter(game=game, kind=MailKind.TURN).count() == 1
    assert again.status == OutboxStatus.SENT


@pytest.mark.django_db(transaction=True)
def test_it_sends_nothing_for_a_rolled_back_move(game):
    mail.outbox.clear()

    def fail_after_the_outbox(**kwargs):
        assert Outbox.objects.filter(game=kwargs["game"], version=1).exists()
        raise RuntimeError("something later in the move transaction failed")

    move_applied.connect(fail_after_the_outbox, dispatch_uid="test-rollback")
    try:
        with pytest.raises(RuntimeError):
            move(game.pk, 0, {"type": "place_tile", "tile": "2A"})
    finally:
        move_applied.disconnect(dispatch_uid="test-rollback")
    assert not Outbox.objects.filter(game=game, version=1).exists()
    assert Game.objects.get(pk=game.pk).version == 0
    assert mail.outbox == []
    move(game.pk, 0, {"type": "place_tile", "tile": "2A"})
    assert len(mail.outbox) == 1


@pytest.mark.django_db(transaction=True)
def test_it_mails_each_merger_holder_in_turn(game):
    for seat, action in TO_MERGER[:-1]:
        move(game.pk, seat, action)
    mail.outbox.clear()
    move(game.pk, *TO_MERGER[-1])
    for seat in (1, 2, 0):
        rows = Outbox.objects.filter(game=game, kind=MailKind.TURN).order_by("-version")
        assert rows[0].seat == seat  # only the holder whose turn it is has a mail waiting
        assert "Tower is absorbed by Luxor: what do you do with your" in mail.outbox[-1].subject
        move(game.pk, seat, {"type": "dispose_shares", "chain": "tower", "sell": 0, "trade": 0})
    assert [m.to[0] for m in mail.outbox] == ["bob@example.com", "cy@example.com", "ann@example.com", "bob@example.com"]
