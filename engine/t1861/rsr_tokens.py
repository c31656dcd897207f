"""The RSR's two reserved tokens on the game's board (section 6): St Petersburg and Moscow.

``state.rsr["reserved"]`` lists the hexes whose reserved token is still unused.  The rules
for using a reservation are ``nationalisation.RsrTokens.with_reserved_token``'s (placed
unless the RSR already stands in the hex; the reservation goes either way); this module
applies them to the state's board, so the operating turn and the RSR's turn share them:

- :func:`first_operation` — St Petersburg (E1), the second city, when the RSR first operates;
- :func:`after_lay` — Moscow (H8), the moment gray 639 is laid there.  The board itself puts
  the RSR in the gray tile's fourth slot (``Board.lay``), since that slot exists only for
  the RSR; this keeps the reservation list true to it.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.t1861 import kept_graph
from engine.t1861.board import Board
from engine.t1861.data import DATA
from engine.t1861.nationalisation import RSR, RsrTokens
from engine.t1861.state import State

ST_PETERSBURG, MOSCOW = (hex_ for hex_, _ in DATA.companies.rsr_reserved)
MOSCOW_GRAY = "639"


def rsr_tokens(state: State) -> RsrTokens:
    """The RSR's tokens as the nationalisation rules see them (board places, reserved hexes)."""
    placed = tuple((hex_, city) for hex_, city, company in state.board.token_places() if company == RSR)
    return RsrTokens(placed, tuple(state.rsr["reserved"]))


def first_operation(state: State) -> list[Event]:
    """Section 6: the E1 token at the RSR's first turn, unless it already stands on E1."""
    if ST_PETERSBURG not in state.rsr["reserved"]:
        return []
    before = rsr_tokens(state)
    after = before.with_reserved_token((ST_PETERSBURG, _held_city(state.board)))
    state.rsr["reserved"] = list(after.reserved)
    if len(after.placed) == len(before.placed):
        state.board = state.board.release_reservations(RSR)  # its claim on the second city lapses
        return []
    state.board = state.board.place_token(RSR, ST_PETERSBURG, after.placed[-1][1])
    kept_graph.note_token(state, RSR, ST_PETERSBURG, after.placed[-1][1])
    return [Event(f"{RSR} places its token in St Petersburg ({ST_PETERSBURG}).", "rsr_token",
                  {"hex": ST_PETERSBURG.lower(), "city": after.placed[-1][1]})]


def after_lay(state: State, hex_id: str, tile: str) -> list[Event]:
    """Section 6: gray 639 in Moscow uses up the Moscow reservation (the board placed the token)."""
    if hex_id != MOSCOW or tile != MOSCOW_GRAY or MOSCOW not in state.rsr["reserved"]:
        return []
    state.rsr["reserved"] = [hex_ for hex_ in state.rsr["reserved"] if hex_ != MOSCOW]
    return [Event(f"{RSR} places its token in Moscow's fourth slot.", "rsr_token", {"hex": MOSCOW.lower(), "city": 0})]


def _held_city(board: Board) -> int:
    """The E1 city whose slot is held for the RSR (the second; city 0 once the cities merged)."""
    held = board.reserved_in(ST_PETERSBURG)
    last = len(board.contents(ST_PETERSBURG).cities) - 1
    return next((index for index, city in enumerate(held) if RSR in city), last)
