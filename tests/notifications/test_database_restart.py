"""PostgreSQL restarts under a running site: the worker and the move links recover on their own.

Each test runs against a copy of the test database on a throwaway PostgreSQL server
(tests/realservers.py), never the machine's, and restarts or stops that server.
"""

from __future__ import annotations

import pytest
from django.db import connection

from tests.notifications.helpers import move, start_game
from tests.realservers import ThrowawayPostgres

pytestmark = pytest.mark.django_db(transaction=True)

# Rows a test leaves in the copy are removed; these hold what migrate made, which stays.
KEPT_TABLES = {"django_migrations", "django_content_type", "auth_permission"}


@pytest.fixture(scope="module")
def postgres_server():
    server = ThrowawayPostgres().start()
    yield server
    server.destroy()


@pytest.fixture
def throwaway_db(transactional_db, postgres_server, monkeypatch):
    """This process (and any worker started after it) on a copy of the test database on the throwaway server."""
    settings = connection.settings_dict
    name, saved = settings["NAME"], {key: settings[key] for key in ("HOST", "PORT")}
    if not getattr(postgres_server, "copied", False):
        postgres_server.copy_database(settings, name)
        postgres_server.copied = True
    connection.close()
    settings.update(HOST="127.0.0.1", PORT=str(postgres_server.port))
    monkeypatch.setenv("TURNPOST_TEST_DATABASE_URL", postgres_server.url)
    yield postgres_server
    _empty(postgres_server)
    settings.update(saved)
    connection.close()


def _empty(server: ThrowawayPostgres) -> None:
    connection.close()
    server.start()  # a test may have left it stopped
    tables = [t for t in connection.introspection.django_table_names(only_existing=True) if t not in KEPT_TABLES]
    with connection.cursor() as cursor:
        cursor.execute(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE")
    connection.close()


def reconnect() -> None:
    """This test process stands in for the web site, which reconnects per request: drop the dead connection."""
    connection.close()


def test_the_worker_sends_again_within_seconds_of_a_database_restart(throwaway_db, redis_worker, smtp_sink, players):
    game = start_game(players)
    smtp_sink.wait_for(1)  # the worker holds a database connection now
    throwaway_db.restart()
    reconnect()
    move(game.pk, 0, {"type": "place_tile", "tile": "2A"})
    messages = smtp_sink.wait_for(2, timeout=15)
    assert "Found Tower" in messages[1].text
