"""18xx.games' kept track graph, for records imported from there (the option ``kept_track_graph``).

18xx.games works out once which hexes a company's track reaches and keeps that answer until an
action places a tile or a token (its track and token steps clear it).  A token the rules put
down by themselves does not clear it: a minor's home token when its auction opens, the RSR's
tokens.  Until the next lay or token action, the kept answer still walks through such a city
as if it were open, and a lay beyond it is taken.  A recorded game can hold such a lay (an
oracle game: KK laid beyond Kharkov, G15, right after KR's home token filled its one slot).

Only an imported record carries the option (``import-18xx`` sets it; every game played here
judges each lay on the board as it is).  With it, the tokens the rules placed since the last
lay or token action are kept in ``State.unseen_tokens``, and a lay refused on the board as it
is is judged again on the board without the other companies' unseen tokens: only a lay that
such a token alone refused is taken.  A token action's reach is judged so too (18xx.games' token
step reads the same kept graph); its slot is always judged on the board as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from engine.core.errors import IllegalAction
from engine.t1861.board import Board
from engine.t1861.state import State

Judged = TypeVar("Judged")

OPTION = "kept_track_graph"


def note_token(state: State, company: str, hex_id: str, city: int) -> None:
    """A token the rules placed by themselves: unseen by the kept graph until the next lay or token action."""
    if state.options.get(OPTION):
        state.unseen_tokens.append([company, hex_id, city])


def forget(state: State) -> None:
    """A lay or token action clears 18xx.games' kept graph: every token is seen from now on."""
    if state.unseen_tokens:
        state.unseen_tokens = []


def board_as_kept(state: State, company: str) -> Board | None:
    """The board as the kept graph walks it for ``company``: without the other companies' unseen
    tokens still on the map; None when there are none or the record is not an import's (the board
    as it is decides alone)."""
    if not state.options.get(OPTION):
        return None
    board, changed = state.board, False
    for owner, hex_id, city in state.unseen_tokens:
        cities = board.tokens_in(hex_id)
        if owner != company and city < len(cities) and owner in cities[city]:
            board, changed = board.remove_token(owner, hex_id, city), True
    return board if changed else None


def judged(state: State, company: str, judge: Callable[[Board], Judged]) -> Judged:
    """``judge`` of the board as it is; where that refuses, in an imported record, of the board as
    the kept graph walks it for ``company`` (``board_as_kept``), taken only if that alone refused.
    Otherwise the board's own refusal.  The lay and token checks both go through here."""
    try:
        return judge(state.board)
    except IllegalAction as refused:
        kept = board_as_kept(state, company)
        if kept is None:
            raise
        try:
            return judge(kept)
        except IllegalAction:
            raise refused from None
