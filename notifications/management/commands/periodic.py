"""Run the beat schedule's tasks in this process: the embedded run's stand-in for celery beat.

Without it, the embedded run (no broker, tasks in-process) would never send reminders,
act on timeouts, send digests or release mail held for quiet hours.
"""

from __future__ import annotations

import importlib
import time

from celery import current_app
from django.conf import settings
from django.core.management.base import BaseCommand


def register_tasks(names: list[str]) -> None:
    """Import each scheduled task's module, so the Celery app knows it (mail imports no app above it by name)."""
    for name in names:
        importlib.import_module(name.rsplit(".", 1)[0])


class Command(BaseCommand):
    help = "Run CELERY_BEAT_SCHEDULE's tasks in-process, each at its interval (or once with --once)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--once", action="store_true", help="run every scheduled task once and exit")

    def handle(self, *args, once: bool = False, **options) -> None:
        schedule = {entry["task"]: float(entry["schedule"]) for entry in settings.CELERY_BEAT_SCHEDULE.values()}
        register_tasks(list(schedule))
        due = dict.fromkeys(schedule, 0.0)
        while True:
            now = time.monotonic()
            for name, interval in schedule.items():
                if once or now >= due[name]:
                    self._run(name)
                    due[name] = now + interval
            if once:
                return
            time.sleep(max(1.0, min(due.values()) - time.monotonic()))

    def _run(self, name: str) -> None:
        """Run one task here; a failure is reported and the loop goes on, as beat would."""
        try:
            current_app.tasks[name].apply(throw=True)
        except Exception as error:
            self.stderr.write(f"{name} failed: {error}")
