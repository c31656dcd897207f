"""Small positions for the 1861 map tests, built only through the public Board API."""

from engine.t1861.board import Board
from engine.t1861.fitting import fits


def rotation_for(board: Board, hex_id: str, tile: str, index: int = 0) -> int:
    """The ``index``-th rotation at which ``tile`` fits ``hex_id`` on ``board``."""
    return fits(hex_id, board.laid.get(hex_id), tile)[index].rotation


def built(board: Board, hex_id: str, *tiles: str) -> Board:
    """``board`` with ``tiles`` laid one after another in ``hex_id``, each at its first fitting rotation."""
    for tile in tiles:
        board = board.lay(hex_id, tile, rotation_for(board, hex_id, tile))
    return board


def moscow_kursk() -> Board:
    """M-K at home in Moscow's south city, with Tula (H10) and I11 built as in recorded game 167259."""
    board = Board.empty().place_token("M-K", "H8", 0)
    return board.lay("H10", "58", 3).lay("I11", "8", 0)
