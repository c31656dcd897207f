"""Mail throughput: turn mails rendered and handed to a loopback SMTP listener per minute by one worker.

    .venv/bin/python benchmarks/mail_throughput.py [--games 1500] [--pool solo|prefork] [--prefetch 1] [--backlog]

It creates a scratch database (``turnpost_mailbench``) and starts that many Acquire games (ann,
bob and cy; 24-hour move limit) through games.services, so each start writes its turn mail to
the outbox and queues it on Redis (db 12) on commit: the production path, one game per mail.
Then it starts an aiosmtpd listener on 127.0.0.1 and ONE ``celery -A turnpost worker`` process
and prints how many mails the worker claimed, composed from the recipient's view (board, chains,
hand, signed links, deadline), sent over SMTP and marked sent, per minute, first mail to last.
With ``--backlog`` the mails are left un-sent and the beat sweeper's batch tasks drain them.
Plain timing, no assertions; the target is at least 10,000 a minute.  TURNPOST_MAILBENCH_DB,
TURNPOST_MAILBENCH_BROKER, TURNPOST_MAILBENCH_PARKING and TURNPOST_MAILBENCH_LOG keep two runs apart.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import threading
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# Override to keep two runs on one machine apart (each drops its database and empties its Redis dbs).
DB_NAME = os.environ.get("TURNPOST_MAILBENCH_DB", "turnpost_mailbench")
BROKER = os.environ.get("TURNPOST_MAILBENCH_BROKER", "redis://127.0.0.1:6379/12")
# Backlog mode: the start mails' own tasks go where no worker listens.
PARKING = os.environ.get("TURNPOST_MAILBENCH_PARKING", "redis://127.0.0.1:6379/13")
LOG = Path(os.environ.get("TURNPOST_MAILBENCH_LOG", "/tmp/turnpost-mailbench-worker.log"))


class CountingHandler:
    """An SMTP listener that only counts (the worker's cost is what is measured)."""

    def __init__(self) -> None:
        self.count = 0
        self.first: float | None = None
        self.last = 0.0
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope) -> str:
        with self.lock:
            self.count += 1
            self.last = time.perf_counter()
            self.first = self.first or self.last
        return "250 OK"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def environment(smtp_port: int) -> dict[str, str]:
    """The production settings, pointed at the scratch database, Redis and the listener (env-driven)."""
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "turnpost.settings",
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{DB_NAME}",
        "TURNPOST_SECRET_KEY": "bench-only-" + "x" * 40,
        "CELERY_BROKER_URL": BROKER,
        "TURNPOST_EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "TURNPOST_SMTP_HOST": "127.0.0.1",
        "TURNPOST_SMTP_PORT": str(smtp_port),
        "PYTHONPATH": str(ROOT),
    }


def drop_database(create: bool) -> None:
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        if create:
            admin.execute(f"CREATE DATABASE {DB_NAME}")


def prepare(games: int) -> int:
    """Start the games; each start queues the first player's turn mail and the two others' start mails."""
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    from accounts.models import User
    from games import services
    from games.models import SeatOrder

    players = [User.objects.create_user(f"{name}@example.com", display_name=name) for name in ("ann", "bob", "cy")]
    for number in range(games):
        game = services.create_game(
            players[0], "acquire", 3, seed=number, seat_order_mode=SeatOrder.CHOSEN,
            move_time_limit=timedelta(hours=24),
        )
        for player in players[1:]:
            services.take_seat(game.pk, player)
    return games * len(players)


def queue_backlog() -> None:
    """Backlog mode: the beat sweeper finds the un-sent rows and queues them in batch tasks."""
    from django.conf import settings

    from notifications import clock
    from notifications.delivery import requeue_stale
    from notifications.tasks import queue_batches
    from turnpost.celery import app

    os.environ["CELERY_BROKER_URL"] = BROKER  # Celery reads this variable before its own setting
    app.conf.update(broker_url=BROKER, broker_write_url=BROKER)
    app._pool = None
    app.amqp._producer_pool = None
    later = clock.now() + timedelta(seconds=settings.TURNPOST_MAIL_REQUEUE_SECONDS + 1)
    queue_batches(requeue_stale(later, batch=1_000_000))


def run_worker(env: dict[str, str], pool: str, prefetch: int) -> subprocess.Popen:
    profile = os.environ.get("BENCH_PROFILE", "").split()  # e.g. "-m cProfile -o /tmp/worker.prof"
    concurrency = [] if pool == "solo" else ["-c", "2"]
    command = [
        sys.executable, *profile, "-m", "celery", "-A", "turnpost", "worker", "-P", pool, *concurrency,
        f"--prefetch-multiplier={prefetch}", "--without-gossip", "--without-mingle", "--without-heartbeat",
        "--loglevel=WARNING", "-n", "bench@%h",
    ]
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=LOG.open("w"), stderr=subprocess.STDOUT,
                            start_new_session=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1500, help="three mails each (a turn, two starts)")
    parser.add_argument("--pool", default="solo", help="solo: one process; prefork: one worker, two processes")
    parser.add_argument("--prefetch", type=int, default=1, help="the worker's --prefetch-multiplier (settings: 1)")
    parser.add_argument("--backlog", action="store_true",
                        help="drain a backlog: the sweeper queues the rows in batch tasks instead of one task per mail")
    args = parser.parse_args()

    import redis
    from aiosmtpd.controller import Controller

    handler = CountingHandler()
    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    os.environ.update(environment(port))
    if args.backlog:
        os.environ["CELERY_BROKER_URL"] = PARKING
    for url in (BROKER, PARKING):
        redis.Redis.from_url(url).flushdb()
    drop_database(create=True)
    expected = prepare(args.games)
    if args.backlog:
        queue_backlog()
    worker = run_worker(environment(port), args.pool, args.prefetch)
    started = time.perf_counter()
    try:
        while handler.count < expected:
            if worker.poll() is not None or time.perf_counter() - started > 600:
                raise SystemExit("the worker stopped early:\n" + LOG.read_text()[-2000:])
            time.sleep(0.05)
    finally:
        worker.terminate()
        worker.wait(20)
        controller.stop()
        from django.db import connections

        connections.close_all()
        drop_database(create=False)
        for url in (BROKER, PARKING):
            redis.Redis.from_url(url).flushdb()
    # From the first mail to the last, so the worker's start-up is not counted.
    seconds = handler.last - (handler.first or handler.last)
    rate = (handler.count - 1) / seconds * 60 if seconds else float("inf")
    mode = "sweeper batches" if args.backlog else "one task per mail"
    print(f"{handler.count} mails rendered and sent over SMTP by one worker ({args.pool} pool, {mode}) "
          f"in {seconds:.1f} s")
    print(f"throughput: {rate:,.0f} mails per minute (target 10,000)")


if __name__ == "__main__":
    main()
