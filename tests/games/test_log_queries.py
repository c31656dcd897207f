"""Reading a game's log for history and charts costs a fixed number of queries, however long the game.

The history page's charts replay every step (``games.replay.log_states``); an entry that
had to fetch a deferred field again cost one query per move, which made the first view of
a long game's history take seconds.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.replay import log_states
from tests.games.factories import make_players, play_to_end, started_game

pytestmark = pytest.mark.django_db


def test_stepping_through_a_whole_game_reads_the_log_once() -> None:
    game = play_to_end(started_game(make_players()))
    assert game.version > 20
    with CaptureQueriesContext(connection) as captured:
        steps = sum(1 for _ in log_states(game))
    assert steps == game.version + 1
    assert len(captured.captured_queries) <= 3
