"""``python -m engine import-18xx``, and ``replay``/``random`` for 1861, run as a user runs them.

An 18xx.games export (rules reference, section 22) becomes our game record, or, all or
nothing, the first refusal in the record contract's error shape.  Whole recorded games do
not replay yet (the RSR's turn and nationalisation are being built), so the fixtures are
cut to an action our rules reach.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.core import available_titles, playable_titles
from engine.core.record import parse_record, replay
from engine.t1861.export import parse_export
from engine.t1861.importer import replay_export
from engine.t1861.title import TITLE
from tests.engine.t1861.fixtures import FIXTURES

ROOT = Path(__file__).resolve().parents[3]
GAME = FIXTURES / "29683.json"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


def export_json() -> dict[str, Any]:
    return json.loads(GAME.read_text(encoding="utf-8"))


def cut_to(export: dict[str, Any], last_id: int) -> dict[str, Any]:
    """The export as if saved after action ``last_id`` (undos after it gone with it)."""
    return {**export, "actions": [action for action in export["actions"] if action["id"] <= last_id]}


def import_export(export: Any, *extra: str) -> tuple[int, dict[str, Any], str]:
    done = run("import-18xx", "-", *extra, stdin=export if isinstance(export, str) else json.dumps(export))
    assert "Traceback" not in done.stderr
    return done.returncode, json.loads(done.stdout), done.stderr


def position_of(export: dict[str, Any], action_id: int) -> int:
    return next(index for index, action in enumerate(export["actions"]) if action["id"] == action_id)


def test_an_export_cut_where_our_rules_reach_imports_and_replays_to_the_same_state(tmp_path: Path) -> None:
    cut = cut_to(export_json(), 300)
    path = tmp_path / "29683-300.json"
    path.write_text(json.dumps(cut), encoding="utf-8")
    done = run("import-18xx", str(path))
    assert done.returncode == 0 and "Traceback" not in done.stderr
    record = json.loads(done.stdout)
    assert record["title"] == "1861" and record["players"] == ["Player 1", "Player 2", "Player 3"]
    assert record["seed"] == 29683 and record["options"] == {"column_market": False, "merger_consent": False,
                                                             "sale_consent": False, "kept_track_graph": True}
    # 18xx.games says the whole game ended; the reader is told this record does not (stderr only).
    assert "still in progress" in done.stderr

    replayed = run("replay", "-", stdin=done.stdout)
    assert replayed.returncode == 0
    summary = json.loads(replayed.stdout)
    assert summary["status"] == "in_progress" and summary["actions_applied"] == len(record["actions"])
    expected = TITLE.summary(replay_export(parse_export(json.dumps(cut))).state)
    assert summary == json.loads(json.dumps(expected))


def test_until_takes_the_game_so_far_from_the_whole_export() -> None:
    code, record, stderr = import_export(export_json(), "--until", "300")
    assert code == 0 and stderr == ""
    state = replay(parse_record(json.dumps(record)))
    assert state.round == {"kind": "operating", "number": 3, "operating_round": 1}


def test_an_export_our_rules_stop_in_prints_the_refusal_and_no_record() -> None:
    """All or nothing: a record cut short would read as the whole game.  (The recorded game
    imports whole now; its action 354 is moved to a hex KR's track does not reach.)"""
    export = export_json()
    tampered = next(action for action in export["actions"] if action["id"] == 354)
    tampered["hex"] = "Q3"
    code, out, _ = import_export(export)
    assert code == 2 and "actions" not in out
    assert out["error"].startswith("18xx.games action 354 (lay_tile): ")
    assert "as far as 18xx.games action 353" in out["error"]
    assert out["action_id"] == 354 and out["action_index"] == position_of(export, 354)


def test_a_bad_action_in_the_middle_is_refused_with_its_place_in_the_export() -> None:
    export = cut_to(export_json(), 60)
    at = position_of(export, 46)  # Player 3 opens MNN's auction at ₽110 (section 11)
    export["actions"][at] = {**export["actions"][at], "price": 103}
    code, out, _ = import_export(export)
    assert code == 2 and out["action_index"] == at and out["action_id"] == 46
    assert out["error"].startswith("18xx.games action 46 (bid): ")


@pytest.mark.parametrize("broken", [
    {"type": "lay_tile", "hex": "H10", "tile": "58-0", "rotation": "one"},
    {"type": "lay_tile"},
    {"type": "run_routes", "routes": [{"train": "2-0"}]},
    {"type": "teleport"},
])
def test_actions_of_the_wrong_shape_are_refused_in_words(broken: dict[str, Any]) -> None:
    export = cut_to(export_json(), 58)
    export["actions"].append({"id": 59, "entity": "M-K", "entity_type": "corporation", **broken})
    code, out, _ = import_export(export)
    assert code == 2 and out["action_id"] == 59 and out["action_index"] == len(export["actions"]) - 1
    assert out["error"].startswith("18xx.games action 59")


@pytest.mark.parametrize("company", ["OK", "GRR"])  # a minor nobody bought yet, a major nobody started
def test_a_company_without_an_owner_acting_is_refused_in_words(company: str) -> None:
    """An oracle's export had KB, unsold there, run its trains: the refusal was 'could not be
    understood (TypeError ...)', from a seat of None in the turn check's own message."""
    export = cut_to(export_json(), 58)
    export["actions"].append({"id": 59, "entity": company, "entity_type": "corporation", "type": "run_routes",
                              "routes": []})
    code, out, _ = import_export(export)
    assert code == 2 and out["action_id"] == 59
    assert f"{company} has no owner in this game, so nobody can act for it." in out["error"]


@pytest.mark.parametrize(("acting", "words"), [
    ({"entity": "GRR_3", "entity_type": "corporation"},
     "The action is by GRR_3, which is neither a player of this game nor one of 1861's companies."),
    ({"entity": 4138, "entity_type": None},  # a player's id, not said to be a player's
     "The action is by 4138, which is neither a player of this game nor one of 1861's companies."),
    ({"entity": {}, "entity_type": "player"}, "names no player or company acting."),
    ({"entity_type": "corporation"}, "names no player or company acting."),
    ({"entity": "M-K", "entity_type": "corporation", "routes": [1, 2]},
     "has no routes, or a route that is not a set of hexes and a train."),
])
def test_an_acting_entity_that_names_nobody_is_refused_in_words(acting: dict[str, Any], words: str) -> None:
    """A fuzzed export's refusals read "could not be understood (KeyError: 'grr_3')" for 39 of
    300 changed actions, most of them an acting entity the game does not have."""
    export = cut_to(export_json(), 58)
    export["actions"].append({"id": 59, "type": "run_routes", "routes": [], **acting})
    code, out, _ = import_export(export)
    assert code == 2 and out["action_id"] == 59
    assert words in out["error"] and "understood" not in out["error"], out["error"]


@pytest.mark.parametrize(("text", "words"), [
    ("{not json", "not valid JSON"),
    ('{"title": "1861", "players": [{"id": 1}, {"id": 2}]}', "no list of actions"),
    ('{"title": "1830", "players": [{"id": 1}, {"id": 2}], "actions": []}', "of '1830'"),
    ('{"players": [{"id": 1}, {"id": 2}], "actions": []}', "without a title"),
    ('{"title": "1861", "players": [{"id": 1}], "actions": []}', "2 to 6 players"),
    ('{"title": "1861", "players": [{"id": 1}, {"id": 1}], "actions": []}', "share an id"),
    ('{"title": "1861", "players": [{"id": 1}, {"id": 2}], "actions": [{"id": "x", "type": "pass"}]}',
     "not a whole number"),
    ('[1, 2]', "no list of actions"),
])
def test_a_file_that_is_no_1861_export_is_malformed(text: str, words: str) -> None:
    code, out, _ = import_export(text)
    assert code == 2 and out["action_index"] is None and words in out["error"]


def test_a_file_that_cannot_be_read_is_refused_in_words(tmp_path: Path) -> None:
    binary = tmp_path / "export.json"
    binary.write_bytes(b"\xff\xfe\x00junk")
    for path in (binary, tmp_path / "missing.json"):
        done = run("import-18xx", str(path))
        assert done.returncode == 2 and "Traceback" not in done.stderr
        out = json.loads(done.stdout)
        assert out["error"].startswith("Cannot read the export:") and out["action_index"] is None


def test_an_empty_export_is_the_record_before_the_private_auction() -> None:
    code, record, _ = import_export({"id": 7, "title": "1861", "players": [{"id": 1, "name": "a"}, {"id": 2}],
                                     "actions": []})
    assert code == 0 and record["actions"] == [] and record["players"] == ["a", "2"] and record["seed"] == 7


def test_replay_of_an_1861_record_gives_the_contracts_keys_and_refuses_illegal_actions() -> None:
    record = {"title": "1861", "players": ["ann", "bob", "cy"], "seed": 3, "options": {},
              "actions": [{"seat": 0, "action": {"type": "bid", "company": "tsr", "price": 20}},
                          {"seat": 1, "action": {"type": "bid", "company": "tsr", "price": 20}}]}
    done = run("replay", "-", stdin=json.dumps({**record, "actions": record["actions"][:1]}))
    summary = json.loads(done.stdout)
    assert done.returncode == 0 and summary["status"] == "in_progress" and summary["standings"] is None
    assert summary["waiting_for"] == [{"seat": 1, "prompt": "private_auction"}]
    assert {"companies", "phase", "round", "rsr", "end_reason", "bank", "privates"} <= set(summary)
    refused = run("replay", "-", stdin=json.dumps(record))
    assert refused.returncode == 2 and json.loads(refused.stdout)["action_index"] == 1  # G1: raise by ₽5
    malformed = run("replay", "-", stdin=json.dumps({**record, "options": {"short_game": True}}))
    assert malformed.returncode == 2 and json.loads(malformed.stdout)["action_index"] is None


def test_random_writes_a_whole_1861_game_that_replay_finishes() -> None:
    """The contract's ``random``: a complete record, which ``replay`` plays to its standings."""
    done = run("random", "--title", "1861", "--players", "3", "--seed", "5")
    assert done.returncode == 0, done.stdout + done.stderr
    record = json.loads(done.stdout)
    assert record["title"] == "1861" and len(record["players"]) == 3 and record["actions"]
    replayed = run("replay", "-", stdin=done.stdout)
    assert replayed.returncode == 0, replayed.stdout
    out = json.loads(replayed.stdout)
    assert out["status"] == "finished" and out["end_reason"] in ("final_phase", "bank")
    assert sorted(row["place"] for row in out["standings"]) in ([1, 2, 3], [1, 1, 3], [1, 2, 2], [1, 1, 1])
    assert sum(player["cash"] for player in out["players"]) + out["bank"] + out["rsr"]["cash"] + sum(
        company["cash"] for company in out["companies"].values()) == 15000


def test_1861_is_registered_and_playable() -> None:
    assert "1861" in {title.id for title in available_titles()}
    assert {"1861", "acquire", "railroad-barons"} <= {title.id for title in playable_titles()}


@pytest.mark.parametrize(("actions", "settings", "words"), [
    ([{"id": 1, "type": "pass", "entity": 1, "entity_type": "player", "auto_actions": [5]}], {},
     "automatic actions without a type"),
    ([{"id": 1, "type": "undo", "action_id": 99}], {}, "not in the export"),
    ([{"id": 1, "type": "redo"}], {}, "nothing undone"),
    ([], {"seed": "abc"}, "seed is not a whole number"),
    ([], 5, "could not be read"),
])
def test_undo_redo_automatic_actions_and_settings_of_the_wrong_shape_are_malformed(actions, settings, words) -> None:
    export = {"title": "1861", "players": [{"id": 1}, {"id": 2}], "settings": settings, "actions": actions}
    code, out, _ = import_export(export)
    assert code == 2 and out["action_index"] is None and words in out["error"]


@pytest.mark.parametrize(("count", "cash"), [(2, 420), (5, 252), (6, 210)])
def test_2_an_export_of_2_5_or_6_players_keeps_its_seat_order_and_starting_cash(count: int, cash: int) -> None:
    """Section 2, 9: seats as the export lists its players; with two players seed 29683 removes
    TSR and MYR (23 C3), so BSS opens the auction at its ₽30 minimum."""
    players = [{"id": 900 + seat, "name": f"P{seat}"} for seat in range(count)]
    first = "BSS" if count == 2 else "TSR"
    low = 30 if count == 2 else 20
    bids = [{"id": 1, "type": "bid", "entity": 900, "entity_type": "player", "company": first, "price": low},
            {"id": 2, "type": "bid", "entity": 901, "entity_type": "player", "company": first, "price": low + 5}]
    code, record, _ = import_export({"id": 29683, "title": "1861", "players": players, "actions": bids})
    assert code == 0 and record["players"] == [f"P{seat}" for seat in range(count)]
    state = replay(parse_record(json.dumps(record)))
    assert state.cash == [cash] * count
    assert TITLE.waiting(state)[0].seat == 2 % count
