"""A token goes only where a route could take the company (12.4 with 12.5).

MVR at St Petersburg (E1) runs out through D2, D4 and C5 to the fork in C7, on to Minsk (C9)
and Vilna (B8), and back into C7 from Vilna.  Going on from there back along the C5-D4 line
and turning at D2's fork towards C3 and Riga (B4) would use the C5-D4 track a second
time, so no route of MVR reaches Riga (nor the town of Dünaberg, C5, beyond it): 18xx.games skips
MVR's token step there (random seed 16, 3 players, column market, action 668), which our
engine asked for.  A token submitted there is still judged by the broader reach walk
(``check_token``), as 18xx.games never checks a loaded game's tokens for connection.
"""

from __future__ import annotations

from engine.t1861.board import Board
from engine.t1861.tokens import has_legal_token, legal_tokens


def _minsk_loop() -> Board:
    board = Board.empty()
    for hex_id, tile, rotation in [("D2", "30", 0), ("C7", "23", 3), ("C9", "4", 5), ("C9", "204", 5),
                                   ("B8", "4", 1), ("B8", "87", 4), ("C3", "9", 4), ("B4", "201", 4),
                                   ("B4", "207", 4)]:
        board = board.lay(hex_id, tile, rotation)
    board = board.release_reservations("RO").release_reservations("SPW")
    return board.place_token("MK", "B4", 0).place_token("MVR", "E1", 0)


def test_12_4_a_city_reached_only_by_using_track_twice_takes_no_token() -> None:
    board = _minsk_loop()
    assert legal_tokens(board, "MVR", 20) == []
    assert not has_legal_token(board, "MVR")

