"""Both recorded games, whole (issue 13; rules sections 17 and 22).

Each is imported with ``python -m engine import-18xx`` and the record it prints replayed with
``python -m engine replay``, as a user would: the game must finish with 18xx.games' end
reason and exactly its per-player result, the money must total ₽15,000 after every action,
and section 22's extra checkpoints in 167259 must hold.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.core.errors import IllegalAction
from engine.t1861 import asking, company_turn
from engine.t1861.import_command import import_text
from engine.t1861.state import total_money
from engine.t1861.title import TITLE
from tests.engine.t1861.fixtures import FIXTURES, fixture_export
from tests.engine.t1861.games import fixture_replay

ROOT = Path(__file__).resolve().parents[3]
# The third record is the column market's (7.2): its bank breaks in OR 7.2 (id 674), then the
# first 8-train at id 675 sets the final phase's timing (17, G10).
GAMES = ["29683", "167259", "bank_breaks_then_final_phase"]


def _engine(*args: str, stdin: str | None = None) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module", params=GAMES)
def replayed(request: pytest.FixtureRequest) -> tuple[str, dict[str, Any]]:
    """The game imported, then its record replayed: ``replay``'s summary."""
    record = _engine("import-18xx", str(FIXTURES / f"{request.param}.json"))
    return request.param, _engine("replay", "-", stdin=json.dumps(record))


def test_the_game_finishes_with_the_recorded_end_reason(replayed) -> None:
    """17: the first 8-train's last set of three ORs ends each game (18xx.games: final_phase)."""
    game, summary = replayed
    assert summary["status"] == "finished" and summary["waiting_for"] == []
    assert summary["end_reason"] == fixture_export(game).end_reason == "final_phase"


def test_every_player_scores_exactly_the_recorded_result(replayed) -> None:
    """17, 22: final worth (cash, privates, shares at the price left a step per loan) per player."""
    game, summary = replayed
    export = fixture_export(game)
    player_id = {player.name: str(player.id) for player in export.players}
    scores = {player_id[entry["name"]]: entry["score"] for entry in summary["standings"]}
    assert scores == export.result
    assert [entry["score"] for entry in summary["standings"]] == sorted(scores.values(), reverse=True)


@pytest.mark.parametrize("game", GAMES)
def test_money_totals_15000_after_every_action_to_the_end(game: str) -> None:
    """22, G10: bank + players + companies + RSR is ₽15,000 after every action (a broken bank's
    cash is below ₽0)."""
    totals: list[int] = []
    state, _, refusal = fixture_replay(game, after_each=lambda state, _: totals.append(total_money(state)))
    assert refusal is None and state.round["kind"] == "end"
    assert len(totals) > 600 and set(totals) == {15000}


def test_a_finished_game_refuses_every_further_action_in_words() -> None:
    """17: after the last OR nobody is asked, and an action is refused, not applied."""
    state, _, _ = fixture_replay("29683")
    assert asking.waiting(state) == []
    before = TITLE.to_json(state)
    with pytest.raises(IllegalAction, match="game is over"):
        TITLE.apply_in_place(state, 0, {"type": "pass"})
    assert TITLE.to_json(state) == before


def test_167259_after_action_582_major_mkn_is_asked_next() -> None:
    """22, 15.2: after id 582 the trainless majors are offered nationalisation in operating order; MKN first."""
    state, reached, refusal = fixture_replay("167259", until=582)
    assert (reached, refusal) == (582, None)
    asked = asking.waiting(state)[0]
    assert asked.prompt == "trainless_major" and state.trainless_majors[0] == "mkn"
    assert asked.seat == company_turn.operator(state, "mkn")


def test_167259_after_action_673_the_rsr_placed_its_tokens_in_the_recorded_order() -> None:
    """22, 6, 15.3: E1, D14, D20, K17, I19, H8, B4, E9 (minors nationalised in operating order)."""
    _, imported = import_text((FIXTURES / "167259.json").read_text(encoding="utf-8"), until=673)
    record = imported.record
    state = TITLE.new_game(record["players"], record["seed"], TITLE.validate_options(record["options"]))
    placed: list[str] = []
    for entry in record["actions"]:
        for event in TITLE.apply_in_place(state, entry["seat"], entry["action"]):
            if event.kind == "rsr_token":
                placed.append(event.data["hex"].upper())
            elif event.kind == "rsr_tokens":
                placed += [hex_ for hex_, _ in event.data["cities"]]
        state.actions_applied += 1
    assert placed == ["E1", "D14", "D20", "K17", "I19", "H8", "B4", "E9"]
    assert sorted(placed) == state.board.token_hexes("RSR")


def test_the_column_game_s_broken_bank_gives_way_to_the_first_8_train() -> None:
    """17, G10: the bank breaks in OR 7.2 (id 674: the game would end with that OR); the first
    8-train, bought at the end of OR 7.2 (id 675), sets one more set of three ORs instead."""
    broken, reached, refusal = fixture_replay("bank_breaks_then_final_phase", until=674)
    assert (reached, refusal) == (674, None) and broken.bank < 0
    assert broken.game_end == {"reason": "bank", "last_round": [7, 2]}
    bought, _, _ = fixture_replay("bank_breaks_then_final_phase", until=675)
    assert bought.game_end == {"reason": "final_phase", "last_round": [8, 3]}
    assert bought.round["kind"] == "stock"
