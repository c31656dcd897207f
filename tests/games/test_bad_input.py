"""Input that once gave a 500: each is now refused in words, and nothing is saved.

An imported record's seed outside the database's range, a NUL in an imported player's name,
advanced options nested deeper than a parser should follow, a reminder of 10^20 hours.
"""

from __future__ import annotations

import html
import json

import pytest
from django.test import Client

from games import services
from games.models import Game
from notifications.models import GameMailSettings
from tests.games.factories import SCRIPT, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def browser(players) -> Client:
    """ann's client; ``raise_request_exception`` off, so a 500 shows as the page a player gets."""
    client = Client(raise_request_exception=False)
    client.force_login(players[0])
    return client


@pytest.fixture
def record(game) -> dict:
    return services.record_for(play(game, SCRIPT[:4]))


def page_of(response) -> str:
    return html.unescape(response.content.decode())


def import_record(browser: Client, record: dict):
    return browser.post("/games/import/", {"record": json.dumps(record)})


@pytest.mark.parametrize("seed", [2**63, -(2**63) - 1, 10**40])
def test_an_imported_seed_outside_the_databases_range_is_refused(browser, record, seed):
    games = Game.objects.count()
    response = import_record(browser, {**record, "seed": seed})
    assert response.status_code == 400
    assert "The record's seed is too large to keep" in page_of(response)
    assert Game.objects.count() == games


def test_the_largest_seed_the_database_keeps_is_imported(browser, record):
    response = import_record(browser, {**record, "seed": 2**63 - 1})  # the record's tile_bag fixes the draws
    assert response.status_code == 302
    assert Game.objects.get(status="imported").seed == 2**63 - 1


@pytest.mark.parametrize("name", ["ann\x00", "\x00", "b\u202eob"])
def test_an_imported_player_name_with_control_characters_is_refused(browser, record, name):
    games = Game.objects.count()
    response = import_record(browser, {**record, "players": [name, *record["players"][1:]]})
    assert response.status_code == 400
    assert "A player's name in the record cannot hold invisible or control characters" in page_of(response)
    assert Game.objects.count() == games


def test_nul_characters_elsewhere_in_a_record_are_refused(browser, record):
    response = import_record(browser, {**record, "options": {**record["options"], "note\x00": "x"}})
    assert response.status_code == 400 and Game.objects.filter(status="imported").count() == 0


def test_deeply_nested_advanced_options_are_refused(browser):
    games = Game.objects.count()
    response = browser.post("/games/new/", {"title": "acquire", "seat_count": 3, "seat_order_mode": "random",
                                            "time_limit": "none", "advanced_options": "[" * 20_000 + "]" * 20_000})
    assert response.status_code == 400
    assert "Advanced options are nested too deeply to read." in page_of(response)
    assert Game.objects.count() == games


def test_a_reminder_of_ten_to_the_twenty_hours_is_refused(browser, game):
    response = browser.post(f"/mail/games/{game.pk}/", {"op": "rules", "policy": "pause", "reminder_hours": 10**20,
                                                        "vacation_days": 3}, follow=True)
    assert response.status_code == 200
    assert "A reminder can come at most 720 hours before the deadline" in page_of(response)
    assert not GameMailSettings.objects.filter(game=game).exists()
