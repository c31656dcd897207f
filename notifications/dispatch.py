"""Hands committed outbox rows (and standing order runs) to the Celery workers: from a background thread.

The outbox row is the truth; the send task is only a nudge (the beat sweeper re-queues any
due row that no task took).  Publishing a task costs about a millisecond of kombu work, and a
move's request used to pay it on commit, before its redirect.  So a web process now hands the
ids to one thread of its own, which waits a moment (``LINGER_SECONDS``) for the ids of other
commits and publishes what gathered as one task.  Under load a task carries several moves'
mail; in a quiet process it carries one, a few tens of milliseconds later.

Standing order runs (``models.OrderRun``) take the same way, on a dispatcher of their own, one
task per run.  A broker that refuses a publish loses nothing and breaks no page: the error is
logged in the thread, the rows stay pending, and the sweeper queues them again.

Nor does a process that ends with ids in hand: a flush at exit publishes every id it still has,
those its thread is lingering with included (a killed process leaves its rows to the sweeper).

With eager tasks (the embedded run, most tests) there is no broker and no thread: the rows
are sent at once, in the committing thread.

The tasks sit above this module (they send what the outbox rows below it hold), so the
publishers come from them: ``tasks.publish_rows`` and ``tasks.publish_order_runs``, handed
over by ``connect`` when the app is ready (``apps.NotificationsConfig.ready``).
"""

from __future__ import annotations

import atexit
import logging
import os
import threading
import time
from collections.abc import Callable, Iterable

from turnpost.celery import app

logger = logging.getLogger(__name__)

# How long the thread waits for more ids after the first; mail is hours apart, this is nothing.
LINGER_SECONDS = 0.05


class Dispatcher:
    """Ids waiting to be published and the thread that publishes them; started on first use in each process.

    The waiting ids are one list, whether the thread has woken for them or not, so a flush
    (at exit) publishes every id the process still has, and each id once: the thread and a
    flush take the list under one lock, and a flush waits for a publish already under way.

    The owning process id is kept so that a forked child (gunicorn and Celery prefork workers
    fork after import) starts a thread of its own instead of feeding one that does not exist there.
    """

    def __init__(self, publish: Callable[[list[int]], None], linger: float = LINGER_SECONDS, what: str = "outbox rows"):
        self._publish, self._linger, self._what = publish, linger, what
        self._lock = threading.Lock()
        self._pid: int | None = None
        self._reset()

    def _reset(self) -> None:
        """Fresh state for this process: a parent's waiting ids and locks are the parent's."""
        self._waiting: list[int] = []
        self._ready = threading.Condition()
        self._publishing = threading.Lock()

    def publish_with(self, publish: Callable[[list[int]], None]) -> None:
        """Publish from now on with ``publish`` (``connect`` gives the tasks' publishers at app ready)."""
        self._publish = publish

    def submit(self, outbox_ids: Iterable[int]) -> None:
        ids = list(outbox_ids)
        if ids:
            self._ensure_thread()
            with self._ready:
                self._waiting += ids
                self._ready.notify()

    def flush(self) -> None:
        """Publish every id this process still has, in the calling thread (at exit; tests)."""
        if self._pid == os.getpid():
            self._publish_waiting()

    def _ensure_thread(self) -> None:
        if self._pid == os.getpid():
            return
        with self._lock:
            if self._pid != os.getpid():
                self._reset()
                threading.Thread(target=self._run, name=f"dispatcher of {self._what}", daemon=True).start()
                self._pid = os.getpid()

    def _run(self) -> None:
        while True:
            with self._ready:
                self._ready.wait_for(lambda: self._waiting)
            time.sleep(self._linger)
            self._publish_waiting()

    def _publish_waiting(self) -> None:
        with self._publishing:
            with self._ready:
                ids, self._waiting = self._waiting, []
            self._publish_safely(ids)

    def _publish_safely(self, ids: list[int]) -> None:
        if not ids:
            return
        try:
            self._publish(ids)
        except Exception:  # the rows stay pending; the sweeper queues them again
            logger.exception("could not queue %d %s; the sweeper will pick them up", len(ids), self._what)


def _not_connected(ids: list[int]) -> None:
    raise RuntimeError("no publisher connected: notifications.apps connects the tasks' publishers at ready()")


_dispatcher = Dispatcher(_not_connected)
_order_dispatcher = Dispatcher(_not_connected, what="standing order runs")
atexit.register(_dispatcher.flush)
atexit.register(_order_dispatcher.flush)


def connect(publish_rows: Callable[[list[int]], None], publish_order_runs: Callable[[list[int]], None]) -> None:
    """Publish outbox rows and standing order runs with these (the tasks' publishers, given at app ready)."""
    _dispatcher.publish_with(publish_rows)
    _order_dispatcher.publish_with(publish_order_runs)


def submit(outbox_ids: Iterable[int]) -> None:
    """Queue the sends of rows whose transaction has committed."""
    _submit(_dispatcher, outbox_ids)


def submit_order_runs(run_ids: Iterable[int]) -> None:
    """Queue the standing order runs (``models.OrderRun``) whose transaction has committed."""
    _submit(_order_dispatcher, run_ids)


def _submit(dispatcher: Dispatcher, ids: Iterable[int]) -> None:
    if app.conf.task_always_eager:
        dispatcher._publish(list(ids))
    else:
        dispatcher.submit(ids)
