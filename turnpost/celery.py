"""The Celery application; settings come from Django's CELERY_* names.

Its tasks reconnect to the database on their own after PostgreSQL restarts (turnpost/reconnect.py).
"""

import os

from celery import Celery
from celery.signals import task_postrun, task_prerun

from turnpost.reconnect import ReconnectingTask, close_unusable_connections

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "turnpost.settings")

app = Celery("turnpost", task_cls=ReconnectingTask)
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
task_prerun.connect(close_unusable_connections)
task_postrun.connect(close_unusable_connections)
