"""Celery tasks find the database again on their own after PostgreSQL restarts.

Celery's Django fixup closes the connections only every ``CELERY_DB_REUSE_MAX`` tasks (the
reuse saves a reconnect per task), and Celery fires none of the request signals with which
Django drops a broken connection.  So a restart left every task of a worker failing with
"the connection is closed" until someone restarted the worker.  Here, around every task
run by a worker, a connection that failed is checked and closed (Django's
``close_if_unusable_or_obsolete``, as after each web request), and a task whose connection
turns out lost runs once more on a new one: tasks take ids and are idempotent, so the first
task after a restart is not lost either.  A database that is still down fails the task as
before; nothing loops.
"""

from __future__ import annotations

import logging
from typing import Any

from celery.contrib.django.task import DjangoTask
from django.db import InterfaceError, OperationalError, connections

logger = logging.getLogger(__name__)


def close_unusable_connections(sender: DjangoTask | None = None, **_signal: Any) -> None:
    """Before and after a worker's task: close connections that failed (and do not answer) or outlived CONN_MAX_AGE.

    Eager tasks are left alone: they run in the caller's thread, maybe inside its transaction.
    """
    if sender is None or getattr(sender.request, "is_eager", False):
        return
    for conn in connections.all(initialized_only=True):
        conn.close_if_unusable_or_obsolete()


def close_lost_connections() -> bool:
    """Close the open connections that no longer answer; True if there was one."""
    lost = False
    for conn in connections.all(initialized_only=True):
        if conn.connection is not None and not conn.is_usable():
            conn.close()
            lost = True
    return lost


class ReconnectingTask(DjangoTask):
    """Celery's Django task (``delay_on_commit``), run once more on a new connection if its connection was lost."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if getattr(self.request, "is_eager", False):
            return super().__call__(*args, **kwargs)
        try:
            return super().__call__(*args, **kwargs)
        except (OperationalError, InterfaceError):
            if not close_lost_connections():
                raise
            logger.warning("task %s lost its database connection; running it again on a new one", self.name)
            return super().__call__(*args, **kwargs)
