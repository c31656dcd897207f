"""Records: the contract's format out of a game, and imports of records into read-only games."""

from __future__ import annotations

import json

import pytest

import engine.core as engine
from engine.core.record import parse_record, random_record, replay
from games import services
from games.errors import GameClosed, ImportFailed, SetupError
from games.models import Action, GameStatus, Snapshot
from tests.games.factories import SCRIPT, TILE_BAG, play

pytestmark = pytest.mark.django_db


def test_record_for_follows_the_contract(game):
    play(game, SCRIPT)
    record = services.record_for(game)
    assert list(record) == ["title", "players", "seed", "options", "actions"]
    assert record["title"] == "acquire" and record["players"] == ["ann", "bob", "cy"] and record["seed"] == 7
    assert record["options"] == {"tile_bag": TILE_BAG, "open_holdings": True}
    assert record["actions"] == [{"seat": seat, "action": action} for seat, action in SCRIPT]


def test_the_record_replays_to_the_snapshot(game):
    play(game, SCRIPT)
    state = replay(parse_record(json.dumps(services.record_for(game))))
    assert engine.to_json(state) == Snapshot.objects.get(game=game).state


def test_a_record_round_trips_through_import(game, players):
    play(game, SCRIPT)
    record = services.record_for(game)
    imported = services.import_record(json.dumps(record), players[2])
    assert imported.status == GameStatus.IMPORTED and imported.version == len(SCRIPT)
    assert services.record_for(imported) == record
    assert list(imported.seats.values_list("display_name", flat=True)) == ["ann", "bob", "cy"]
    assert all(action.source == "import" for action in Action.objects.filter(game=imported))
    assert Snapshot.objects.get(game=imported).state == Snapshot.objects.get(game=game).state


def test_a_finished_random_record_imports_with_its_end(players):
    record = random_record("acquire", ["p", "q", "r", "s"], 5)
    game = services.import_record(json.dumps(record.to_json()), players[0])
    assert game.finished is not None and game.version == len(record.actions)
    assert engine.result(engine.from_json(Snapshot.objects.get(game=game).state)) is not None


def test_an_imported_game_is_read_only(players):
    record = random_record("acquire", ["p", "q"], 2).to_json()
    record["actions"] = record["actions"][:3]
    game = services.import_record(json.dumps(record), players[0])
    with pytest.raises(GameClosed, match="imported"):
        services.submit_move(game.pk, 0, {"type": "buy_shares", "shares": {}}, game.version, "web")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("not json", "not valid JSON"),
        ("[]", "must be a JSON object"),
        ('{"title": "acquire"}', "lacks the field"),
        ('{"title": "chess", "players": ["a", "b"], "seed": 1, "options": {}, "actions": []}', "Unknown title"),
        ('{"title": "acquire", "players": ["a"], "seed": 1, "options": {}, "actions": []}', "2 to 6 players"),
        ('{"title": "acquire", "players": ["a", "b"], "seed": 1, "options": {"x": 1}, "actions": []}', "x"),
        ('{"title": "acquire", "players": ["a", "b"], "seed": 1, "options": {}, "actions": [{"seat": 0}]}',
         "action object"),
        ('{"title": "acquire", "players": ["a", "b"], "seed": 1, "options": {},'
         ' "actions": [{"seat": 5, "action": {"type": "place_tile", "tile": "1A"}}]}', "Action 0"),
    ],
)
def test_bad_records_are_refused_with_a_clear_reason(players, text, words):
    with pytest.raises(ImportFailed, match=words):
        services.import_record(text, players[0])


def test_an_illegal_action_names_its_index(players):
    record = random_record("acquire", ["p", "q"], 2).to_json()
    record["actions"] = [*record["actions"][:4], {"seat": 0, "action": {"type": "place_tile", "tile": "13Z"}}]
    with pytest.raises(ImportFailed, match="Action 4"):
        services.import_record(json.dumps(record), players[0])


def test_an_oversized_record_is_refused(players):
    with pytest.raises(ImportFailed, match="too large"):
        services.import_record(" " * (services.MAX_IMPORT_CHARS + 1), players[0])


def test_an_open_game_has_no_record(players):
    game = services.create_game(players[0], "acquire", 3)
    with pytest.raises(SetupError):
        services.record_for(game)


@pytest.mark.parametrize("listed", [None, 2.5, "ann"])
def test_a_record_whose_players_are_not_a_list_is_refused_in_words(game, listed):
    play(game, SCRIPT[:2])
    record = {**services.record_for(game), "players": listed}
    with pytest.raises(ImportFailed, match="The record could not be read: players must be a list of names"):
        services.import_record(json.dumps(record), None)
