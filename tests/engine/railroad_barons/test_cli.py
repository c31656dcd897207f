"""``python -m engine`` with Railroad Barons records: success, malformed records, illegal actions."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.engine.railroad_barons.support import DRAFT_WITHOUT_450, record

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=60)


def replay(raw: Any) -> tuple[int, dict[str, Any], str]:
    done = run("replay", "-", stdin=raw if isinstance(raw, str) else json.dumps(raw))
    return done.returncode, json.loads(done.stdout), done.stderr


def test_a_random_record_replays_to_a_finished_game() -> None:
    generated = run("random", "--title", "railroad-barons", "--players", "2", "--seed", "5")
    assert generated.returncode == 0, generated.stdout
    code, result, stderr = replay(generated.stdout)
    assert code == 0 and stderr == ""
    assert result["status"] == "finished" and result["waiting_for"] == []
    assert result["actions_applied"] == len(json.loads(generated.stdout)["actions"])
    assert {"players", "standings", "holdings", "pile", "obsolete_levels", "round", "end_reason"} <= set(result)
    assert result["standings"][0]["place"] == 1


def test_a_partial_record_reports_who_is_asked(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record(DRAFT_WITHOUT_450)))
    done = run("replay", str(path))
    result = json.loads(done.stdout)
    assert done.returncode == 0
    assert result["waiting_for"] == [{"seat": 0, "prompt": "stock_turn"}] and result["round"] == "SR 1"
    assert result["players"][0]["cash"] == 750 and result["standings"] is None


def test_malformed_records_exit_2_without_an_action_index() -> None:
    bad_records = [
        record([], {"house_rule": True}),
        record([], {"end_on_empty_pile": "yes"}),
        {**record([]), "players": ["ann"]},
        {**record([]), "players": ["ann", "bob", "cy"]},
        {key: value for key, value in record([]).items() if key != "seed"},
        "{not json",
    ]
    for raw in bad_records:
        code, result, stderr = replay(raw)
        assert code == 2 and result["action_index"] is None and result["error"], raw
        assert "Traceback" not in stderr


def test_an_illegal_action_exits_2_with_its_index() -> None:
    steps = [*DRAFT_WITHOUT_450, (0, {"type": "buy", "holding": "seedy", "take": 30})]
    code, result, stderr = replay(record(steps))
    assert code == 2 and result["action_index"] == len(DRAFT_WITHOUT_450)
    assert "first certificate must be the 40%" in result["error"] and "Traceback" not in stderr


def test_malformed_fields_are_illegal_actions_not_crashes() -> None:
    weird = [{"type": "offer_investor", "investor": {"a": 1}, "value": 30},
             {"type": "offer_investor", "investor": "inv30", "value": [30]},
             {"type": "teleport"}]
    for action in weird:
        code, result, stderr = replay(record([(0, action)]))
        assert code == 2 and result["action_index"] == 0, action
        assert "Traceback" not in stderr and "could not be understood" not in result["error"]
