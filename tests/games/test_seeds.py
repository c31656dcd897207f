"""Seeds: drawn wide from ``secrets``, stored whole, never shown while the game runs."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

import engine.core as engine
from accounts.models import ApiToken
from engine.core.record import random_record
from games import services
from games.models import Game, Snapshot
from games.queries import current_state
from games.replay import replayed_state
from tests.games.factories import play

pytestmark = pytest.mark.django_db


def started(players):
    game = services.create_game(players[0], "acquire", 2, invited_emails=[players[1].email])
    services.take_seat(game.pk, players[1])
    return Game.objects.get(pk=game.pk)


def test_a_new_game_draws_a_seed_of_at_least_128_bits_and_stores_it_whole(players):
    seeds = {started(players).seed for _ in range(3)}
    assert len(seeds) == 3
    assert all(seed.bit_length() > 128 for seed in seeds)
    game = Game.objects.order_by("pk").last()
    assert Snapshot.objects.get(game=game).state["seed"] == game.seed


def test_a_game_with_a_wide_seed_replays_from_its_log(players):
    game = started(players)
    state = current_state(game)
    seat = engine.prompts(state)[0].seat
    tile = state.hands[seat][0]
    play(game, [(seat, {"type": "place_tile", "tile": tile})])
    assert engine.to_json(replayed_state(game)) == Snapshot.objects.get(game=game).state


def test_a_record_with_a_seed_wider_than_64_bits_imports_and_exports_it(players):
    record = random_record("acquire", ["p", "q"], 2**200 + 3).to_json()
    game = services.import_record(json.dumps(record), players[0])
    assert Game.objects.get(pk=game.pk).seed == 2**200 + 3
    assert services.record_for(game) == record


def test_the_seed_of_a_running_game_reaches_no_player(client, players):
    game = started(players)
    seed = str(game.seed)
    key = ApiToken.issue(players[0], "t")[1]
    client.force_login(players[0])
    for url in (f"/games/{game.pk}/", f"/games/{game.pk}/history/", f"/games/{game.pk}/history/?step=0", "/"):
        assert seed not in client.get(url).content.decode(), url
    for url in (f"/api/games/{game.pk}", f"/api/games/{game.pk}/record", "/api/games"):
        assert seed not in client.get(url, HTTP_AUTHORIZATION=f"Bearer {key}").content.decode(), url
    assert client.get(f"/games/{game.pk}/record.json").status_code == 403


@pytest.mark.django_db(transaction=True)
def test_widening_the_seed_column_keeps_the_seeds_of_existing_games():
    before, after = [("games", "0005_automatic_answer_source")], [("games", "0006_seed_of_any_size")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    OldGame = executor.loader.project_state(before).apps.get_model("games", "Game")
    kept = [OldGame.objects.create(title="acquire", seat_count=2, seed=seed).pk for seed in (2**63 - 1, -7)]
    unseeded = OldGame.objects.create(title="acquire", seat_count=2).pk
    executor = MigrationExecutor(connection)
    executor.migrate(after)
    NewGame = executor.loader.project_state(after).apps.get_model("games", "Game")  # later migrations add columns
    try:
        assert [NewGame.objects.get(pk=pk).seed for pk in kept] == [2**63 - 1, -7]
        assert NewGame.objects.get(pk=unseeded).seed is None
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())  # the schema the other tests expect
