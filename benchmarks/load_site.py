"""Load benchmark of the site: gunicorn on loopback against PostgreSQL, driven by an open-loop client.

    .venv/bin/python benchmarks/load_site.py [--rate 200] [--seconds 15] [--page-rate 200] [--rounds 5]
    .venv/bin/python benchmarks/load_site.py --page-title 1861 --only pages --page-rate 100 [--late-only]

With ``--page-title 1861`` the page phase reads a new 1861 game played by the engine's random
player to a late position (``--late``, default 800 actions: phase 6 or later, the map full
of track; ``--until-lay`` plays on to a track lay, whose page previews every legal lay) and a
new one, and the client prints the page's and its map drawing's sizes.

It creates a scratch database (``turnpost_bench``), prepares a 200-action Acquire game (and a
fresh one, to show that page cost does not grow with the game) plus games for the move load,
starts gunicorn on 127.0.0.1, then prints p50/p99 latency and the sustained rate of

* the game page (GET, signed in as a seated player), and
* a move POST (the game page's own form, CSRF and session included; every POST is a legal move).

Requests are sent on a fixed schedule (open loop), so a slow server shows up as latency, not
as a lower offered rate.  The client runs on the same two cores as the server: figures are
pessimistic.  When Redis answers, mail tasks are queued to it (nobody consumes them) and session
reads come from it (``TURNPOST_SESSION_CACHE_URL``), as in production; otherwise tasks run
in-process and sessions are read from PostgreSQL.  It also prints the CPU the gunicorn workers
spent per request, which depends far less on the machine's other load than latency does.
This is a benchmark, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import queue
import secrets
import signal
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
PYTHON = ROOT / ".venv" / "bin" / "python"
GUNICORN = ROOT / ".venv" / "bin" / "gunicorn"
# Override to keep two benchmark runs on one machine apart (each drops and recreates its database).
DB_NAME = os.environ.get("TURNPOST_BENCH_DB", "turnpost_bench")
PG_URL = "postgres://postgres@127.0.0.1:5432"
PLAYERS = [("ann@bench.localhost", "ann"), ("bob@bench.localhost", "bob"), ("cy@bench.localhost", "cy")]


# ---------------------------------------------------------------- environment and database


def redis_answers() -> bool:
    try:
        import socket

        with socket.create_connection(("127.0.0.1", 6379), timeout=0.5) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def bench_env(shared_cache: bool) -> dict[str, str]:
    env = dict(os.environ)
    env.update({
        "DJANGO_SETTINGS_MODULE": "turnpost.settings",
        "DATABASE_URL": f"{PG_URL}/{DB_NAME}",
        "TURNPOST_DEBUG": "false",
        "TURNPOST_SECRET_KEY": "bench-only-" + "x" * 40,
        "TURNPOST_ALLOWED_HOSTS": "127.0.0.1",
        "TURNPOST_EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
        "TURNPOST_LOG_LEVEL": "ERROR",
    })
    if redis_answers():
        env.update({"CELERY_BROKER_URL": "redis://127.0.0.1:6379/15", "CELERY_TASK_ALWAYS_EAGER": "false"})
        env["TURNPOST_SESSION_CACHE_URL"] = "redis://127.0.0.1:6379/10"  # as in production
        if shared_cache:
            env["TURNPOST_CACHE_URL"] = "redis://127.0.0.1:6379/14"
    return env


def recreate_database() -> None:
    import psycopg

    with psycopg.connect(f"{PG_URL}/postgres", autocommit=True) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        connection.execute(f"CREATE DATABASE {DB_NAME}")
    if redis_answers():
        import socket

        with socket.create_connection(("127.0.0.1", 6379), timeout=1) as sock:  # empty the bench cache and queue
            sock.sendall(b"SELECT 10\r\nFLUSHDB\r\nSELECT 14\r\nFLUSHDB\r\nSELECT 15\r\nFLUSHDB\r\n")
            time.sleep(0.1)


# ---------------------------------------------------------------- preparing games (child process)


def with_forced_answers(state: Any) -> Any:
    """``state`` after the answers the site gives by itself (prompts with one legal answer), as games.services does.

    Each is an action of the game's own, so the versions the client posts count them too.
    """
    import engine.core as engine

    while (forced := engine.forced_answer(state)) is not None:
        state, _ = engine.apply(state, forced.seat, forced.action)
    return state



def prepare(move_games: int, page_title: str = "acquire", late: int = 800, until_lay: bool = False) -> dict[str, Any]:
    """Runs with Django set up on the bench database; returns what the client needs."""
    import django

    django.setup()
    from django.test import Client

    import engine.core as engine
    from accounts.models import User
    from engine.core.rng import seeded_rng
    from games import services
    from games.models import SeatOrder

    users = [User.objects.create_user(email, display_name=name) for email, name in PLAYERS]

    def new_game(seed: int, title: str = "acquire") -> int:
        game = services.create_game(users[0], title, 3, seat_order_mode=SeatOrder.CHOSEN, seed=seed,
                                    name=f"bench {seed}")
        for user in users[1:]:
            services.take_seat(game.pk, user)
        return game.pk

    def play(game_id: int, count: int, seed: int) -> None:
        """Random moves until the game has ``count`` actions (the site's own forced answers included)."""
        title, rng = engine.get_title("acquire"), seeded_rng(seed, "bench")
        state = with_forced_answers(engine.new_game("acquire", [name for _, name in PLAYERS], seed, {}))
        while state.actions_applied < count and (waiting := engine.prompts(state)):
            seat = waiting[0].seat
            action = title.random_action(state, seat, rng)
            outcome = services.submit_move(game_id, seat, action, state.actions_applied, "web")
            assert outcome.applied, outcome.message
            state = with_forced_answers(engine.apply(state, seat, action)[0])

    from games.models import Game, Snapshot

    def play_1861(game_id: int, count: int, seed: int, until_lay: bool) -> None:
        """The 1861 random player through the one move path, reading each position back from the Snapshot.

        ``until_lay`` plays on past ``count`` (at most 400 more) to a prompt that lays track: the
        acting seat's page then carries the lay picker, every legal lay previewed.
        """
        title, rng = engine.get_title("1861"), seeded_rng(seed, "bench")
        for played in range(count + (400 if until_lay else 0)):
            snapshot = Snapshot.objects.get(game_id=game_id)
            state = engine.from_json(snapshot.state)
            waiting = engine.prompts(state)
            if not waiting or len(waiting) > 1:
                break  # keep a position one seat is asked in (a merger's consents ask several)
            if played >= count and waiting[0].context.get("lays"):
                break
            action = title.random_action(state, waiting[0].seat, rng)
            version = Game.objects.get(pk=game_id).version
            assert services.submit_move(game_id, waiting[0].seat, action, version, "web").applied

    if page_title == "1861":
        long_game, short_game = new_game(2, "1861"), new_game(4, "1861")
        play_1861(long_game, late, 2, until_lay)
    else:
        long_game = new_game(3)  # seed 3 lasts over 200 actions when played by the random player below
        play(long_game, 200, 3)
        short_game = new_game(2)

    def waiting_player(game_id: int) -> str:
        """The pages are read by the seat the game waits on: the heaviest page, with its prompt forms."""
        seat = Snapshot.objects.get(game_id=game_id).waiting_seats[0]
        return PLAYERS[seat][1]

    sessions = {}
    for user in users:
        client = Client()
        client.force_login(user)
        sessions[user.display_name] = client.cookies["sessionid"].value
    late_state = engine.from_json(Snapshot.objects.get(game_id=long_game).state)
    label = (f"game page, 1861 game at {late_state.actions_applied} actions (phase {late_state.phase}"
             f"{', laying track' if until_lay else ''})"
             if page_title == "1861" else "game page, 200-action game")
    return {
        "long_game": long_game,
        "long_label": label,
        "short_game": short_game,
        "readers": {str(long_game): waiting_player(long_game), str(short_game): waiting_player(short_game)},
        "move_games": [{"id": new_game(1000 + n), "seed": 1000 + n} for n in range(move_games)],
        "sessions": sessions,
        "players": [name for _, name in PLAYERS],
    }


# ---------------------------------------------------------------- the load client


@dataclass
class Results:
    latencies: list[float] = field(default_factory=list)
    answered_at: list[float] = field(default_factory=list)  # time.perf_counter() of each response
    statuses: dict[int, int] = field(default_factory=dict)
    errors: int = 0
    skipped: int = 0
    started: float = 0.0
    finished: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, seconds: float, status: int) -> None:
        with self.lock:
            self.latencies.append(seconds)
            self.answered_at.append(time.perf_counter())
            self.statuses[status] = self.statuses.get(status, 0) + 1

    def p99(self) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000

    def report(self, name: str, offered: float) -> str:
        if not self.latencies:
            return f"{name}: no responses ({self.errors} errors)"
        ordered = sorted(self.latencies)
        p50, p99 = statistics.median(ordered) * 1000, self.p99()
        rate = len(ordered) / (self.finished - self.started)
        line = (f"{name:<34} offered {offered:6.0f}/s  sustained {rate:6.1f}/s  p50 {p50:6.1f} ms  "
                f"p99 {p99:6.1f} ms  max {ordered[-1] * 1000:6.1f} ms  n={len(ordered)}  statuses={self.statuses}")
        answered = zip(self.answered_at, self.latencies, strict=True)
        slow = {int(at - self.started) for at, latency in answered if latency > 0.05}
        line += f"\n  over 50 ms: {sum(latency > 0.05 for latency in ordered)} responses, in {len(slow)} of the " \
                f"{self.finished - self.started:.0f} seconds {sorted(slow)}"
        if self.errors:
            line += f"  errors={self.errors}"
        return line + (f"  skipped={self.skipped}" if self.skipped else "")


class Worker(threading.Thread):
    """Takes jobs (callables given a connection) from a queue; one keep-alive connection each."""

    def __init__(self, port: int, jobs: queue.Queue):
        super().__init__(daemon=True)
        self.port, self.jobs = port, jobs
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

    def run(self) -> None:
        while (job := self.jobs.get()) is not None:
            try:
                job(self)
            except (OSError, http.client.HTTPException):
                self.connection.close()
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
                job.results.errors += 1  # type: ignore[attr-defined]
                job.on_error()  # type: ignore[attr-defined]

    def request(self, method: str, path: str, headers: dict[str, str], body: str | None = None) -> tuple[int, float]:
        start = time.perf_counter()
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        response.read()
        return response.status, time.perf_counter() - start


def run_open_loop(port: int, rate: float, seconds: float, make_job, results: Results, threads: int = 48) -> None:
    """Offer ``rate`` jobs a second for ``seconds``; ``make_job`` returns a job or None (skipped)."""
    jobs: queue.Queue = queue.Queue()
    workers = [Worker(port, jobs) for _ in range(threads)]
    for worker in workers:
        worker.start()
    interval, total = 1.0 / rate, int(rate * seconds)
    results.started = time.perf_counter()
    for n in range(total):
        delay = results.started + n * interval - time.perf_counter()
        if delay > 0:
            time.sleep(delay)
        job = make_job()
        if job is None:
            results.skipped += 1
        else:
            jobs.put(job)
    for _ in workers:
        jobs.put(None)
    for worker in workers:
        worker.join(30)
    results.finished = time.perf_counter()


class PageJob:
    def __init__(self, path: str, cookie: str, results: Results):
        self.path, self.cookie, self.results = path, cookie, results

    def __call__(self, worker: Worker) -> None:
        status, seconds = worker.request("GET", self.path, {"Cookie": self.cookie, "Host": "127.0.0.1"})
        self.results.add(seconds, status)

    def on_error(self) -> None:
        pass


class MoveGame:
    """The client's script for one game: every legal move it will post, worked out before the load.

    The moves are played through the engine here, up front, so the client spends no engine time
    on the cores it shares with the server while requests are timed.
    """

    def __init__(self, game_id: int, seed: int, players: list[str]):
        import engine.core as engine
        from engine.core.rng import seeded_rng

        self.id, self.busy, self.done, self.next = game_id, False, False, 0
        state = with_forced_answers(engine.new_game("acquire", players, seed, {}))
        rng = seeded_rng(seed, "bench-client")
        title, self.moves = engine.get_title("acquire"), []
        while waiting := engine.prompts(state):
            prompt = waiting[0]
            action = title.random_action(state, prompt.seat, rng)
            self.moves.append((prompt.seat, action, form_fields(prompt, action, state.actions_applied)))
            state = with_forced_answers(engine.apply(state, prompt.seat, action)[0])

    def next_move(self) -> tuple[int, dict[str, Any], dict[str, str]] | None:
        if self.next >= len(self.moves):
            self.done = True
            return None
        return self.moves[self.next]

    def applied(self, seat: int, action: dict[str, Any]) -> None:
        self.next += 1


def form_fields(prompt, action: dict[str, Any], version: int) -> dict[str, str]:
    """What the game page's form for ``action`` posts."""
    from games.prompt_forms import fields_for_action

    option = next(o for o in prompt.actions if o.type == action["type"])
    return {"expected_version": str(version), "type": action["type"], **fields_for_action(option, action)}


class MoveJob:
    def __init__(self, game: MoveGame, move: tuple[int, dict[str, Any], dict[str, str]], sessions: dict[str, str],
                 players: list[str], results: Results):
        self.game, self.results = game, results
        self.seat, self.action, data = move
        csrf = secrets.token_hex(16)  # a 32-character secret, sent as cookie and form field alike
        name = players[self.seat]
        self.headers = {"Cookie": f"sessionid={sessions[name]}; csrftoken={csrf}", "Host": "127.0.0.1",
                        "Content-Type": "application/x-www-form-urlencoded"}
        self.body = urlencode({**data, "csrfmiddlewaretoken": csrf})

    def __call__(self, worker: Worker) -> None:
        status, seconds = worker.request("POST", f"/games/{self.game.id}/move/", self.headers, self.body)
        self.results.add(seconds, status)
        if status == 302:
            self.game.applied(self.seat, self.action)
        else:
            self.results.errors += 1
            self.game.done = True  # out of step with the server: leave this game alone
        self.game.busy = False

    def on_error(self) -> None:
        self.game.busy = False
        self.game.done = True


def move_load(port: int, rate: float, seconds: float, prepared: dict[str, Any]) -> Results:
    """Legal moves on the prepared games; the client's copies carry over from one call to the next."""
    if "move_clients" not in prepared:
        prepared["move_clients"] = [MoveGame(g["id"], g["seed"], prepared["players"]) for g in prepared["move_games"]]
    games = prepared["move_clients"]
    results = Results()
    turn = {"next": 0}

    def make_job():
        for _ in range(len(games)):
            game = games[turn["next"] % len(games)]
            turn["next"] += 1
            if game.busy or game.done:
                continue
            move = game.next_move()
            if move is not None:
                game.busy = True
                return MoveJob(game, move, prepared["sessions"], prepared["players"], results)
        return None

    run_open_loop(port, rate, seconds, make_job, results)
    return results


def page_load(port: int, rate: float, seconds: float, prepared: dict[str, Any],
              late_only: bool = False) -> tuple[Results, Results]:
    """Alternate between the long game and a new one, so both see the same conditions.

    With ``late_only`` every request reads the long game: the whole offered rate on the one page.
    """
    long_results, short_results = Results(), Results()
    jobs = [(prepared["long_game"], long_results), (prepared["short_game"], short_results)]
    if late_only:
        jobs = jobs[:1]
    turn = {"next": 0}

    def make_job() -> PageJob:
        game_id, results = jobs[turn["next"] % len(jobs)]
        turn["next"] += 1
        cookie = f"sessionid={prepared['sessions'][prepared['readers'][str(game_id)]]}"
        return PageJob(f"/games/{game_id}/", cookie, results)

    run_open_loop(port, rate, seconds, make_job, long_results)
    short_results.started, short_results.finished = long_results.started, long_results.finished
    return long_results, short_results


# ---------------------------------------------------------------- orchestration


def page_sizes(port: int, prepared: dict[str, Any]) -> None:
    """The late game's page as its reader gets it: bytes of the page and of its largest drawing (the map)."""
    import re

    game_id = prepared["long_game"]
    cookie = f"sessionid={prepared['sessions'][prepared['readers'][str(game_id)]]}"
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", f"/games/{game_id}/", headers={"Host": "127.0.0.1", "Cookie": cookie})
    body = connection.getresponse().read().decode()
    drawings = re.findall(r"<svg\b.*?</svg>", body, re.S)
    largest = max((len(svg.encode()) for svg in drawings), default=0)
    print(f"{prepared['long_label']}: page {len(body.encode()) / 1024:.0f} KB, largest SVG (the map)"
          f" {largest / 1024:.0f} KB")


def worker_cpu_seconds(master_pid: int) -> float:
    """User+system CPU of gunicorn's workers so far (children of the master), from /proc."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == master_pid:  # ppid
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


def measured(server: subprocess.Popen, phase, *args) -> tuple[Any, float]:
    """Run a load phase; also return the workers' CPU milliseconds per response (load-independent)."""
    before = worker_cpu_seconds(server.pid)
    results = phase(*args)
    spent = worker_cpu_seconds(server.pid) - before
    count = sum(len(r.latencies) for r in (results if isinstance(results, tuple) else (results,)))
    return results, spent * 1000 / max(count, 1)


def start_gunicorn(env: dict[str, str], port: int, workers: int, threads: int, app: str) -> subprocess.Popen:
    command = [str(GUNICORN), app, "--bind", f"127.0.0.1:{port}", "--workers", str(workers),
               "--worker-class", "gthread", "--threads", str(threads), "--keep-alive", "5",
               "--log-level", "warning"]
    server = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)
    for _ in range(100):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            connection.request("GET", "/", headers={"Host": "127.0.0.1"})
            if connection.getresponse().status == 200:
                return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("gunicorn did not start")


def run_phases(args: argparse.Namespace, server: subprocess.Popen, prepared: dict[str, Any], lines: list[str],
               p99s: dict[str, list[float]]) -> None:
    """One round: the page phase, then the move phase (as ``--only`` allows), each reported in ``lines``."""
    if args.only != "moves":
        (long_pages, short_pages), cpu = measured(server, page_load, args.port, args.page_rate, args.seconds,
                                                  prepared, args.late_only)
        share = 1 if args.late_only else 2
        lines.append(long_pages.report(prepared["long_label"], args.page_rate / share))
        if not args.late_only:
            lines.append(short_pages.report(f"game page, new {args.page_title} game (0 actions)",
                                            args.page_rate / 2))
        lines.append(f"  gunicorn workers' CPU per page: {cpu:.1f} ms")
        p99s["page"].append(long_pages.p99())
    if args.only != "pages":
        name = "move POST (page form)" + (", no notifications" if args.without_notifications else "")
        moves, cpu = measured(server, move_load, args.port, args.rate, args.seconds, prepared)
        lines.append(moves.report(name, args.rate))
        lines.append(f"  gunicorn workers' CPU per move POST: {cpu:.1f} ms")
        p99s["move"].append(moves.p99())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rate", type=float, default=200, help="move POSTs offered per second")
    parser.add_argument("--page-rate", type=float, default=200,
                        help="game page GETs offered per second (half to each of the two games)")
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--move-games", type=int,
                        help="games the move load plays (default 60 per round: each has one move in flight)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="measure each phase this many times on the same server and summarise the p99s "
                             "(this shared machine's speed varies from minute to minute)")
    parser.add_argument("--only", choices=["pages", "moves"], help="run one phase only")
    parser.add_argument("--cache", choices=["locmem", "redis"], default="locmem",
                        help="the position cache: per worker process, or shared in Redis (session reads always "
                             "come from Redis when it answers, as in production)")
    parser.add_argument("--without-notifications", action="store_true",
                        help="serve with the notifications receivers disconnected (to see the games part alone)")
    parser.add_argument("--page-title", choices=["acquire", "1861"], default="acquire",
                        help="the title of the two games the page phase reads")
    parser.add_argument("--until-lay", action="store_true",
                        help="play the late 1861 game on to a track lay, so its page carries the lay picker")
    parser.add_argument("--late-only", action="store_true",
                        help="send every page GET to the long game instead of alternating with a new one")
    parser.add_argument("--late", type=int, default=800, help="actions played in the late 1861 game")
    parser.add_argument("--prepare", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.move_games = args.move_games or 60 * args.rounds
    if args.prepare:
        print(json.dumps(prepare(args.move_games, args.page_title, args.late, args.until_lay)))
        return
    env = bench_env(args.cache == "redis")
    load_before = " ".join(f"{value:.2f}" for value in os.getloadavg())
    redis = "CELERY_BROKER_URL" in env
    print(f"database {DB_NAME}; mail tasks {'queued to Redis' if redis else 'in-process'}; "
          f"position cache {'Redis (shared by the workers)' if 'TURNPOST_CACHE_URL' in env else 'per process'}; "
          f"session reads {'from Redis' if 'TURNPOST_SESSION_CACHE_URL' in env else 'from the database'}")
    recreate_database()
    subprocess.run([str(PYTHON), "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    began = time.perf_counter()
    output = subprocess.run([str(PYTHON), __file__, "--prepare", "--move-games", str(args.move_games),
                             "--page-title", args.page_title, "--late", str(args.late),
                             *(["--until-lay"] if args.until_lay else [])], cwd=ROOT,
                            env=env, check=True, capture_output=True, text=True).stdout
    prepared = json.loads(output.strip().splitlines()[-1])
    print(f"prepared the page games ({prepared['long_label']}) and {args.move_games} games for moves"
          f" in {time.perf_counter() - began:.1f} s")
    app = "benchmarks.wsgi_games_only:application" if args.without_notifications else "turnpost.wsgi"
    server = start_gunicorn(env, args.port, args.workers, args.threads, app)
    try:
        # Warm up every worker on both paths first: a worker's first moves pay for imports, its
        # broker connection and its first prepared statements (~150 ms each, seen as the slowest
        # 1% of an unwarmed run).
        page_load(args.port, 50, 2, prepared)
        page_sizes(args.port, prepared)
        if args.only != "pages":
            move_load(args.port, 50, 2, prepared)
        lines: list[str] = []
        p99s: dict[str, list[float]] = {"page": [], "move": []}
        for _ in range(args.rounds):
            run_phases(args, server, prepared, lines, p99s)
        for phase, values in p99s.items():
            if len(values) > 1:
                lines.append(f"{phase} p99 over {len(values)} rounds: min {min(values):.1f} ms, "
                             f"median {statistics.median(values):.1f} ms, max {max(values):.1f} ms")
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(10)
    print(f"gunicorn ({app}): {args.workers} workers x {args.threads} threads (gthread), 127.0.0.1:{args.port}; "
          f"{args.seconds:.0f} s per phase; client on the same machine; load average before: {load_before}")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
