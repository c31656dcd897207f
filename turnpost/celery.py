"""The Celery application; settings come from Django's CELERY_* names."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "turnpost.settings")

app = Celery("turnpost")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
