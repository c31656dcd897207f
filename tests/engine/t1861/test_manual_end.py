"""A game its players ended by agreement on 18xx.games (its End Game: ``end_game``,
``game_end_reason`` ``manually_ended``) imports and replays to that end (issue 13; rules 17).

18xx.games lets any player end a game at any moment; many games there end so once the result
is clear, and the result is each player's worth at that moment, every company's price moved a
step left per loan first, as at a normal end (17).  167259 is cut in OR 5.1 (id 500), where MB
and MV owe a loan each, and ended there by a player who is not the one asked.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.engine.t1861.fixtures import FIXTURES

ROOT = Path(__file__).resolve().parents[3]
CUT = 500  # 167259: OR 5.1, Player 2 asked for MV's turn; MB and MV owe a loan each
ENDER = 3  # Player 4 presses End Game


def _engine(*args: str, stdin: str) -> tuple[int, dict[str, Any]]:
    done = subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=600)
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, json.loads(done.stdout)


def _ended_export() -> dict[str, Any]:
    export = json.loads((FIXTURES / "167259.json").read_text())
    export["actions"] = [action for action in export["actions"] if action["id"] <= CUT]
    export["actions"].append({"type": "end_game", "entity": ENDER, "entity_type": "player", "id": CUT + 1,
                              "created_at": 1672766530})
    export.update(status="finished", game_end_reason="manually_ended", result={})
    return export


@pytest.fixture(scope="module")
def at_the_cut() -> dict[str, Any]:
    """The position just before the end: the cut export imported and replayed."""
    export = json.loads((FIXTURES / "167259.json").read_text())
    export["actions"] = [action for action in export["actions"] if action["id"] <= CUT]
    export.update(status="active", game_end_reason=None, result={})
    _, record = _engine("import-18xx", "-", stdin=json.dumps(export))
    code, summary = _engine("replay", "-", stdin=json.dumps(record))
    assert code == 0 and summary["status"] == "in_progress"
    return summary


@pytest.fixture(scope="module")
def ended() -> tuple[dict[str, Any], dict[str, Any]]:
    """The ended export's record and its replay."""
    code, record = _engine("import-18xx", "-", stdin=json.dumps(_ended_export()))
    assert code == 0, record
    code, summary = _engine("replay", "-", stdin=json.dumps(record))
    assert code == 0, summary
    return record, summary


def test_the_record_may_end_by_agreement_and_names_the_seat_asked(ended, at_the_cut) -> None:
    record, _ = ended
    assert record["options"] == {"column_market": False, "merger_consent": False, "sale_consent": False,
                                 "kept_track_graph": True, "manual_end": True}
    assert record["actions"][-1] == {"seat": at_the_cut["waiting_for"][0]["seat"], "action": {"type": "end_game"}}
    assert at_the_cut["waiting_for"][0]["seat"] != ENDER


def test_the_game_is_over_with_the_reason_18xx_games_gives(ended) -> None:
    _, summary = ended
    assert summary["status"] == "finished" and summary["waiting_for"] == []
    assert summary["end_reason"] == "manually_ended"


def test_each_player_scores_their_worth_at_the_moment_of_the_end(ended, at_the_cut) -> None:
    """17: worth = cash + privates + shares at the price a step left per loan owed."""
    _, summary = ended
    worth = {player["name"]: player["worth"] for player in at_the_cut["players"]}
    assert {entry["name"]: entry["score"] for entry in summary["standings"]} == worth
    assert [entry["place"] for entry in summary["standings"]] == [1, 2, 3, 4]
    assert {entry["name"]: entry["cash"] for entry in summary["standings"]} == {
        player["name"]: player["cash"] for player in at_the_cut["players"]}


def test_the_loans_are_paid_off_by_moving_each_price_left(ended, at_the_cut) -> None:
    """17: MB and MV owed a loan each; at the end they owe none and stand a step left (lower)."""
    _, summary = ended
    for company in ("mb", "mv"):
        before, after = at_the_cut["companies"][company], summary["companies"][company]
        assert (before["loans"], after["loans"]) == (1, 0)
        assert after["price"] < before["price"]


def test_a_record_without_the_option_refuses_end_game_at_its_index(ended) -> None:
    """Only an agreed end recorded elsewhere ends a game so: a game played here ends by 17 alone."""
    record, _ = ended
    record = {**record, "options": {"column_market": False, "merger_consent": False, "sale_consent": False}}
    code, refusal = _engine("replay", "-", stdin=json.dumps(record))
    assert code == 2
    assert refusal["action_index"] == len(record["actions"]) - 1
    assert "'end_game' is not possible now" in refusal["error"]


def test_an_export_cut_before_its_end_game_is_a_game_to_play_on(at_the_cut) -> None:
    """``--until`` before the End Game: the option stays off, the game waits for its player."""
    code, record = _engine("import-18xx", "-", "--until", str(CUT), stdin=json.dumps(_ended_export()))
    assert code == 0 and "manual_end" not in record["options"]
    code, summary = _engine("replay", "-", stdin=json.dumps(record))
    assert summary["waiting_for"] == at_the_cut["waiting_for"]
