"""A lay check stops walking the company's reach once the lay is seen to connect (issue 13),
and still answers exactly as a check that walks all of it (rules 12.3: connection and new
track): on random boards, for every company, every hex and every tile that fits there."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.t1861 import lays
from engine.t1861.data import DATA
from engine.t1861.fitting import candidates
from engine.t1861.playout import random_board


def _outcome(board, company: str, phase: str, hex_id: str, tile: str, rotation: int, whole_walk: bool) -> object:
    try:
        return lays.check_lay(board, company, phase, hex_id, tile, rotation, whole_walk=whole_walk)
    except IllegalAction as refused:
        return str(refused)


@pytest.mark.parametrize("seed", range(4))
def test_every_lay_is_answered_as_a_whole_walk_answers_it(seed: int) -> None:
    board = random_board(seed, turns=30 + 30 * seed)
    phase = ("2", "3", "5", "6")[seed]
    companies = sorted({company for _, _, company in board.token_places()})[::3]
    hexes = [hex_id for hex_id, hexdef in DATA.hexes.items() if hexdef.takes_tiles]
    asked = [(company, hex_id, number, fit.rotation) for company in companies for hex_id in hexes
             for number, fitted in candidates(hex_id, board.laid.get(hex_id)) for fit in fitted[:2]]
    early, whole = ([_outcome(board, company, phase, hex_id, number, rotation, whole_walk)
                     for company, hex_id, number, rotation in asked] for whole_walk in (False, True))
    assert early == whole
    assert any(not isinstance(answer, str) for answer in whole)  # some lays are legal
