"""``python -m engine replay`` and ``random`` for Acquire, through a real subprocess (the record contract)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60
    )


def replay_text(text: str) -> tuple[int, dict]:
    done = run("replay", "-", stdin=text)
    assert "Traceback" not in done.stderr
    return done.returncode, json.loads(done.stdout)


def record(actions=(), **overrides) -> dict:
    base = {
        "title": "acquire",
        "players": ["ann", "bob", "cy"],
        "seed": 42,
        # Starting tiles 12B, 12D, 12F (ann starts), then the hands of ann, bob and cy.
        "options": {"tile_bag": ["12B", "12D", "12F", "1A", "3C", "5C", "7C", "9C", "11C",
                                 "2A", "3E", "5E", "7E", "9E", "11E", "1G", "3G", "5G", "7G", "9G", "11G"]},
        "actions": list(actions),
    }
    return {**base, **overrides}


PLACE_1A = {"seat": 0, "action": {"type": "place_tile", "tile": "1A"}}
BUY_NOTHING_0 = {"seat": 0, "action": {"type": "buy_shares", "shares": {}}}


def test_replay_prints_the_contract_fields(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record([PLACE_1A])))
    done = run("replay", str(path))
    assert done.returncode == 0 and done.stderr == ""
    out = json.loads(done.stdout)
    assert out["title"] == "acquire" and out["status"] == "in_progress" and out["actions_applied"] == 1
    assert out["waiting_for"] == [{"seat": 0, "prompt": "buy_shares"}]
    assert out["players"][0] == {"seat": 0, "name": "ann", "cash": 6000, "shares": {}}
    assert out["standings"] is None
    assert out["chains"]["tower"] == {"size": 0, "safe": False, "price": 0} and len(out["chains"]) == 7
    assert out["board"] == {"1A": None, "12B": None, "12D": None, "12F": None}


def test_replay_reads_standard_input_and_shows_founding_and_shares():
    actions = [PLACE_1A, BUY_NOTHING_0, {"seat": 1, "action": {"type": "place_tile", "tile": "2A"}},
               {"seat": 1, "action": {"type": "found_chain", "chain": "luxor"}},
               {"seat": 1, "action": {"type": "buy_shares", "shares": {"luxor": 2}}}]
    code, out = replay_text(json.dumps(record(actions)))
    assert code == 0
    assert out["players"][1] == {"seat": 1, "name": "bob", "cash": 5600, "shares": {"luxor": 3}}
    assert out["board"]["2A"] == "luxor" and out["chains"]["luxor"] == {"size": 2, "safe": False, "price": 200}
    assert out["waiting_for"] == [{"seat": 2, "prompt": "place_tile"}]


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[1, 2]",
        json.dumps({k: v for k, v in record().items() if k != "seed"}),
        json.dumps(record(title="chess")),
        json.dumps(record(options={"colour": "red"})),
        json.dumps(record(options={"tile_bag": ["1A", "1A"]})),
        json.dumps(record(options={"tile_bag": ["13A"]})),
        json.dumps(record(options={"open_holdings": "no"})),
        json.dumps(record(players=["solo"])),
        json.dumps(record([{"seat": "0", "action": {"type": "place_tile", "tile": "1A"}}])),
        json.dumps(record([{"seat": 0}])),
        json.dumps(record([{"seat": 0, "action": {"tile": "1A"}}])),
        json.dumps(record([{"seat": 0, "action": {"type": 7}}])),
        json.dumps(record([{"seat": True, "action": {"type": "place_tile", "tile": "1A"}}])),
    ],
)
def test_malformed_records_exit_2_with_a_null_action_index(text):
    code, out = replay_text(text)
    assert code == 2 and out["action_index"] is None and out["error"]


@pytest.mark.parametrize(
    "bad, index, words",
    [
        ({"seat": 1, "action": {"type": "place_tile", "tile": "2A"}}, 0, "not bob's turn"),
        ({"seat": 0, "action": {"type": "place_tile", "tile": "9I"}}, 0, "ann does not hold 9I"),
        ({"seat": 0, "action": {"type": "teleport"}}, 0, "teleport"),
        ({"seat": 7, "action": {"type": "place_tile", "tile": "1A"}}, 0, "no seat"),
    ],
)
def test_an_illegal_first_action_exits_2_at_its_index(bad, index, words):
    code, out = replay_text(json.dumps(record([bad])))
    assert code == 2 and out["action_index"] == index and words in out["error"]


def test_illegal_action_index_counts_the_actions_applied_before_it():
    actions = [PLACE_1A, {"seat": 0, "action": {"type": "buy_shares", "shares": {"tower": -1}}}]
    code, out = replay_text(json.dumps(record(actions)))
    assert code == 2 and out["action_index"] == 1 and "whole number" in out["error"]
    actions = [PLACE_1A, BUY_NOTHING_0, {"seat": 1, "action": {"type": "place_tile", "tile": "2A"}},
               {"seat": 1, "action": {"type": "found_chain", "chain": "hilton"}}]
    code, out = replay_text(json.dumps(record(actions)))
    assert code == 2 and out["action_index"] == 3 and "'hilton' is not a chain" in out["error"]


def test_unreadable_file_is_a_clean_error(tmp_path):
    done = run("replay", str(tmp_path / "missing.json"))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert json.loads(done.stdout)["action_index"] is None


@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_command_prints_a_record_that_replays_to_finished(players):
    made = run("random", "--title", "acquire", "--players", str(players), "--seed", str(players * 11))
    assert made.returncode == 0 and made.stderr == ""
    generated = json.loads(made.stdout)
    assert generated["title"] == "acquire" and len(generated["players"]) == players
    code, out = replay_text(made.stdout)
    assert code == 0 and out["status"] == "finished" and out["waiting_for"] == []
    assert out["actions_applied"] == len(generated["actions"])
    places = [entry["place"] for entry in out["standings"]]
    assert places[0] == 1 and places == sorted(places)
    assert all(entry["score"] == entry["cash"] for entry in out["standings"])
