"""Each player's worth in the replay output (17): the score the game would give if it ended now.

The history page's net-worth chart plots it; at the end it is the recorded score.
"""

from __future__ import annotations

import pytest

from engine.t1861 import view
from engine.t1861.data import DATA
from tests.engine.t1861.games import fixture_replay

FACE_VALUE = {private["id"].lower(): private["face_value"] for private in DATA.raw["privates"]}


@pytest.mark.parametrize("game", ["29683", "167259", "bank_breaks_then_final_phase"])
def test_17_a_finished_game_s_worth_is_each_player_s_score(game: str) -> None:
    state, _, refusal = fixture_replay(game)
    assert refusal is None
    scores = {row["seat"]: row["score"] for row in view.standings(state)}
    assert [player["worth"] for player in view.summary(state)["players"]] == [scores[seat] for seat in state.seats]


def test_17_mid_game_worth_counts_cash_privates_and_shares() -> None:
    """29683 at id 400: worth is cash plus privates at face value plus holdings, never less."""
    state, reached, _ = fixture_replay("29683", until=400)
    assert reached == 400
    for player in view.summary(state)["players"]:
        privates = sum(FACE_VALUE[private] for private in player["privates"])
        assert player["worth"] >= player["cash"] + privates
        assert (player["worth"] > player["cash"] + privates) == any(player["shares"].values())
