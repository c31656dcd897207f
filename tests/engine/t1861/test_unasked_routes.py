"""A company with a train but no legal route "does not run" on 18xx.games (23 R1 step 6).

18xx.games asks for routes once its graph sees two stops connected to one of the company's
tokens, even when no legal route joins them (two cities of one hex); its player then submits
``run_routes`` with no routes, ₽0, and the dividend step settles itself without an action.
Our routes step asks only when a route exists, so an import records nothing for that action
(``engine.t1861.unasked_routes``).

``fixtures/oracle_37_kb_does_not_run.json`` is the export 18xx.games' own engine made of the
oracle's random game 37 (4 players, column market) through id 161: KB, its token on Kiev
(D14) and a 2-train, runs no routes at id 146 and passes its train purchase at id 147.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from engine.t1861 import company_turn
from engine.t1861.export import read_export
from engine.t1861.importer import replay_export
from engine.t1861.title import TITLE
from tests.engine.t1861.fixtures import FIXTURES

ROOT = Path(__file__).resolve().parents[3]
EXPORT = FIXTURES / "oracle_37_kb_does_not_run.json"
EMPTY_RUN = 146  # KB's run_routes with no routes


def _engine(*args: str, stdin: str = "") -> tuple[int, Any]:
    done = subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=300)
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, json.loads(done.stdout)


def test_r1_step_6_an_empty_run_where_no_route_exists_imports_as_nothing_and_replays() -> None:
    code, record = _engine("import-18xx", str(EXPORT))
    assert code == 0, record
    effective = read_export(str(EXPORT)).effective_actions()
    assert len(record["actions"]) == len(effective) - 1  # only the empty run is left out
    assert not any(entry["action"]["type"] == "run_routes" and not entry["action"]["routes"]
                   for entry in record["actions"])
    code, summary = _engine("replay", "-", stdin=json.dumps(record))
    assert code == 0 and summary["status"] == "in_progress"
    assert summary["actions_applied"] == len(record["actions"])


def test_r1_step_6_the_company_had_a_train_and_no_route_and_earned_nothing_as_on_18xx_games() -> None:
    before = replay_export(read_export(str(EXPORT)), until=EMPTY_RUN - 1).state
    kb = before.minors["kb"]
    assert kb["trains"] and not company_turn.has_a_route(before, "kb")
    assert not any("run_routes" in asked.accepts for asked in TITLE.waiting(before))
    after = replay_export(read_export(str(EXPORT)), until=EMPTY_RUN)
    assert after.refusal is None and after.reached == EMPTY_RUN
    # 18xx.games' withhold of ₽0 after the empty run: KB at ₽40 with ₽20, as our settled step left it.
    assert (after.state.minors["kb"]["price"], after.state.minors["kb"]["cash"]) == (40, 20)
