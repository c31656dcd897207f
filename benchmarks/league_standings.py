"""Benchmark of the league pages: a league of 500 players in 50 divisions with a full season of finished games.

    .venv/bin/python benchmarks/league_standings.py [--requests 300] [--games-per-division 15]

It creates a scratch database (``turnpost_bench_lstand``; override with TURNPOST_BENCH_DB), fills
it in bulk (users, finished games with their seats, league games, placings) and builds every
division's table with ``leagues.standings.rewrite_table``, the function a finishing game calls.
Then it requests the current season's page (each table's HTML stored when it is rewritten,
leagues.table_html; also right after one division's table was rewritten, with an empty cache
as after a restart, and with no stored HTML at all, as after the templates changed), a
division page and the league page many times
with Django's test client in this process (the whole middleware stack, no network), first with
1 past season and then with 10, and prints p50/p99 per page.  It also prints how long one
``record_result`` takes (the standings' share of a finishing move's transaction).
This is a benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DB_NAME = os.environ.get("TURNPOST_BENCH_DB", "turnpost_bench_lstand")
PG_URL = "postgres://postgres@127.0.0.1:5432"
PLAYERS, DIVISIONS, GAME_SIZE = 500, 50, 4


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


def make_users() -> list:
    from accounts.models import User

    return User.objects.bulk_create([User(email=f"p{index}@bench.localhost", display_name=f"player {index:03d}")
                                     for index in range(PLAYERS)])


def add_season(league, number: int, users: list, games_per_division: int, rng: random.Random) -> None:
    """A finished season: 50 divisions of 10, each with ``games_per_division`` finished 4-player games."""
    from django.utils import timezone

    from games.models import Game, GameStatus, Seat
    from leagues.models import Division, DivisionMember, GamePlacing, LeagueGame, Season, Wave
    from leagues.standings import rewrite_table

    season = Season.objects.create(league=league, number=number, status="finished",
                                   signup_deadline=timezone.now() - timedelta(days=90 - number))
    wave = Wave.objects.create(season=season, index=1, status="finished")
    per = PLAYERS // DIVISIONS
    divisions = Division.objects.bulk_create([Division(season=season, level=1 + index // 10, number=1 + index % 10,
                                                       name=f"Division {index + 1}") for index in range(DIVISIONS)])
    shuffled = rng.sample(users, len(users))
    members = DivisionMember.objects.bulk_create([
        DivisionMember(division=division, user=user, seed=seed + 1)
        for slot, division in enumerate(divisions)
        for seed, user in enumerate(shuffled[slot * per:(slot + 1) * per])])
    by_division = {division.pk: [m for m in members if m.division_id == division.pk] for division in divisions}
    tables = [(division, rng.sample(by_division[division.pk], GAME_SIZE))
              for division in divisions for _ in range(games_per_division)]
    games = Game.objects.bulk_create([Game(title="acquire", seat_count=GAME_SIZE, status=GameStatus.FINISHED,
                                           version=200) for _ in tables])
    Seat.objects.bulk_create([Seat(game=game, index=index, user_id=member.user_id, display_name=str(member.user_id))
                              for game, (_, seated) in zip(games, tables, strict=True)
                              for index, member in enumerate(seated)])
    league_games = LeagueGame.objects.bulk_create([
        LeagueGame(division=division, wave=wave, round=1, number=index + 1, game=game,
                   seat_order=[member.user_id for member in seated])
        for index, (game, (division, seated)) in enumerate(zip(games, tables, strict=True))])
    placings = []
    for league_game, (_, seated) in zip(league_games, tables, strict=True):
        scores = sorted((rng.choice(range(20, 100, 5)) for _ in seated), reverse=True)  # equal scores: tied places
        for member, score in zip(seated, scores, strict=True):
            placings.append(GamePlacing(league_game=league_game, member=member, score=score,
                                        place=1 + sum(other > score for other in scores)))
    GamePlacing.objects.bulk_create(placings)
    for division in divisions:
        division.season = season
        rewrite_table(division)


def timed(client, url: str, requests: int, before=None) -> tuple[float, float]:
    """(p50, p99) in milliseconds of ``requests`` GETs of ``url``; ``before()`` runs untimed before each."""
    for _ in range(5):
        assert client.get(url).status_code == 200, url
    times = []
    for _ in range(requests):
        if before is not None:
            before()
        start = time.perf_counter()
        client.get(url)
        times.append((time.perf_counter() - start) * 1000)
    cuts = statistics.quantiles(times, n=100)
    return cuts[49], cuts[98]


def measure(league, requests: int) -> None:
    from django.test import Client

    from leagues.models import Division

    season = league.seasons.order_by("-number").first()
    division = Division.objects.filter(season=season).order_by("level", "number").first()
    client = Client()
    season_url = f"/leagues/{league.slug}/{season.number}/"
    pages = {"season page (50 tables)": season_url,
             "division page": f"/leagues/{league.slug}/{season.number}/divisions/{division.pk}/",
             "league page": f"/leagues/{league.slug}/"}
    past = league.seasons.count() - 1
    for name, url in pages.items():
        p50, p99 = timed(client, url, requests)
        print(f"  {past:2d} past season(s)  {name:30s} p50 {p50:6.1f} ms  p99 {p99:6.1f} ms")
    from django.core.cache import cache

    from leagues.models import StoredTable
    from leagues.standings import rewrite_table

    divisions = list(Division.objects.filter(season=season).select_related("season"))
    rng = random.Random(past)
    for name, before in (("season page, a game just ended", lambda: rewrite_table(rng.choice(divisions))),
                         ("season page, empty cache", cache.clear),
                         ("season page, nothing stored", lambda: StoredTable.objects.all().delete())):
        p50, p99 = timed(client, season_url, requests // 2, before)
        print(f"  {past:2d} past season(s)  {name:30s} p50 {p50:6.1f} ms  p99 {p99:6.1f} ms")


def measure_recording(league, samples: int = 50) -> None:
    from django.db import transaction

    from games.models import Game
    from leagues.models import LeagueGame
    from leagues.standings import record_result

    season = league.seasons.order_by("-number").first()
    games = list(Game.objects.filter(league_game__in=LeagueGame.objects.filter(division__season=season))[:samples])
    times = []
    for game in games:
        start = time.perf_counter()
        with transaction.atomic():
            record_result(game, [])  # an organizer's result touching no member: the whole rewrite still runs
            transaction.set_rollback(True)
        times.append((time.perf_counter() - start) * 1000)
    print(f"  record_result (placings replaced, table rewritten): median {statistics.median(times):.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--games-per-division", type=int, default=15)
    args = parser.parse_args()
    configure()
    from leagues.models import League

    rng = random.Random(15)
    users = make_users()
    league = League.objects.create(name="Bench league", slug="bench", title="acquire")
    print(f"{PLAYERS} players, {DIVISIONS} divisions, {args.games_per_division} finished games per division per season")
    for number in (1, 2):
        add_season(league, number, users, args.games_per_division, rng)
    measure(league, args.requests)
    for number in range(3, 12):
        add_season(league, number, users, args.games_per_division, rng)
    measure(league, args.requests)
    measure_recording(league)


if __name__ == "__main__":
    main()
