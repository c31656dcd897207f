"""Named positions of the recorded 1861 games, for the map's golden drawings and checks.

The map layer replays whole recorded games (``engine.t1861.map_replay``) even though the
full rules engine does not yet, so these are real boards: the opening map, the first
position in a phase, and the end of the record.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from engine.t1861.board import Board
from engine.t1861.map_replay import replay_positions
from engine.t1861.map_view import map_view
from tests.engine.t1861.fixtures import fixture_export

Position = tuple[Board, str]


@cache
def positions(game: str) -> tuple[Position, ...]:
    """The board and phase after every map event of recorded game ``game``."""
    actions = fixture_export(game).effective_actions()
    return tuple((replay.board, replay.phase) for replay, _, _ in replay_positions(actions))


def first_in_phase(phase: str) -> Callable[[str], Position]:
    return lambda game: next(position for position in positions(game) if position[1] == phase)


# Golden name -> (game, how to find the position in it).
NAMED: dict[str, tuple[str, Callable[[str], Position]]] = {
    "29683-start": ("29683", lambda game: (Board.empty(), "2")),
    "29683-phase-4": ("29683", first_in_phase("4")),
    "29683-phase-6": ("29683", first_in_phase("6")),
    "29683-end": ("29683", lambda game: positions(game)[-1]),
    "167259-end": ("167259", lambda game: positions(game)[-1]),
}


def named_view(name: str) -> dict[str, Any]:
    """The engine's map view of the named position."""
    game, find = NAMED[name]
    board, phase = find(game)
    return map_view(board, phase)
