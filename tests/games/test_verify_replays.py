"""manage.py verify_replays compares every Snapshot with a replay of the log."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from games.models import Snapshot
from tests.games.factories import SCRIPT, make_user, play, started_game

pytestmark = pytest.mark.django_db


def test_consistent_games_pass(game, capsys):
    play(game, SCRIPT)
    call_command("verify_replays")
    assert "All 1 games replay" in capsys.readouterr().out


def test_a_snapshot_that_differs_is_reported(game, capsys):
    play(game, SCRIPT[:4])
    other = started_game([make_user("x@example.com", "x"), make_user("y@example.com", "y")], seed=3,
                         options={"tile_bag": []})
    snapshot = Snapshot.objects.get(game=game)
    state = dict(snapshot.state, cash=[0, 0, 0])
    Snapshot.objects.filter(pk=snapshot.pk).update(state=state)
    with pytest.raises(CommandError, match=f"1 of 2 games differ from their logs: {game.pk}"):
        call_command("verify_replays")
    out = capsys.readouterr().out
    assert f"game {game.pk} (acquire): the snapshot differs" in out
    assert f"game {other.pk}" not in out


def test_a_snapshot_behind_its_game_is_reported(game):
    play(game, SCRIPT[:2])
    Snapshot.objects.filter(game=game).update(version=1)
    with pytest.raises(CommandError):
        call_command("verify_replays", game=[game.pk])
