"""The README's embedded run (SQLite, tasks in-process, the inbox page) plays moves end to end.

The service tests run on PostgreSQL; this one runs the site's settings with no environment at
all, as ``bin/serve`` does, so the statements written out as SQL (games.game_rows, the mail
facts) are exercised on SQLite too.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

PLAY = """
import json
from urllib.parse import quote
import django
django.setup()
from django.test import Client
import engine.core as engine
from engine.core.rng import seeded_rng
from games.models import Action, Game
from games.prompt_forms import fields_for_action
from games.queries import game_context
from notifications.models import Outbox

game = Game.objects.filter(status="active", title="acquire").first()
rng, statuses = seeded_rng(1, "embedded-test"), []
for _ in range(8):
    game.refresh_from_db()
    state = engine.from_json(game.snapshot.state)
    prompt = engine.prompts(state)[0]
    player = Client()
    player.force_login(game_context(game.pk, None).seats[prompt.seat].user)
    action = engine.get_title(game.title).random_action(state, prompt.seat, rng)
    option = next(o for o in prompt.actions if o.type == action["type"])
    form = {"expected_version": game.version, "type": action["type"], **fields_for_action(option, action)}
    statuses.append(player.post(f"/games/{game.pk}/move/", form).status_code)
stale = player.post(f"/games/{game.pk}/move/", form).status_code
page = player.get(f"/games/{game.pk}/").status_code
game.refresh_from_db()
# The inbox page lists its recipients; the one whose move it is now has their turn mail there.
to_move = game_context(game.pk, None).seats[engine.prompts(engine.from_json(game.snapshot.state))[0].seat].user.email
recipients = player.get("/inbox/").content.decode()
inbox = player.get("/inbox/", {"to": to_move}).content.decode()
sources = {}
for source in Action.objects.filter(game=game).values_list("source", flat=True):
    sources[source] = sources.get(source, 0) + 1
print(json.dumps({"statuses": statuses, "stale": stale, "page": page,
                  "inbox_lists_turns": f"?to={quote(to_move)}" in recipients and "/mail/move/" in inbox,
                  "sources": sources, "turn_mails": Outbox.objects.filter(game=game, kind="turn").count()}))
"""


def test_the_embedded_run_plays_moves_on_sqlite(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TURNPOST_", "DATABASE_", "CELERY_"))}
    env.update(DJANGO_SETTINGS_MODULE="turnpost.settings", TURNPOST_EMBEDDED="true", TURNPOST_VAR_DIR=str(tmp_path),
               TURNPOST_ALLOWED_HOSTS="testserver")

    def run(*args: str) -> subprocess.CompletedProcess:
        result = subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        return result

    run("manage.py", "migrate", "-v0")
    demo = run("manage.py", "demo")
    assert demo.stdout.startswith("Railroad Barons demo") and "Demo game:" in demo.stdout
    assert demo.stderr == ""  # a newcomer sees the demo's addresses, no library warnings
    outcome = json.loads(run("-c", PLAY).stdout.strip().splitlines()[-1])
    assert (tmp_path / "turnpost.sqlite3").exists()
    assert outcome["statuses"] == [302] * 8  # every move made
    assert outcome["stale"] == 409  # the same form again: "already done", nothing doubled
    assert outcome["page"] == 200
    assert outcome["inbox_lists_turns"]  # bin/serve's mail lands on the local inbox page
    # the eight moves, and the service's answers to the prompts they left with one legal answer
    assert outcome["sources"]["web"] == 8 and set(outcome["sources"]) <= {"web", "auto"}
    assert outcome["turn_mails"] >= 8  # the start's mail and one per move at least


LEAGUE = """
import json
from datetime import timedelta
import django
django.setup()
from django.test import Client
from django.utils import timezone
from accounts.models import User
from leagues import organizing, signups
from leagues.models import Season
from ratings.queries import current_ordinals
from ratings.recompute import recompute_title

players = [User.objects.create_user(email=f"p{n}@example.com", display_name=f"P{n}") for n in range(3)]
league = organizing.create_league(players[0], "Friday", "acquire")
season = organizing.open_season(league, organizing.SeasonRules(
    signup_deadline=timezone.now() + timedelta(days=1), division_size=3, game_size=3))
for player in players:
    signups.sign_up(season, player)
organizer = Client()
organizer.force_login(players[0])
draw = organizer.post(f"/leagues/{league.slug}/{season.number}/draw/")
# p1's rating after two games: the newest entry is the one read.
from games.models import Game
from ratings.models import RatingEntry
for position, ordinal in ((1, 3.5), (2, 7.25)):
    game = Game.objects.create(title="acquire", seat_count=3)
    RatingEntry.objects.create(user=players[1], title="acquire", game=game, position=position, games_played=position,
                               mu=25.0, sigma=5.0, ordinal=ordinal, finished=timezone.now())
season_page = organizer.get(f"/leagues/{league.slug}/{season.number}/")
division = season.divisions.get()
division_page = Client().get(f"/leagues/{league.slug}/{season.number}/divisions/{division.pk}/")
print(json.dumps({"draw": draw.status_code, "season": Season.objects.get(pk=season.pk).status,
                  "pages": [season_page.status_code, division_page.status_code,
                            organizer.get("/leagues/me/games/").status_code],
                  "listed": "my-league-games" in organizer.get("/leagues/me/games/").content.decode(),
                  "table": f"standings-{division.pk}" in season_page.content.decode(),
                  "ordinals": {User.objects.get(pk=pk).name: ordinal
                               for pk, ordinal in current_ordinals([p.pk for p in players], "acquire").items()},
                  "rated": recompute_title("acquire")}))
"""


def test_the_embedded_run_draws_a_league_and_rebuilds_ratings_on_sqlite(tmp_path):
    """The draw seeds by rating, the season's tables are keyed by their members' names and a finished game rebuilds
    its title's ratings: each of those queries must run on SQLite too."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TURNPOST_", "DATABASE_", "CELERY_"))}
    env.update(DJANGO_SETTINGS_MODULE="turnpost.settings", TURNPOST_EMBEDDED="true", TURNPOST_VAR_DIR=str(tmp_path),
               TURNPOST_ALLOWED_HOSTS="testserver")
    migrate = subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, capture_output=True,
                             text=True)
    assert migrate.returncode == 0, migrate.stderr
    result = subprocess.run([sys.executable, "-c", LEAGUE], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-3000:]
    outcome = json.loads(result.stdout.strip().splitlines()[-1])
    assert outcome == {"draw": 302, "season": "drawn", "pages": [200, 200, 200], "table": True, "listed": True,
                       "ordinals": {"P1": 7.25}, "rated": 0}


def test_the_embedded_run_makes_a_var_dir_it_is_given(tmp_path):
    """``TURNPOST_VAR_DIR=/tmp/new bin/serve`` migrates into a folder not made yet, as it does into ``var/``."""
    var_dir = tmp_path / "not" / "made" / "yet"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TURNPOST_", "DATABASE_", "CELERY_"))}
    env.update(DJANGO_SETTINGS_MODULE="turnpost.settings", TURNPOST_EMBEDDED="true", TURNPOST_VAR_DIR=str(var_dir))
    result = subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stderr[-2000:]
    assert (var_dir / "turnpost.sqlite3").exists()


@pytest.mark.slow
def test_bin_serve_shows_the_sites_own_not_found_page_and_still_serves_the_api_docs(tmp_path):
    """A newcomer's mistyped address on ``bin/serve`` got Django's debug page listing every URL pattern."""
    import signal
    import socket
    import time
    import urllib.error
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TURNPOST_", "DATABASE_", "CELERY_"))}
    env.update(TURNPOST_VAR_DIR=str(tmp_path), PORT=str(port))
    server = subprocess.Popen([str(ROOT / "bin" / "serve")], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(f"{base}/", timeout=2)
                break
            except OSError:
                time.sleep(0.5)
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(f"{base}/games/999999/", timeout=5)
        page = missing.value.read().decode()
        assert missing.value.code == 404 and "There is no such game." in page
        assert "URLconf" not in page and "DEBUG = True" not in page
        assert urllib.request.urlopen(f"{base}/static/ninja/swagger-ui-bundle.js", timeout=5).status == 200
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=20)
