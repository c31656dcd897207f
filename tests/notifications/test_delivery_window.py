"""At-least-once delivery, and the windows in which a mail could go twice kept as short as they cheaply can be.

A batch task claims its rows together and sends them one after another; a slow mail server
can make a later row outlive its lease while it waits, and the sweeper then hands it to
another worker.  The batch must not send it as well.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
from django.core.mail.backends.base import BaseEmailBackend

from notifications import clock
from notifications.delivery import deliver, deliver_batch, drop_connections, lease
from notifications.models import MailKind, Outbox, OutboxStatus
from tests.notifications.helpers import start_game

pytestmark = pytest.mark.django_db(transaction=True)


class SlowServer(BaseEmailBackend):
    """Records what it is handed; ``during_first`` runs while it takes the first message (a slow server)."""

    sent: list = []
    during_first: Callable[[], None] | None = None

    def send_messages(self, messages):
        for message in messages:
            SlowServer.sent.append(message)
            hook, SlowServer.during_first = SlowServer.during_first, None
            if hook is not None:
                hook()
        return len(messages)


def first_turn_row(players) -> Outbox:
    """Ann's turn mail of a new game (the other seats' start notices are rows of their own)."""
    return Outbox.objects.get(game=start_game(players), kind=MailKind.TURN, recipient=players[0])


@pytest.fixture
def slow_server(settings):
    drop_connections()
    settings.EMAIL_BACKEND = f"{__name__}.SlowServer"
    SlowServer.sent, SlowServer.during_first = [], None
    yield SlowServer
    drop_connections()


def test_a_row_another_worker_took_during_a_slow_batch_is_sent_once(players, queued, slow_server, monkeypatch):
    rows = [first_turn_row(players).pk for _ in range(2)]  # ann's first turn in two games
    start = clock.now()
    after_lease = start + lease() + timedelta(seconds=1)

    def meanwhile():
        """The first mail took longer than the lease; the sweeper gave the second row to another worker."""
        monkeypatch.setattr(clock, "now", lambda: after_lease)
        assert deliver(rows[1], after_lease).outcome == "sent"

    slow_server.during_first = meanwhile
    outcomes = dict(deliver_batch(rows, start))
    assert [message.extra_headers["Message-ID"] for message in slow_server.sent] == [
        f"<outbox.{rows[0]}@turnpost.localhost>", f"<outbox.{rows[1]}@turnpost.localhost>"
    ]
    assert outcomes[rows[0]].outcome == "sent"
    assert set(Outbox.objects.filter(pk__in=rows).values_list("status", flat=True)) == {OutboxStatus.SENT}


def test_a_row_sent_again_after_its_lease_keeps_its_message_id(players, queued, slow_server):
    """A worker that died after the server took the mail: the resend is a duplicate the receiver can recognise."""
    row = first_turn_row(players)
    start = clock.now()
    assert deliver(row.pk, start).outcome == "sent"
    Outbox.objects.filter(pk=row.pk).update(status=OutboxStatus.SENDING)  # its worker died before recording it
    assert deliver(row.pk, start + lease() + timedelta(seconds=1)).outcome == "sent"
    first, again = (message.extra_headers["Message-ID"] for message in slow_server.sent)
    assert first == again == f"<outbox.{row.pk}@turnpost.localhost>"
