"""Fixtures for the notification tests.  Most run eager on locmem mail; real-parts fixtures live in realparts.py."""

import smtplib
from contextlib import contextmanager

import pytest
from django.core import mail

from tests.notifications.helpers import start_game
from tests.redis_db import redis_url


@pytest.fixture
def flaky(settings):
    """Mail goes through FlakyBackend: set ``failures`` to make the next sends fail."""
    from notifications.delivery import drop_connections
    from tests.notifications.backends import FlakyBackend

    drop_connections()
    settings.EMAIL_BACKEND = "tests.notifications.backends.FlakyBackend"
    yield FlakyBackend
    FlakyBackend.failures = 0
    FlakyBackend.error = smtplib.SMTPDataError(451, b"4.3.0 try again later")
    drop_connections()


@pytest.fixture
def game(players):
    mail.outbox.clear()
    return start_game(players)


@pytest.fixture
def smtp_sink(settings):
    """A real SMTP listener on loopback, with Django's SMTP backend pointed at it."""
    from notifications.delivery import drop_connections
    from tests.notifications.realparts import SmtpSink

    sink = SmtpSink().start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", sink.port
    yield sink
    drop_connections()
    sink.stop()


@pytest.fixture
def redis_worker(transactional_db, smtp_sink, tmp_path):
    """A real Celery worker process on Redis; tasks queued here (on commit) go to it."""
    with worker_on_redis(smtp_sink.port, tmp_path / "worker.log") as worker:
        yield worker


@contextmanager
def worker_on_redis(smtp_port: int, log_path):
    """Publish to this process's Redis db (tests/redis_db.py), start a real worker on it (mail to ``smtp_port``).

    Both are undone after.
    """
    import redis
    from django.db import connection

    from tests.notifications.realparts import Worker
    from turnpost.celery import app

    broker = redis_url()
    redis.Redis.from_url(broker).flushdb()
    saved = {key: app.conf[key] for key in ("broker_url", "broker_write_url", "task_always_eager")}
    app.conf.update(broker_url=broker, broker_write_url=broker, task_always_eager=False)
    _reset_producers(app)
    worker = Worker(broker, smtp_port, connection.settings_dict["NAME"], log_path).start()
    try:
        yield worker
    finally:
        worker.stop()
        app.conf.update(**saved)
        _reset_producers(app)
        redis.Redis.from_url(broker).flushdb()


@contextmanager
def broker_unreachable():
    """Celery publishing to a Redis that does not answer (nothing listens on the port), as in an outage; undone after.

    Publishes inside fail and are logged, their rows stay pending for the sweeper (``dispatch``).
    """
    from notifications import dispatch
    from tests.realservers import free_port
    from turnpost.celery import app

    dead = f"redis://127.0.0.1:{free_port()}/0"
    saved = {key: app.conf[key] for key in ("broker_url", "broker_write_url", "task_always_eager")}
    app.conf.update(broker_url=dead, broker_write_url=dead, task_always_eager=False)
    _reset_producers(app)
    try:
        yield
    finally:
        for dispatcher in (dispatch._dispatcher, dispatch._order_dispatcher):
            dispatcher.flush()  # waits for a failing publish of the dispatcher thread, if one is under way
        app.conf.update(**saved)
        _reset_producers(app)


def _reset_producers(app):
    """Forget the app's pools (kombu keeps them per URL) so the next publish uses the current broker_url."""
    app._pool = None
    app.amqp._producer_pool = None
