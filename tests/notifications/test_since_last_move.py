"""A mail's "since your last move" reaches back to the seat's own move however many actions ago it was."""

from __future__ import annotations

import pytest

import engine.core as engine
from games.models import Action, Game
from games.queries import current_state
from notifications.gameplay import events_since_last_move
from tests.notifications.t1861_games import AFTER_A_LAY, imported_1861

pytestmark = pytest.mark.django_db


def _actions_since_own_move(game: Game, seat: int) -> int:
    own = Action.objects.filter(game=game, seat=seat).order_by("-seq").values_list("seq", flat=True).first()
    return Action.objects.filter(game=game, seq__gte=own).count()


def test_news_older_than_the_first_read_is_fetched_not_cut(players):
    """SPW's president waits while other companies lay track: with a first read shorter than that
    wait, the mail still starts at the president's own move (nothing silently dropped)."""
    game = imported_1861(AFTER_A_LAY, players)
    seat = engine.prompts(current_state(game))[0].seat
    assert _actions_since_own_move(game, seat) > 3, "the cut must leave the asked seat several actions behind"
    whole = [line["text"] for line in events_since_last_move(game, seat)]
    assert [line["text"] for line in events_since_last_move(game, seat, limit=2)] == whole
    assert any("MNN" in line and "L8" in line for line in whole), whole


def test_a_tile_lay_taken_back_is_not_told_as_a_change_on_the_map():
    from types import SimpleNamespace

    from notifications.gameplay import map_changes

    game = SimpleNamespace(title="1861", pk=7)
    lay = {"text": "MNN lays tile 7 in L8.", "kind": "lay_tile", "data": {"company": "mnn", "hex": "L8", "tile": "7"}}
    assert map_changes(game, [lay])["lines"] == ["L8: tile 7 (yellow) laid by MNN"]
    assert map_changes(game, [{**lay, "taken_back": True}]) is None
