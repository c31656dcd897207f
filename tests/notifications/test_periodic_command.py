"""``manage.py periodic``: the embedded run's in-process beat runs every scheduled sweep."""

from datetime import timedelta

import pytest
from django.core.management import call_command

from notifications import clock
from notifications.models import MailKind, Outbox, OutboxStatus
from tests.notifications.helpers import start_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_once_runs_the_outbox_sweep_and_a_stuck_turn_mail_goes_out(players, flaky, monkeypatch, settings):
    flaky.failures = 1  # the mail queued by the start fails once and stays pending
    game = start_game(players)
    row = Outbox.objects.get(game=game, kind=MailKind.TURN)
    assert row.status == OutboxStatus.PENDING
    later = row.send_after + timedelta(seconds=settings.TURNPOST_MAIL_REQUEUE_SECONDS + 1)
    monkeypatch.setattr(clock, "now", lambda: later)
    call_command("periodic", "--once")
    row.refresh_from_db()
    assert row.status == OutboxStatus.SENT


def test_once_runs_every_task_of_the_beat_schedule(monkeypatch, settings):
    from celery import current_app

    ran = []
    for entry in settings.CELERY_BEAT_SCHEDULE.values():
        task = current_app.tasks[entry["task"]]
        monkeypatch.setattr(task, "run", lambda *a, _name=entry["task"], **k: ran.append(_name))
    call_command("periodic", "--once")
    assert sorted(ran) == sorted(entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values())
