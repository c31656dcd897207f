"""Input that once gave a 500: each is now refused in words, and nothing is saved.

An imported seed too long to read, a NUL in an imported player's name,
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
def test_an_imported_seed_wider_than_64_bits_is_kept_whole(browser, record, seed):
    response = import_record(browser, {**record, "seed": seed})  # the record's tile_bag fixes the draws
    assert response.status_code == 302
    assert Game.objects.get(status="imported").seed == seed


def test_an_imported_seed_too_long_to_read_is_refused_in_words(browser, record):
    text = json.dumps(record).replace(f'"seed": {record["seed"]}', '"seed": ' + "9" * 5000)
    response = browser.post("/games/import/", {"record": text})
    assert response.status_code == 400
    assert "Traceback" not in page_of(response) and 'class="error"' in page_of(response)
    assert not Game.objects.filter(status="imported").exists()


@pytest.mark.parametrize("name", ["ann\x00", "\x00", "b\u202eob"])
def test_an_imported_player_name_with_control_characters_is_refused(browser, record, name):
    games = Game.objects.count()
    response = import_record(browser, {**record, "players": [name, *record["players"][1:]]})
    assert response.status_code == 400
    assert "A player's name in the record cannot hold invisible or control characters" in page_of(response)
    assert Game.objects.count() == games


@pytest.mark.parametrize("names", [None, "ann", [1, 2, 3], {"ann": 1}])
def test_an_imported_record_whose_players_are_not_a_list_of_names_is_refused(browser, record, names):
    response = import_record(browser, {**record, "players": names})
    assert response.status_code == 400
    assert "players must be a list of names" in page_of(response)
    assert not Game.objects.filter(status="imported").exists()


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
