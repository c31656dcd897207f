"""A submitted token's reach is checked by a walk towards its city that stops on arrival.

``check_token`` must accept exactly the cities ``legal_tokens`` (the whole reach) lists,
for every company and every city of the map, on random boards: the walk's order changes
only how soon it stops (issue 13).
"""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.t1861.board import Board
from engine.t1861.data import DATA
from engine.t1861.playout import random_board
from engine.t1861.tokens import check_token, legal_tokens

COMPANIES = [company["id"] for company in (*DATA.raw["minors"], *DATA.raw["majors"])] + ["RSR"]


def _accepted(board: Board, company: str) -> set[tuple[str, int]]:
    found = set()
    for hex_id in DATA.hexes:
        for city in range(len(board.contents(hex_id).cities)):
            try:
                check_token(board, company, hex_id, city, 20)
            except IllegalAction:
                continue
            found.add((hex_id, city))
    return found


@pytest.mark.parametrize("seed", range(3))
def test_it_accepts_exactly_the_listed_cities_on_random_boards(seed: int) -> None:
    board = random_board(seed, turns=40 + 30 * seed)
    for company in COMPANIES:
        listed = {(placement.hex, placement.city) for placement in legal_tokens(board, company, 20)}
        assert _accepted(board, company) == listed, company
