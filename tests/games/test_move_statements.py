"""An upper bound on the statements of a move posted through the game page: guards the move POST's cost.

Counts, not timings (benchmarks/load_site.py measures those).  Nothing about the game is read before
the move's transaction: its first statement reads the game, its Snapshot and the mover's seat under
the lock, and the form is read against the prompt found there.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Action


@pytest.mark.django_db(transaction=True)
def test_a_move_post_takes_at_most_eight_statements(client, game, players, queued):
    client.force_login(players[0])
    with CaptureQueriesContext(connection) as captured:
        response = client.post(f"/games/{game.pk}/move/", {"expected_version": 0, "type": "place_tile", "f.tile": "2A"})
    sql = [query["sql"] for query in captured.captured_queries]
    assert response.status_code == 302
    assert Action.objects.filter(game=game, seq=1, seat=0).exists()
    # session, user; BEGIN, locked game+snapshot+seat, action with snapshot and game (one statement),
    # seats+mail facts, outbox INSERT, COMMIT (no deadlines: this game has no time limit)
    assert len(sql) <= 8, "\n".join(sql)
    assert sql[2] == "BEGIN" and "FOR UPDATE" in sql[3], "\n".join(sql)  # the game is read once, locked
    assert not any('FROM "games_snapshot"' in query and "JOIN" not in query for query in sql), "\n".join(sql)
    assert not any('"games_seat"."index" = ' in query for query in sql), "\n".join(sql)  # the seat is not read twice
