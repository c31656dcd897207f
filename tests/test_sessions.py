"""Sessions read through Redis (TURNPOST_SESSION_CACHE_URL) keep working while it is down.

The sessions are in the database; the cache only saves reads.  Each test runs a throwaway
redis-server (tests/realservers.py) and stops or pauses it.
"""

from __future__ import annotations

import pytest
from django.test import Client

from tests.games.factories import make_user
from tests.realservers import ThrowawayRedis
from turnpost.env import cache_from_url

ACCOUNT = "/accounts/"
TIMEOUTS = {"OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}}  # as the settings set them


@pytest.fixture(scope="module")
def redis_server():
    server = ThrowawayRedis().start()
    yield server
    server.stop()


@pytest.fixture
def session_cache(redis_server, settings):
    """The README's production layout: sessions in the database, read through Redis."""
    from turnpost import sessions

    redis_server.start()
    settings.CACHES = {**settings.CACHES, "sessions": {**cache_from_url(redis_server.url(2)), **TIMEOUTS}}
    settings.SESSION_ENGINE, settings.SESSION_CACHE_ALIAS = "turnpost.sessions", "sessions"
    sessions.reset()
    yield redis_server
    redis_server.resume()
    sessions.reset()


def signed_in(client: Client) -> bool:
    response = client.get(ACCOUNT)
    assert response.status_code in (200, 302), response.status_code
    return response.status_code == 200


@pytest.mark.django_db
def test_signed_in_pages_work_while_the_session_cache_is_down(session_cache):
    client = Client()
    client.force_login(make_user("ann@example.com", "ann"))
    assert signed_in(client)
    session_cache.stop()
    assert signed_in(client)  # from the database
    assert signed_in(client)
    session_cache.start()
    assert signed_in(client)


@pytest.mark.django_db
def test_a_sign_out_the_cache_missed_stays_signed_out_when_it_returns(session_cache, monkeypatch):
    from turnpost import sessions

    monkeypatch.setattr(sessions, "RETRY_AFTER_SECONDS", 0)  # try the cache again on the very next call
    ann = Client()
    ann.force_login(make_user("ann@example.com", "ann"))
    assert signed_in(ann)  # the session is cached now
    thief = Client()
    thief.cookies["sessionid"] = ann.cookies["sessionid"].value  # ann's session cookie, copied
    session_cache.pause()  # unreachable, but it keeps its keys
    assert ann.post("/accounts/signout/").status_code == 302
    session_cache.resume()
    assert not signed_in(thief)


def test_the_settings_read_sessions_through_this_store_when_a_session_cache_is_named():
    import os
    import subprocess
    import sys

    probe = "from turnpost import settings as s; print(s.SESSION_ENGINE, s.CACHES['sessions']['OPTIONS'])"
    env = {**os.environ, "TURNPOST_SESSION_CACHE_URL": "redis://127.0.0.1:6379/2"}
    done = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.split()[0] == "turnpost.sessions"
    assert "socket_timeout" in done.stdout
