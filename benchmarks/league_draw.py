"""Benchmark of the whole draw for 500 players: sign-ups read, ordered, cut into 50 divisions, scheduled, rows written.

    .venv/bin/python benchmarks/league_draw.py [--runs 3]

It creates a scratch database (``turnpost_bench_ldraw``; override with TURNPOST_BENCH_DB) with
500 users, then for a few season shapes signs them all up and times ``leagues.draw.draw_season``
(one transaction: the order, the divisions and members, the planner, waves and planned league
games; the games themselves are created wave by wave later and are not part of the draw).  Each
shape is drawn as a first season (players ordered by rating) and as a second season (ordered
by the first one's tables, with promotion and relegation).  It prints the seconds of each draw
and how many statements it sent.  The issue's target is under 2 s.
This is a benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DB_NAME = os.environ.get("TURNPOST_BENCH_DB", "turnpost_bench_ldraw")
PG_URL = "postgres://postgres@127.0.0.1:5432"
PLAYERS, DIVISION_SIZE = 500, 10
SHAPES = [(4, 1, 1), (4, 2, 2), (6, 3, 2)]  # game size, meetings per pair, games at once


def configure() -> None:
    os.environ.update({
        "DJANGO_SETTINGS_MODULE": "turnpost.settings", "DATABASE_URL": f"{PG_URL}/{DB_NAME}",
        "TURNPOST_DEBUG": "false", "TURNPOST_SECRET_KEY": "bench-only-" + "x" * 40,
        "TURNPOST_ALLOWED_HOSTS": "testserver", "TURNPOST_LOG_LEVEL": "ERROR",
        "TURNPOST_EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
    })
    import psycopg

    with psycopg.connect(f"{PG_URL}/postgres", autocommit=True) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        connection.execute(f"CREATE DATABASE {DB_NAME}")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def signed_up_season(league, number: int, users: list, shape: tuple[int, int, int]):
    """Season ``number`` open for sign-up with every user signed up (untimed)."""
    from django.utils import timezone

    from leagues.models import Season, SignUp

    size, meetings, at_once = shape
    season = Season.objects.create(league=league, number=number, signup_deadline=timezone.now() - timedelta(hours=1),
                                   division_size=DIVISION_SIZE, game_size=size, meetings_per_pair=meetings,
                                   games_at_once=at_once, promotion_count=2, relegation_count=2)
    SignUp.objects.bulk_create([SignUp(season=season, user=user) for user in users])
    return season


def timed_draw(season) -> tuple[float, int, int]:
    """(seconds, statements, planned games) of drawing ``season``."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from leagues.draw import draw_season
    from leagues.models import LeagueGame

    connection.queries_log.clear()  # the log keeps 9000 statements: a draw must fit in it to be counted
    with CaptureQueriesContext(connection) as captured:
        start = time.perf_counter()
        draw_season(season)
        seconds = time.perf_counter() - start
    return seconds, len(captured.captured_queries), LeagueGame.objects.filter(division__season=season).count()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    configure()
    from accounts.models import User
    from leagues.models import League, SeasonStatus

    users = User.objects.bulk_create([User(email=f"d{index}@bench.localhost", display_name=f"player {index:03d}")
                                      for index in range(PLAYERS)])
    print(f"{PLAYERS} players in divisions of {DIVISION_SIZE}: game size, meetings per pair, games at once")
    for shape_index, shape in enumerate(SHAPES):
        for first in (True, False):
            times, statements, games = [], 0, 0
            for run in range(args.runs):
                league = League.objects.create(name=f"Draw {shape_index} {first} {run}",
                                               slug=f"draw-{shape_index}-{int(first)}-{run}", title="acquire")
                if not first:  # a finished first season whose tables order the second
                    before = signed_up_season(league, 1, users, shape)
                    timed_draw(before)
                    before.status = SeasonStatus.FINISHED
                    before.save(update_fields=["status"])
                seconds, statements, games = timed_draw(signed_up_season(league, 1 if first else 2, users, shape))
                times.append(seconds)
            which = "first season " if first else "second season"
            print(f"  {shape}  {which}: median {statistics.median(times):.2f} s, max {max(times):.2f} s, "
                  f"{statements} statements, {games} planned games")


if __name__ == "__main__":
    main()
