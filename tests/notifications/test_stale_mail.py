"""A decision mail held back by an outage is not sent once its decision is over: the newer mail is.

Real parts: a Celery worker on Redis and an SMTP listener on loopback; the web side's broker is
unreachable while the moves are made, so every mail waits in the outbox for the beat sweeper.
"""

from __future__ import annotations

from datetime import timedelta

from notifications import clock, deadlines
from notifications.models import Deadline, MailKind, Outbox, OutboxStatus
from notifications.tasks import sweep_outbox
from tests.notifications.conftest import broker_unreachable
from tests.notifications.helpers import move, move_links, start_game
from tests.notifications.realparts import wait_until

DAY = timedelta(hours=24)


def _finished(rows) -> bool:
    return not rows.filter(status__in=[OutboxStatus.PENDING, OutboxStatus.SENDING]).exists()


def _sweep_after_the_outage(monkeypatch, settings) -> None:
    """The broker is back: beat's sweep, a re-queue interval later, hands the waiting rows to the worker."""
    later = clock.now() + timedelta(seconds=settings.TURNPOST_MAIL_REQUEUE_SECONDS + 1)
    monkeypatch.setattr(clock, "now", lambda: later)
    sweep_outbox()


def test_mail_for_a_decision_already_taken_is_superseded_by_the_newer_one(
    redis_worker, smtp_sink, players, monkeypatch, settings
):
    with broker_unreachable():
        game = start_game(players, move_time_limit=DAY)  # ann is asked first; bob and cy hear of the start
        Deadline.objects.filter(game=game, seat=0).update(remind_at=clock.now() - timedelta(minutes=1))
        assert deadlines.sweep(clock.now())["reminders"] == 1  # ann's reminder, for the prompt of move 1
        move(game.pk, 0, {"type": "place_tile", "tile": "2A"})  # ann is asked which chain to found
        move(game.pk, 0, {"type": "found_chain", "chain": "tower"})  # and then what to buy
    rows = Outbox.objects.filter(game=game)
    assert set(rows.values_list("status", flat=True)) == {OutboxStatus.PENDING}  # nothing went out

    _sweep_after_the_outage(monkeypatch, settings)
    wait_until(lambda: _finished(rows))

    ann = [message for message in smtp_sink.messages if message.to == ["ann@example.com"]]
    current = rows.get(recipient=players[0], kind=MailKind.TURN, version=2)
    assert current.status == OutboxStatus.SENT
    assert [message.subject for message in ann] == [current.subject]  # one mail: the buy decision
    assert "Buy nothing" in move_links(ann[0].text)  # its links answer the decision open now
    stale = rows.filter(recipient=players[0]).exclude(pk=current.pk)
    assert sorted(stale.values_list("kind", "version")) == [
        (MailKind.REMINDER, 0), (MailKind.TURN, 0), (MailKind.TURN, 1)
    ]
    for row in stale:
        assert row.status == OutboxStatus.SKIPPED and row.note.startswith("superseded: "), (row.kind, row.note)
    # News of the start is still worth having after the game moved on.
    started = rows.filter(kind=MailKind.STARTED)
    assert set(started.values_list("status", flat=True)) == {OutboxStatus.SENT}
    assert sorted(m.to[0] for m in smtp_sink.messages if "started" in m.subject) == [
        "bob@example.com", "cy@example.com"
    ]


def test_the_mail_history_says_the_older_mail_was_superseded(redis_worker, smtp_sink, players, monkeypatch, settings):
    from django.test import Client

    with broker_unreachable():
        game = start_game(players)
        move(game.pk, 0, {"type": "place_tile", "tile": "2A"})
    _sweep_after_the_outage(monkeypatch, settings)
    wait_until(lambda: _finished(Outbox.objects.filter(game=game)))
    client = Client()
    client.force_login(players[0])
    page = client.get("/mail/history/").content.decode()
    assert "not sent (superseded: you have played since this mail was written (move 1))" in page
