"""The compiled engine plays the same games as its sources (engine/native.py, issue 13's speed).

Each case runs the command line twice, once on the build ``bin/setup`` compiled and once as
Python (``TURNPOST_PURE_ENGINE=1``), and compares what a caller reads: the output, and the exit
code. Refusals are compared too, because compiled code checks the types it was annotated with
where Python did not, and a bad record must still be refused in the same words.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import native

ROOT = Path(__file__).resolve().parents[2]
FIXTURES_1861 = Path(__file__).resolve().parent / "t1861" / "fixtures"


def engine_command(arguments: list[str], stdin: str | None = None, *, pure: bool) -> tuple[int, str]:
    environment = {key: value for key, value in os.environ.items() if key != native.PURE_ENGINE_VARIABLE}
    if pure:
        environment[native.PURE_ENGINE_VARIABLE] = "1"
    done = subprocess.run([sys.executable, "-m", "engine", *arguments], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, env=environment, timeout=300)
    return done.returncode, done.stdout


def both_ways(arguments: list[str], stdin: str | None = None) -> tuple[int, str]:
    compiled = engine_command(arguments, stdin, pure=False)
    assert compiled == engine_command(arguments, stdin, pure=True)
    return compiled


def test_this_run_uses_the_compiled_engine():
    """bin/setup compiled these very sources, so the tests check the engine players get."""
    if os.environ.get(native.PURE_ENGINE_VARIABLE):
        pytest.skip("TURNPOST_PURE_ENGINE is set: this run checks the sources as Python")
    assert native.usable_build() is not None, "no build of these sources: run bin/setup"
    assert native.in_use()


@pytest.mark.parametrize("fixture", ["29683", "167259", "bank_breaks_then_final_phase"])
def test_recorded_1861_games_import_and_replay_alike(fixture):
    code, record = both_ways(["import-18xx", str(FIXTURES_1861 / f"{fixture}.json")])
    assert code == 0
    code, result = both_ways(["replay", "-"], record)
    assert code == 0
    assert json.loads(result)["status"] == "finished"


@pytest.mark.parametrize(("title", "players", "seed"), [
    ("1861", 4, 7), ("1861", 2, 3), ("acquire", 3, 11), ("railroad-barons", 2, 5),
])
def test_random_games_are_written_and_replayed_alike(title, players, seed):
    code, record = both_ways(["random", "--title", title, "--players", str(players), "--seed", str(seed)])
    assert code == 0
    code, result = both_ways(["replay", "-"], record)
    assert code == 0
    assert json.loads(result)["status"] == "finished"


def test_bad_records_are_refused_alike():
    record = json.loads(engine_command(["random", "--title", "1861", "--players", "3", "--seed", "2"],
                                       pure=True)[1])
    fields_of_the_wrong_type = json.loads(json.dumps(record))
    for entry in fields_of_the_wrong_type["actions"][:40]:
        entry["action"] = {key: (str(value) if key != "type" else value) for key, value in entry["action"].items()}
    out_of_turn = dict(record, actions=[{**record["actions"][0], "seat": 2}])
    for bad in (fields_of_the_wrong_type, out_of_turn, dict(record, players=["ann"]), {"title": "1861"}):
        code, result = both_ways(["replay", "-"], json.dumps(bad))
        assert code == 2
        assert "error" in json.loads(result)


def test_a_build_is_used_only_for_the_sources_it_was_made_from(tmp_path, monkeypatch):
    build = tmp_path / "engine"
    build.mkdir()
    monkeypatch.setattr(native, "BUILT_PACKAGE", build)
    monkeypatch.delenv(native.PURE_ENGINE_VARIABLE, raising=False)
    assert native.usable_build() is None  # nothing built

    (build / native.DIGEST_FILE).write_text(native.source_digest(), encoding="ascii")
    assert native.usable_build() == build

    (build / native.DIGEST_FILE).write_text("0" * 64, encoding="ascii")  # built before an edit
    assert native.usable_build() is None

    (build / native.DIGEST_FILE).write_text(native.source_digest(), encoding="ascii")
    monkeypatch.setenv(native.PURE_ENGINE_VARIABLE, "1")
    assert native.usable_build() is None


def test_editing_any_source_or_data_file_changes_the_digest(tmp_path):
    import shutil

    copy = tmp_path / "engine"
    shutil.copytree(native.SOURCE_DIR, copy, ignore=shutil.ignore_patterns("__pycache__"))
    before = native.source_digest(copy)
    assert before == native.source_digest()
    for edited in (copy / "t1861" / "rules.py", copy / "t1861" / "data" / "1861-data.json"):
        original = edited.read_bytes()
        edited.write_bytes(original + b"\n")
        assert native.source_digest(copy) != before
        edited.write_bytes(original)
    assert native.source_digest(copy) == before


@pytest.mark.parametrize(("title", "players"), [("1861", 4), ("acquire", 3), ("railroad-barons", 2)])
def test_what_the_site_caches_survives_a_pickle(title, players):
    """The site keeps positions (a view and a prompt) in its cache, pickled; a compiled frozen
    class could be pickled but not read back, a server error on the next page."""
    import pickle

    from engine.core import game, record

    played = record.random_record(title, [f"p{seat}" for seat in range(players)], seed=4)
    state = game.new_game(title, played.players, played.seed, played.options)
    for entry in played.actions[:150]:
        for prompt in game.prompts(state):
            assert pickle.loads(pickle.dumps(prompt)) == prompt
        view = game.view(state, entry.seat)
        assert pickle.loads(pickle.dumps(view)) == view
        game.apply_in_place(state, entry.seat, entry.action)
