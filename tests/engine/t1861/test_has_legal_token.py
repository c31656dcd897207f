"""Whether a company has any legal token (12.4) is answered by a walk that stops early.

The token step waits only when the company could place a token; ``has_legal_token`` stops
at the first city that takes one.  It must say exactly what the whole list
``legal_tokens`` says, for every company, on random boards and at positions of the
recorded games.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.t1861.board import Board
from engine.t1861.data import DATA
from engine.t1861.playout import random_board
from engine.t1861.state import State
from engine.t1861.tokens import has_legal_token, legal_tokens
from tests.engine.t1861.games import fixture_replay

COMPANIES = [company["id"] for company in (*DATA.raw["minors"], *DATA.raw["majors"])] + ["RSR"]


def _agrees_everywhere(board: Board) -> None:
    for company in COMPANIES:
        assert has_legal_token(board, company) == bool(legal_tokens(board, company, 20)), company


@pytest.mark.parametrize("seed", range(6))
def test_it_agrees_with_the_whole_list_on_random_boards(seed: int) -> None:
    _agrees_everywhere(random_board(seed, turns=30 + 25 * seed))


@pytest.mark.parametrize("game", ["29683", "167259", "bank_breaks_then_final_phase"])
def test_it_agrees_with_the_whole_list_through_the_recorded_games(game: str) -> None:
    boards: list[Board] = []

    def every_tenth(state: State, _: dict[str, Any]) -> None:
        if state.actions_applied % 10 == 0:
            boards.append(state.board)

    fixture_replay(game, after_each=every_tenth)
    assert boards
    for board in boards:
        _agrees_everywhere(board)
