"""``python -m engine map1861``: a recorded game's 1861 position, as a developer reads it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.__main__ import main
from tests.engine.t1861.fixtures import FIXTURES

GAME = str(FIXTURES / "167259.json")


def test_it_prints_the_phase_the_tiles_and_the_tokens_at_an_action(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["map1861", GAME, "--at", "400"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "1861 game hs_rciziaya_1672593499, after action 400: phase 4"
    moscow = next(line for line in lines if line.startswith("H8 "))
    assert moscow.split()[1] == "637/0"
    assert moscow.endswith("c0:NW c1:SW c2:MKN")
    assert not any("Refused" in line for line in lines)


def test_with_a_company_it_lists_its_lays_token_spots_and_best_routes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["map1861", GAME, "--at", "400", "--company", "MKN"]) == 0
    out = capsys.readouterr().out
    assert "MKN: trains 3-2; privates none" in out
    assert "Legal lays, first of the turn (" in out
    assert "Token spots at 40 a hex (" in out
    assert "Best routes: 170" in out


def test_a_minor_has_no_token_to_place(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["map1861", GAME, "--at", "100", "--company", "N"]) == 0
    assert "Token spots: none" in capsys.readouterr().out


def test_a_missing_file_is_refused_in_words(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["map1861", str(tmp_path / "none.json")]) == 2
    assert capsys.readouterr().out.startswith("Cannot read the export:")


def test_an_action_the_map_cannot_follow_is_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    export = json.loads(Path(GAME).read_text(encoding="utf-8"))
    export["actions"] = [
        {"type": "place_token", "id": 1, "entity": "SE", "entity_type": "corporation", "city": "99-9-0"}
    ]
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(export), encoding="utf-8")
    assert main(["map1861", str(path)]) == 2
    assert capsys.readouterr().out == (
        "Action 1 (place_token) cannot be walked on the map: "
        "tile 99-9 is not on the map, yet a token is placed on it.\n"
    )
