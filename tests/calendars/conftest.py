"""The real-parts fixtures of the notification tests (a Celery worker on Redis, an SMTP listener), shared here."""

from tests.notifications.conftest import redis_worker, smtp_sink  # noqa: F401
