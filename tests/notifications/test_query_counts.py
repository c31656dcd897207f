"""Upper bounds on statements per move (with the mail receivers) and per mail: guards against N+1 regressions.

Counts, not timings.  A move with its turn mail was 25 statements and a mail 5 before these paths
were tuned (benchmarks/load_site.py, benchmarks/mail_throughput.py); the bounds leave no room
for a query per seat or per recipient to creep back in.
"""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.services import submit_move
from notifications.delivery import deliver
from notifications.models import MailKind, Outbox
from tests.notifications.helpers import move, start_game


def statements(run) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        run()
    return [query["sql"] for query in captured.captured_queries]


@pytest.mark.django_db(transaction=True)
def test_it_mails_a_move_in_at_most_seven_statements(players, queued):
    game = start_game(players)
    sql = statements(lambda: submit_move(game.pk, 0, {"type": "place_tile", "tile": "2A"}, 0, "web"))
    # BEGIN, game+snapshot, seat, action with snapshot and game (one statement), seats+mail facts,
    # outbox INSERT, COMMIT (no deadlines without a time limit; the outbox INSERT needs no savepoint)
    assert len(sql) <= 7, "\n".join(sql)
    row = Outbox.objects.get(game=game, version=1, kind=MailKind.TURN)
    assert queued[-1] == (row.pk,)  # one task for the move's mail


@pytest.mark.django_db(transaction=True)
def test_a_time_limit_adds_only_the_deadline_statements(players, queued):
    game = start_game(players, move_time_limit=timedelta(hours=24))
    sql = statements(lambda: submit_move(game.pk, 0, {"type": "place_tile", "tile": "2A"}, 0, "web"))
    assert len(sql) <= 15, "\n".join(sql)  # deadlines closed, settings, the player's clock, the deadline row


@pytest.mark.django_db(transaction=True)
def test_it_sends_a_turn_mail_in_at_most_four_statements(players, queued):
    game = start_game(players)
    move(game.pk, 0, {"type": "place_tile", "tile": "2A"})
    row = Outbox.objects.get(game=game, version=1)
    # claim, the row with its game and flags, the events since the seat's last move, the outcome
    sql = statements(lambda: deliver(row.pk))
    assert len(sql) <= 4, "\n".join(sql)
    assert Outbox.objects.get(pk=row.pk).status == "sent"


@pytest.mark.django_db(transaction=True)
def test_a_duplicate_task_costs_one_statement(players):
    game = start_game(players)  # its first mail is sent at once (eager tasks)
    row = Outbox.objects.get(game=game, version=0, status="sent", kind=MailKind.TURN)
    assert len(statements(lambda: deliver(row.pk))) == 1
