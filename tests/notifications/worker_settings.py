"""Settings for the Celery worker subprocess of the real-parts tests: the test database, Redis, the SMTP listener."""

import os

from turnpost.settings.test import *  # noqa: F403
from turnpost.settings.test import DATABASES

DATABASES["default"]["NAME"] = os.environ["TURNPOST_WORKER_DB_NAME"]
CELERY_BROKER_URL = os.environ["TURNPOST_WORKER_BROKER_URL"]
CELERY_TASK_ALWAYS_EAGER = False
EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
EMAIL_HOST = "127.0.0.1"
EMAIL_PORT = int(os.environ["TURNPOST_WORKER_SMTP_PORT"])
