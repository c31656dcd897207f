"""turnpost.rows reads and writes rows exactly as the ORM does (values converted and prepared by their fields)."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game, Seat
from turnpost import rows


@pytest.fixture
def game(db):
    return Game.objects.create(title="acquire", name="rows", seat_count=3, options={"open_holdings": False},
                               move_time_limit=timedelta(hours=30))


def test_fetch_builds_the_same_instance_as_the_orm(game):
    fetched = rows.fetch(Game, "SELECT * FROM games_game WHERE id = %s", [game.pk])
    stored = Game.objects.get(pk=game.pk)
    assert [g.pk for g in fetched] == [game.pk]
    for field in Game._meta.concrete_fields:
        assert getattr(fetched[0], field.attname) == getattr(stored, field.attname), field.name
    assert fetched[0].options == {"open_holdings": False} and fetched[0].move_time_limit == timedelta(hours=30)
    assert not fetched[0]._state.adding


def test_fetch_defers_unselected_fields_and_keeps_extra_columns(game):
    sql = "SELECT id, version, 7 AS lucky FROM games_game WHERE id = %s"
    fetched = rows.fetch(Game, sql, [game.pk])[0]
    assert fetched.lucky == 7
    assert "options" in fetched.get_deferred_fields()
    with CaptureQueriesContext(connection) as loads:
        assert fetched.options == {"open_holdings": False}  # read on first use
    assert len(loads) == 1


def test_fetch_of_no_rows_is_empty(db):
    assert rows.fetch(Game, "SELECT * FROM games_game WHERE id = %s", [-1]) == []


def test_insert_unless_exists_leaves_the_first_row_alone(game):
    first = Seat(game_id=game.pk, index=0, display_name="ann")
    assert rows.insert_instance(first) and first.pk is not None and not first._state.adding
    again = Seat(game_id=game.pk, index=0, display_name="impostor")
    assert rows.insert_instance(again, unless_exists=("game", "index")) is False
    assert list(Seat.objects.filter(game=game).values_list("display_name", flat=True)) == ["ann"]


def test_update_writes_only_the_named_fields(game):
    assert rows.update(Game, game.pk, {"version": 5, "options": {"tile_bag": ["1A"]}}) == 1
    stored = Game.objects.get(pk=game.pk)
    assert (stored.version, stored.options, stored.name) == (5, {"tile_bag": ["1A"]}, "rows")
    assert rows.update(Game, -1, {"version": 1}) == 0


def test_insert_with_updates_writes_all_three_rows_in_one_statement(game):
    from django.utils import timezone

    from games.models import Action, Snapshot

    Snapshot.objects.create(game=game, version=0, state="{}", waiting_seats=[0])
    action = Action(game_id=game.pk, seq=1, seat=0, payload={"type": "pass"}, events=[], source="web",
                    created=timezone.now())
    with CaptureQueriesContext(connection) as statements:
        rows.insert_with_updates(action, [
            rows.Update(Snapshot, game.pk, {"version": 1, "state": '{"moved": true}', "waiting_seats": [1]}),
            rows.Update(Game, game.pk, {"version": 1}),
        ])
    assert len(statements) == 1
    assert action.pk is not None and not action._state.adding
    assert Action.objects.get(pk=action.pk).payload == {"type": "pass"}
    snapshot = Snapshot.objects.get(game=game)
    assert (snapshot.version, snapshot.state, snapshot.waiting_seats) == (1, '{"moved": true}', [1])
    assert Game.objects.get(pk=game.pk).version == 1
