"""An upper bound on the statements of a move posted through the game page: guards the move POST's cost.

Counts, not timings (benchmarks/load_site.py measures those).  The page's context reads the game with
its Snapshot in one query and its seats in another; the one move path then trusts that seat row (a
running game's seats never change) instead of reading it again under the lock.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Action


@pytest.mark.django_db(transaction=True)
def test_a_move_post_takes_at_most_fifteen_statements(client, game, players, queued):
    client.force_login(players[0])
    with CaptureQueriesContext(connection) as captured:
        response = client.post(f"/games/{game.pk}/move/", {"expected_version": 0, "type": "place_tile", "f.tile": "2A"})
    sql = [query["sql"] for query in captured.captured_queries]
    assert response.status_code == 302
    assert Action.objects.filter(game=game, seq=1, seat=0).exists()
    # session, user, game+snapshot, seats; BEGIN, locked game, action, snapshot, game, deadlines,
    # seats+mail facts, SAVEPOINT, outbox INSERT, RELEASE, COMMIT
    assert len(sql) <= 15, "\n".join(sql)
    assert not any('FROM "games_snapshot"' in query and "JOIN" not in query for query in sql), "\n".join(sql)
    assert not any('"games_seat"."index" = ' in query for query in sql), "\n".join(sql)  # the seat is not read twice
