"""Delivery: the conditional claim, retries with capped jittered backoff, permanent failures, the sweeper."""

import threading
from datetime import timedelta

import pytest
from django.db import connections, transaction

from notifications import clock
from notifications.delivery import backoff, claim, deliver, requeue_stale
from notifications.models import MailKind, Outbox, OutboxStatus, Suppression
from notifications.outbox import enqueue
from tests.notifications.backends import REFUSED
from tests.notifications.helpers import move, outbox_to, start_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_row_is_sent_once_however_often_its_task_runs(game):
    row = Outbox.objects.get(game=game, kind=MailKind.TURN)
    assert row.status == OutboxStatus.SENT and row.attempts == 1
    assert deliver(row.pk).outcome == "busy"
    assert len(outbox_to("ann@example.com")) == 1
    row.refresh_from_db()
    assert row.message_id == f"<outbox.{row.pk}@turnpost.localhost>"
    assert row.subject.startswith("Acquire by ann") and row.sent_at is not None


def test_only_one_of_two_claims_wins(players, flaky):
    flaky.failures = 1
    game = start_game(players)
    row = Outbox.objects.get(game=game, kind=MailKind.TURN)
    later = row.send_after + timedelta(seconds=1)
    assert claim(row.pk, later) is not None
    assert claim(row.pk, later) is None


def test_a_transient_failure_is_retried_with_backoff(players, flaky, settings):
    flaky.failures = 1
    game = start_game(players)
    row = Outbox.objects.get(game=game, kind=MailKind.TURN)
    assert (row.status, row.attempts) == (OutboxStatus.PENDING, 1)
    assert "retrying: SMTPDataError" in row.note
    wait = (row.send_after - row.created).total_seconds()
    assert settings.TURNPOST_MAIL_RETRY_BASE_SECONDS / 2 <= wait <= settings.TURNPOST_MAIL_RETRY_BASE_SECONDS
    assert deliver(row.pk, row.send_after - timedelta(seconds=1)).outcome == "busy"  # not due yet
    assert deliver(row.pk, row.send_after).outcome == "sent"
    assert len(outbox_to("ann@example.com")) == 1


def test_backoff_is_capped_and_jittered(settings):
    cap = settings.TURNPOST_MAIL_RETRY_CAP_SECONDS
    delays = [backoff(attempt) for attempt in range(1, 30)]
    assert all(0 < delay <= cap for delay in delays)
    assert max(delays[-10:]) <= cap and min(delays[-10:]) >= cap / 2
    assert len({round(delay, 6) for delay in delays}) > 20


def test_it_gives_up_after_the_last_attempt(players, flaky, settings):
    settings.TURNPOST_MAIL_MAX_ATTEMPTS = 2
    flaky.failures = 5
    game = start_game(players)
    row = Outbox.objects.get(game=game, kind=MailKind.TURN)
    assert deliver(row.pk, row.send_after).outcome == "failed"
    row.refresh_from_db()
    assert row.status == OutboxStatus.FAILED and row.note.startswith("gave up")


def test_a_refused_recipient_fails_the_row_and_suppresses_the_address(players, flaky):
    flaky.failures, flaky.error = 1, REFUSED
    game = start_game(players)
    assert Outbox.objects.get(game=game, kind=MailKind.TURN).status == OutboxStatus.FAILED
    assert Suppression.objects.get().address == "ann@example.com"


def test_a_mail_whose_decision_was_taken_is_not_sent(players, flaky):
    flaky.failures = 1
    game = start_game(players)
    move(game.pk, 0, {"type": "place_tile", "tile": "12G"})  # nothing to buy: the service answers for ann
    first = Outbox.objects.get(game=game, version=0, kind=MailKind.TURN)
    assert deliver(first.pk, first.send_after).outcome == "skipped"
    first.refresh_from_db()
    assert first.status == OutboxStatus.SKIPPED
    assert first.note == "superseded: you have played since this mail was written (move 1)"


def test_the_sweeper_requeues_stale_rows_and_skips_locked_ones(players, flaky, settings):
    flaky.failures = 1  # ann's turn mail fails; bob's and cy's news of the start go
    game = start_game(players)
    flaky.failures = 1
    with transaction.atomic():
        other = enqueue(game.pk, 99, players[0], MailKind.TURN, 0)
    rows = [Outbox.objects.get(game=game, version=0, kind=MailKind.TURN), other]
    later = clock.now() + timedelta(seconds=settings.TURNPOST_MAIL_RETRY_CAP_SECONDS + 1)
    locked, release = threading.Event(), threading.Event()

    def hold_lock():
        with transaction.atomic():
            Outbox.objects.select_for_update().get(pk=rows[1].pk)
            locked.set()
            release.wait(10)
        connections.close_all()

    holder = threading.Thread(target=hold_lock)
    holder.start()
    try:
        assert locked.wait(10)
        assert requeue_stale(later) == [rows[0].pk]  # the locked row is another sweeper's
        assert requeue_stale(later) == []  # just queued: not stale again until the requeue interval passes
    finally:
        release.set()
        holder.join()
    assert requeue_stale(later) == [rows[1].pk]
    again = later + timedelta(seconds=settings.TURNPOST_MAIL_REQUEUE_SECONDS + 1)
    assert sorted(requeue_stale(again)) == sorted(row.pk for row in rows)


def test_the_beat_sweeper_sends_a_backlog_in_batches(players, flaky, monkeypatch, settings):
    from notifications.tasks import sweep_outbox

    flaky.failures = 1
    game = start_game(players)
    row = Outbox.objects.get(game=game, kind=MailKind.TURN)
    assert row.status == OutboxStatus.PENDING
    later = row.send_after + timedelta(seconds=settings.TURNPOST_MAIL_REQUEUE_SECONDS + 1)
    monkeypatch.setattr(clock, "now", lambda: later)
    assert sweep_outbox() == 1
    row.refresh_from_db()
    assert (row.status, row.attempts) == (OutboxStatus.SENT, 2)
    assert sweep_outbox() == 0


def test_a_batch_claims_only_what_is_due_and_free(players, flaky):
    from notifications.delivery import deliver_batch

    flaky.failures = 1
    game = start_game(players)
    pending = Outbox.objects.get(game=game, kind=MailKind.TURN)
    with transaction.atomic():
        done = enqueue(game.pk, 0, players[1], MailKind.REMINDER, 1)  # bob is not asked: skipped at once
    assert Outbox.objects.get(pk=done.pk).status == OutboxStatus.SKIPPED
    assert deliver_batch([pending.pk], pending.send_after - timedelta(seconds=1)) == []  # not due yet
    later = pending.send_after + timedelta(seconds=1)
    outcomes = [(pk, result.outcome) for pk, result in deliver_batch([pending.pk, done.pk, 999_999], later)]
    assert outcomes == [(pending.pk, "sent")]
    assert deliver_batch([pending.pk], later) == []
    assert len(outbox_to("ann@example.com")) == 1


def test_provider_click_tracking_is_off(game):
    message = outbox_to("ann@example.com")[-1]
    assert message.track_clicks is False and message.tags == ["turn"]
