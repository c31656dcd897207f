"""How long rebuilding a title's ratings takes: the arithmetic alone, and the whole recompute on PostgreSQL.

    .venv/bin/python benchmarks/ratings_recompute.py [--games 2000 10000] [--players 500] [--seats 4]

The ratings task rebuilds a title from its ordered results after every finished game
(ratings.recompute), so its time must stay small as a title's history grows.  The script makes
a scratch database (TURNPOST_RATINGBENCH_DB, default ``turnpost_ratingbench``, dropped after),
that many finished games with their stored results (random players and places, some ties,
one seat in ten shared with a substitute), and prints the seconds of ``rate_all`` over all of
them, of ``rebuild_title`` (every history row rewritten) and of ``recompute_title`` after one
more game (what the task does after each finished game).  Plain timing.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "turnpost.settings.test")
os.environ.setdefault("TURNPOST_TEST_DB_NAME", os.environ.get("TURNPOST_RATINGBENCH_DB", "turnpost_ratingbench"))


def seats_of(rng: random.Random, users: list[int], seats: int) -> list[dict]:
    table = rng.sample(users, seats)
    places = sorted(rng.choices(range(1, seats + 1), k=seats))
    places = [1 if index == 0 else (places[index - 1] if places[index] == places[index - 1] else index + 1)
              for index in range(seats)]
    rows = []
    for seat, (user, place) in enumerate(zip(table, places, strict=True)):
        players = [[user, 1.0]]
        if rng.random() < 0.1:
            substitute = rng.choice([u for u in users if u not in table])
            players = [[user, 0.6], [substitute, 0.4]]
        rows.append({"seat": seat, "place": place, "players": players})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, nargs="+", default=[2000, 10000])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--seats", type=int, default=4)
    args = parser.parse_args()

    import django

    django.setup()
    from django.db import connection
    from django.utils import timezone

    from accounts.models import User
    from games.models import EndKind, Game, GameStatus
    from ratings.models import RatedResult, RatingEntry
    from ratings.recompute import rebuild_title, recompute_title
    from ratings.results import game_result
    from ratings.skill import rate_all

    name = connection.creation.create_test_db(verbosity=0, keepdb=False)
    try:
        rng = random.Random(1)
        users = [User.objects.create_user(f"p{index}@example.com", display_name=f"p{index}").pk
                 for index in range(args.players)]
        start = timezone.now() - timedelta(days=365)
        made = 0
        for total in sorted(args.games):
            games = Game.objects.bulk_create(
                Game(title="acquire", status=GameStatus.FINISHED, ended_by=EndKind.ENGINE, seat_count=args.seats,
                     finished=start + timedelta(minutes=made + index)) for index in range(total - made))
            RatedResult.objects.bulk_create(
                RatedResult(game=game, title="acquire", finished=game.finished,
                            seats=seats_of(rng, users, args.seats)) for game in games)
            made = total
            rows = list(RatedResult.objects.filter(title="acquire").order_by("finished", "game_id"))
            began = time.perf_counter()
            changes = sum(1 for _ in rate_all(game_result(row) for row in rows))
            arithmetic = time.perf_counter() - began
            began = time.perf_counter()
            rebuild_title("acquire")
            whole = time.perf_counter() - began
            [game] = Game.objects.bulk_create([Game(title="acquire", status=GameStatus.FINISHED, seat_count=args.seats,
                                                    ended_by=EndKind.ENGINE, finished=start + timedelta(days=400))])
            RatedResult.objects.create(game=game, title="acquire", finished=game.finished,
                                       seats=seats_of(rng, users, args.seats))
            made += 1
            began = time.perf_counter()
            recompute_title("acquire")
            one_more = time.perf_counter() - began
            entries = RatingEntry.objects.filter(title="acquire").count()
            print(f"{total:>6} games, {args.players} players, {args.seats} seats: rate_all {arithmetic:.2f} s "
                  f"({changes} changes), rebuild_title {whole:.2f} s, after one more game recompute_title "
                  f"{one_more * 1000:.0f} ms ({entries} history rows)")
    finally:
        connection.creation.destroy_test_db(name, verbosity=0)


if __name__ == "__main__":
    main()
