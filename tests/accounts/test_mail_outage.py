"""A mail server outage delays sign-in and invitation mail; it never breaks the page or loses the mail.

The SMTP listener is real: first its port is closed (nothing listens), then it starts on that port.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from games.models import Game
from notifications import clock
from notifications.delivery import deliver_batch, drop_connections, requeue_stale
from notifications.models import MailKind, Outbox, OutboxStatus
from tests.accounts.conftest import MailingClient
from tests.accounts.mailed import confirm_form, link_in, path_of
from tests.notifications.conftest import worker_on_redis
from tests.notifications.realparts import SmtpSink, wait_until


@pytest.fixture
def smtp_down(settings):
    """Django's SMTP backend pointed at a loopback port where nothing listens yet; ``start()`` brings it up."""
    sink = SmtpSink()
    drop_connections()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", sink.port
    yield sink
    drop_connections()
    if sink.controller._thread is not None:  # a test that failed before starting it has nothing to stop
        sink.stop()


@pytest.fixture
def worker_with_smtp_down(transactional_db, smtp_down, tmp_path, monkeypatch):
    """A real Celery worker on Redis whose SMTP server is down; it retries after about a second."""
    monkeypatch.setenv("TURNPOST_MAIL_RETRY_BASE_SECONDS", "1")
    with worker_on_redis(smtp_down.port, tmp_path / "worker.log") as worker:
        yield worker


@pytest.mark.django_db
def test_signing_in_while_smtp_is_down_answers_and_the_link_goes_once_it_is_back(smtp_down):
    client = MailingClient(raise_request_exception=False)
    response = client.post("/accounts/signin/", {"email": "ann@example.com"})
    assert response.status_code == 200 and "Check your mail" in response.content.decode()
    row = Outbox.objects.get(kind=MailKind.SIGNIN)
    assert row.status == OutboxStatus.PENDING and row.attempts == 1 and "retrying" in row.note

    smtp_down.start()
    later = clock.now() + timedelta(hours=1)  # past any backoff: the beat sweeper's next round
    deliver_batch(requeue_stale(later), later)
    (message,) = smtp_down.wait_for(1)
    assert message.to == ["ann@example.com"] and "sign-in link" in message.subject
    page = client.get(path_of(link_in(message.text)))
    signed_in = client.post("/accounts/signin/link/", confirm_form(page.content.decode()))
    assert signed_in.status_code == 302 and "_auth_user_id" in client.session


def test_a_game_created_while_smtp_is_down_is_saved_and_its_invitations_arrive_later(
    worker_with_smtp_down, smtp_down, players
):
    client = MailingClient(raise_request_exception=False)
    client.force_login(players[0])
    response = client.post("/games/new/", {
        "title": "acquire", "name": "Outage game", "seat_count": "3", "seat_order_mode": "random",
        "time_limit": "none", "invitations": "new@example.com zed@example.com",
    })
    game = Game.objects.get(name="Outage game")
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    rows = Outbox.objects.filter(game=game, kind=MailKind.INVITATION)
    wait_until(lambda: rows.filter(attempts__gte=1).count() == 2)  # the worker tried, and failed
    assert not smtp_down.messages

    smtp_down.start()  # the worker's own retries deliver them; nobody steps in
    messages = smtp_down.wait_for(2)
    assert sorted(m.to[0] for m in messages) == ["new@example.com", "zed@example.com"]
    assert all(f"/games/{game.pk}/invitation/" in m.text for m in messages)
    wait_until(lambda: set(rows.values_list("status", flat=True)) == {OutboxStatus.SENT})
    invited = MailingClient()
    link = path_of(link_in(next(m for m in messages if m.to == ["new@example.com"]).text))
    assert invited.post(link, {"display_name": "Newt", "time_zone": "UTC"}).status_code == 302
    assert game.seats.filter(user__email="new@example.com").exists()


@pytest.mark.django_db
def test_an_invitation_held_back_by_the_outage_is_dropped_once_its_seat_is_taken(smtp_down, players,
                                                                                django_capture_on_commit_callbacks):
    from games import services

    with django_capture_on_commit_callbacks(execute=True):
        game = services.create_game(players[0], "acquire", 3, invited_emails=[players[1].email])
    row = Outbox.objects.get(game=game, kind=MailKind.INVITATION)
    assert row.status == OutboxStatus.PENDING and row.attempts == 1
    services.take_seat(game.pk, players[1])  # bob found the game on his own page meanwhile
    smtp_down.start()
    later = clock.now() + timedelta(hours=1)
    deliver_batch(requeue_stale(later), later)
    row.refresh_from_db()
    assert row.status == OutboxStatus.SKIPPED and "seat was taken" in row.note
    assert not smtp_down.messages
