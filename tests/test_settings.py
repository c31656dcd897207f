"""Deployment settings read from the environment: safe defaults and the session cache.

A site started with only its database set must not be the embedded run: no built-in key to
forge links with, no inbox page of everyone's sign-in links.  Production reads sessions through
Redis (``TURNPOST_SESSION_CACHE_URL``); the tests below run that configuration against the
machine's Redis and check what a player would notice: signing out ends the session for every
later request, whichever worker serves it.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.sessions.backends.cached_db import SessionStore
from django.core.cache import caches
from django.test import Client, override_settings

from tests.redis_db import redis_url
from turnpost.env import cache_from_url

ROOT = Path(__file__).resolve().parents[1]
REDIS_SESSIONS = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "settings-test"},
    "sessions": cache_from_url(redis_url()),
}


DEPLOYMENT_KEY = "deployment-test-key-" + "k" * 40
SESSION_SETTINGS = "from django.conf import settings as s; print(s.SESSION_ENGINE, s.SESSION_CACHE_ALIAS)"


def run_site_code(code: str, **env: str) -> subprocess.CompletedProcess:
    """Run ``code`` in a fresh interpreter on the site's settings, with only ``env`` of ours set."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("TURNPOST_", "DATABASE_", "CELERY_"))}
    clean["DJANGO_SETTINGS_MODULE"] = "turnpost.settings"
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**clean, **env}, capture_output=True, text=True)


def settings_with(**env: str) -> subprocess.CompletedProcess:
    """Import the site's settings in a fresh interpreter with ``env`` added (and a deployment's key)."""
    return run_site_code(SESSION_SETTINGS, **{"TURNPOST_SECRET_KEY": DEPLOYMENT_KEY, **env})


START = "import django; django.setup(); print('started')"


def test_a_deployment_without_a_secret_key_refuses_to_start(tmp_path):
    result = run_site_code(START, DATABASE_URL=f"sqlite:///{tmp_path / 'site.sqlite3'}")
    assert result.returncode != 0
    assert "ImproperlyConfigured: Set TURNPOST_SECRET_KEY to a long random string" in result.stderr
    assert "started" not in result.stdout


def test_only_the_embedded_run_has_the_development_key(tmp_path):
    result = run_site_code(START, TURNPOST_EMBEDDED="true", TURNPOST_VAR_DIR=str(tmp_path))
    assert result.stdout.strip() == "started", result.stderr


INBOX_PAGE = """
import django
django.setup()
from django.conf import settings
from django.test import Client
print(settings.EMAIL_BACKEND, Client().get("/inbox/").status_code)
"""


def test_a_deployment_sends_mail_and_has_no_inbox_page(tmp_path):
    result = run_site_code(INBOX_PAGE, DATABASE_URL=f"sqlite:///{tmp_path / 'site.sqlite3'}",
                           TURNPOST_SECRET_KEY=DEPLOYMENT_KEY, TURNPOST_ALLOWED_HOSTS="testserver")
    assert result.stdout.split() == ["django.core.mail.backends.smtp.EmailBackend", "404"], result.stderr
    # (the embedded run's inbox page: tests/test_embedded_run.py)


def test_sessions_are_read_from_the_database_without_a_session_cache():
    assert settings_with().stdout.split() == ["django.contrib.sessions.backends.db", "default"]


def test_a_redis_session_cache_serves_session_reads():
    result = settings_with(TURNPOST_SESSION_CACHE_URL=redis_url())
    assert result.stdout.split() == ["turnpost.sessions", "sessions"]


def test_a_per_process_session_cache_is_refused_at_start_up():
    result = settings_with(TURNPOST_SESSION_CACHE_URL="locmem://sessions")
    assert result.returncode != 0
    assert "must name a shared cache" in result.stderr


@pytest.mark.django_db(transaction=True)
@override_settings(CACHES=REDIS_SESSIONS, SESSION_ENGINE="django.contrib.sessions.backends.cached_db",
                   SESSION_CACHE_ALIAS="sessions")
def test_signing_out_ends_the_session_held_in_redis(players):
    caches["sessions"].clear()
    browser = Client()
    browser.force_login(players[0])
    cookie = browser.cookies["sessionid"].value
    assert SessionStore(cookie).get("_auth_user_id") == str(players[0].pk)
    assert caches["sessions"].get(SessionStore.cache_key_prefix + cookie) is not None  # read from Redis
    assert "Sign out" in browser.get("/").content.decode()

    browser.post("/accounts/signout/")
    stolen = Client()
    stolen.cookies["sessionid"] = cookie  # the old cookie, sent again later (another worker, say)
    assert "Sign out" not in stolen.get("/").content.decode()


def test_the_redis_cache_keeps_one_client_and_serves_every_thread():
    """Our backend reuses its redis-py client; values written in one thread are read in another."""
    import threading

    from turnpost.cache import RedisCache

    cache = RedisCache(redis_url(), {})
    cache.clear()
    assert cache._cache.get_client() is cache._cache.get_client(write=True)
    writers = [threading.Thread(target=cache.set, args=(f"k{n}", {"n": n})) for n in range(4)]
    for thread in writers:
        thread.start()
    for thread in writers:
        thread.join()
    assert [cache.get(f"k{n}") for n in range(4)] == [{"n": n} for n in range(4)]
    assert cache.add("counter", 1)
    assert cache.incr("counter") == 2
    cache.delete("k0")
    assert cache.get("k0") is None
    cache.clear()
