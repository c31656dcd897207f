"""``python -m engine replay`` on 1861 records that stay within the rounds built so far.

The title is registered (not playable: docs/titles/1861.md), so the command reads 1861
records as it reads the others.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.__main__ import run_replay
from engine.t1861.title import TITLE
from engine.t1861.translate import opening_record
from tests.engine.t1861.fixtures import fixture_export


def _replay(tmp_path: Path, record: dict, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    code = run_replay(str(path))
    return code, json.loads(capsys.readouterr().out)


def test_the_opening_of_167259_replays_to_the_contracts_output(tmp_path, capsys) -> None:
    code, out = _replay(tmp_path, opening_record(fixture_export("167259")), capsys)
    assert code == 0
    assert [player["cash"] for player in out["players"]] == [135, 15, 25, 30]  # with OR 1.1's private revenue (3)
    assert out["players"][1]["shares"] == {"n": 100, "spw": 100}
    assert out["companies"]["n"]["price"] == 70 and out["companies"]["n"]["president"] == 1
    assert out["waiting_for"] == [{"seat": 1, "prompt": "operate"}]  # N, first in 7.4's order, lays track


def test_an_operating_round_action_out_of_step_is_refused_in_words_with_its_index(tmp_path, capsys) -> None:
    record = opening_record(fixture_export("29683"))
    record["actions"].append({"seat": 2, "action": {"type": "buy_train", "train": "2-0", "source": "depot"}})
    code, out = _replay(tmp_path, record, capsys)
    assert code == 2
    assert out["action_index"] == len(record["actions"]) - 1
    assert "'buy_train' is not possible now" in out["error"]  # R1: N's track step comes first


def test_an_illegal_bid_is_refused_with_its_index(tmp_path, capsys) -> None:
    record = {"title": "1861", "players": ["a", "b", "c"], "seed": 1, "options": {},
              "actions": [{"seat": 0, "action": {"type": "bid", "company": "tsr", "price": 20}},
                          {"seat": 1, "action": {"type": "bid", "company": "tsr", "price": 21}}]}
    code, out = _replay(tmp_path, record, capsys)
    assert (code, out["action_index"]) == (2, 1)
    assert "₽25" in out["error"] or "steps" in out["error"] or "beat" in out["error"]


def test_unknown_options_are_a_malformed_record(tmp_path, capsys) -> None:
    code, out = _replay(tmp_path, {"title": "1861", "players": ["a", "b"], "seed": 1,
                                   "options": {"short_game": True}, "actions": []}, capsys)
    assert (code, out["action_index"]) == (2, None) and "short_game" in out["error"]


def test_the_state_is_what_the_core_needs_and_survives_a_json_round_trip() -> None:
    from engine.core.title import GameState

    state = TITLE.new_game(["a", "b", "c"], 5, TITLE.validate_options({"column_market": True}))
    assert isinstance(state, GameState)
    again = TITLE.from_json(json.loads(json.dumps(TITLE.to_json(state))))
    assert TITLE.to_json(again) == TITLE.to_json(state) and TITLE.waiting(again) == TITLE.waiting(state)
    assert [event.kind for event in TITLE.opening_events(state)] == ["setup", "private_up"]
