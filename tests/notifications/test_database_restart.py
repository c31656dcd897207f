"""PostgreSQL restarts under a running site: the worker and the move links recover on their own.

Each test runs against a copy of the test database on a throwaway PostgreSQL server
(tests/realservers.py), never the machine's, and restarts or stops that server.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection

from tests.notifications.helpers import move, move_links, outbox_to, path_of, start_game
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
    smtp_sink.wait_for(3)  # ann's turn, bob's and cy's news of the start: the worker holds a database connection now
    throwaway_db.restart()
    reconnect()
    move(game.pk, 0, {"type": "place_tile", "tile": "2A"})
    messages = smtp_sink.wait_for(4, timeout=15)
    assert messages[3].to == ["ann@example.com"] and "Found Tower" in messages[3].text


def test_a_link_whose_use_died_with_the_database_works_again(throwaway_db, players, monkeypatch):
    """The database dies after the link's use is recorded and before the move (so the clean-up fails too)."""
    from django.test import Client

    from games.models import Action
    from notifications import clock, confirm

    game = start_game(players)  # eager tasks: ann's turn mail is in mail.outbox (with bob's and cy's start mails)
    (turn,) = outbox_to("ann@example.com")
    url = next(url for label, url in move_links(turn.body).items() if label.startswith("Place 2A"))
    real_play = confirm.play

    def database_dies(*args, **kwargs):
        throwaway_db.stop()
        return real_play(*args, **kwargs)

    monkeypatch.setattr(confirm, "play", database_dies)
    assert Client(raise_request_exception=False).post(path_of(url)).status_code == 500
    monkeypatch.setattr(confirm, "play", real_play)
    throwaway_db.start()
    reconnect()
    client = Client()
    assert "being used right now" in client.get(path_of(url)).content.decode()  # it might still be finishing
    later = clock.now() + timedelta(hours=1)  # "forever" before
    monkeypatch.setattr(clock, "now", lambda: later)
    assert "Confirm: Place 2A" in client.get(path_of(url)).content.decode()
    done = client.post(path_of(url))
    assert done.status_code == 200 and "Done: Place 2A" in done.content.decode()
    assert Action.objects.filter(game=game, payload__tile="2A").count() == 1
    assert "Done: Place 2A" in client.post(path_of(url)).content.decode()  # a second use shows the first's outcome
    assert Action.objects.filter(game=game, payload__tile="2A").count() == 1
