"""The action log is append-only, in the model, its manager and (PostgreSQL) the database itself."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.models.deletion import ProtectedError

from games.models import Action, AppendOnlyError, Game
from tests.games.factories import SCRIPT, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged(game):
    return play(game, SCRIPT[:2])


def test_an_action_cannot_be_saved_again(logged):
    action = Action.objects.filter(game=logged).first()
    action.payload = {"type": "place_tile", "tile": "9I"}
    with pytest.raises(AppendOnlyError):
        action.save()


def test_an_action_cannot_be_deleted(logged):
    with pytest.raises(AppendOnlyError):
        Action.objects.filter(game=logged).first().delete()
    with pytest.raises(AppendOnlyError):
        Action.objects.filter(game=logged).delete()


def test_actions_cannot_be_updated_in_bulk(logged):
    with pytest.raises(AppendOnlyError):
        Action.objects.filter(game=logged).update(seat=2)


def test_the_database_refuses_raw_updates_and_deletes(logged):
    for sql in ("UPDATE games_action SET seat = 2", "DELETE FROM games_action"):
        with pytest.raises(Exception, match="append-only"), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql)
    assert Action.objects.filter(game=logged).count() == 2


def test_sequence_numbers_are_unique_per_game(logged):
    with pytest.raises(IntegrityError), transaction.atomic():
        Action.objects.create(game=logged, seq=1, seat=0, payload={"type": "x"}, source="web")


def test_a_game_with_a_log_cannot_be_deleted(logged):
    with pytest.raises(ProtectedError):
        Game.objects.filter(pk=logged.pk).delete()
