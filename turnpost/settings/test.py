"""Test settings: the machine's real PostgreSQL, fast hashing, mail kept in memory by default.

Tests that need the real SMTP listener or a real Celery worker switch those on
themselves (see tests/conftest.py).
"""

import os

# The site's settings refuse to load without a key (outside the embedded run): give them the tests' one.
TEST_SECRET_KEY = "tests-only-secret-key-with-enough-length-0123456789abcdef"
os.environ.setdefault("TURNPOST_SECRET_KEY", TEST_SECRET_KEY)

from turnpost.env import database_from_url  # noqa: E402
from turnpost.settings import *  # noqa: E402, F403

DATABASES = {
    "default": {
        **database_from_url(os.environ.get("TURNPOST_TEST_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")),
        # Django's PostgreSQL backend with a flush that deletes rather than truncates (its module says why).
        "ENGINE": "tests.postgres_backend",
        # Override to keep concurrent test runs on one machine out of each other's database.
        "TEST": {"NAME": os.environ.get("TURNPOST_TEST_DB_NAME", "turnpost_test")},
    }
}
DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
CELERY_BROKER_URL = "memory://localhost/"
CELERY_TASK_ALWAYS_EAGER = True
SECRET_KEY = "tests-only-secret-key-with-enough-length-0123456789abcdef"
