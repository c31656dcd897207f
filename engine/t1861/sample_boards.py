"""Seeded random 1861 boards grown by legal lays, for benchmarks and real-map tests.

Until the recorded games' positions are walked (branch t1861-fixtures), the route
optimiser is measured on boards like these: the real map, every minor's home token placed,
then turn after turn each company makes one of its legal lays (upgrades preferred once
their colour is open, so the board gets dense and valuable as late games do), and the
phase advances with the turns.  The result is a plausible late-game position, not a game.
"""

from __future__ import annotations

import random

from engine.core.errors import IllegalAction
from engine.t1861.board import Board
from engine.t1861.data import DATA
from engine.t1861.lays import legal_lays


def minor_homes() -> list[tuple[str, str, int]]:
    """(company, home hex, city index) for every minor, in the data file's order."""
    return [(minor["id"], minor["home_hex"], int(minor["home_city_index"])) for minor in DATA.raw["minors"]]


def grown_board(seed: int, turns: int, phases: tuple[str, ...] = ("2", "3", "4", "5", "6", "8")) -> tuple[Board, str]:
    """A board after ``turns`` rounds of one legal lay per minor, and the phase reached."""
    rng = random.Random(seed)
    board = Board.empty()
    for company, hex_id, city in minor_homes():
        try:
            board = board.place_token(company, hex_id, city)
        except IllegalAction:
            continue
    phase = phases[0]
    companies = [company for company, _, _ in minor_homes()]
    for turn in range(turns):
        phase = phases[min(len(phases) - 1, turn * len(phases) // max(turns, 1))]
        for company in companies:
            lays = legal_lays(board, company, phase)
            if not lays:
                continue
            upgrades = [lay for lay in lays if lay.upgrade]
            lay = rng.choice(upgrades if upgrades and rng.random() < 0.7 else lays)
            board = board.lay(lay.hex, lay.tile, lay.rotation)
    return board, phase
