"""Random but legal map positions, for property tests and benchmarks.

:func:`random_board` starts the minors whose homes the data file names, then lets random
companies make random legal lays (and, as the phases go by, place tokens) until the map is
well built.  It draws only from ``legal_lays`` and ``legal_tokens``, so every position it
makes is one the rules can reach (short of the rounds' money and train rules); the same seed
always gives the same board.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from engine.t1861.board import Board
from engine.t1861.data import DATA
from engine.t1861.lays import LaysThisTurn, TileLay, legal_lays
from engine.t1861.tokens import legal_tokens

# Token prices a major's second and third tokens carry (rules 12.4).
_TOKEN_PRICE = 20


@dataclass(frozen=True)
class Turn:
    """One company's turn in a playout: the boards around it, the lays and the token it made."""

    company: str
    phase: str
    before: Board
    after: Board
    lays: tuple[TileLay, ...]
    token: tuple[str, int] | None


def started_minors() -> Board:
    """Every minor's home token on the map, as once all of them have been auctioned."""
    board = Board.empty()
    for minor in DATA.raw["minors"]:
        board = board.place_token(minor["id"], minor["home_hex"], minor["home_city_index"])
    return board


def playout(seed: int, turns: int, board: Board | None = None) -> Iterator[Turn]:
    """``turns`` random company turns from ``board`` (default: every minor started), phase rising."""
    rng = random.Random(seed)
    board = started_minors() if board is None else board
    companies = sorted({company for _, _, company in board.token_places()})
    for index in range(turns):
        phase = DATA.phases[min(len(DATA.phases) - 1, index * len(DATA.phases) // max(turns, 1))].name
        company = rng.choice(companies)
        before = board
        board, lays = _lay_twice(rng, board, company, phase)
        board, token = _maybe_token(rng, board, company, phase)
        yield Turn(company, phase, before, board, lays, token)


def random_board(seed: int, turns: int = 120) -> Board:
    """The board after :func:`playout`'s turns."""
    board = started_minors()
    for turn in playout(seed, turns, board):
        board = turn.after
    return board


def _lay_twice(rng: random.Random, board: Board, company: str, phase: str) -> tuple[Board, tuple[TileLay, ...]]:
    done = LaysThisTurn()
    made: list[TileLay] = []
    for _ in range(2):
        options = legal_lays(board, company, phase, done)
        if not options:
            break
        lay = rng.choice(options)
        board = board.lay(lay.hex, lay.tile, lay.rotation)
        done = done.after(lay)
        made.append(lay)
    return board, tuple(made)


def _maybe_token(rng: random.Random, board: Board, company: str, phase: str) -> tuple[Board, tuple[str, int] | None]:
    if phase in ("2", "3") or rng.random() < 0.7:
        return board, None
    options = legal_tokens(board, company, _TOKEN_PRICE)
    if not options:
        return board, None
    choice = rng.choice(options)
    return board.place_token(company, choice.hex, choice.city), (choice.hex, choice.city)
