"""What a tile would do if placed now (R15-R23), and the tile groups it would join (D11)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.acquire.chains import CHAIN_IDS, SAFE_SIZE
from engine.acquire.state import AcquireState
from engine.acquire.text import chain_list, chain_name
from engine.acquire.tiles import NEIGHBOURS

LONE = "lone"
FOUND = "found"
GROW = "grow"
MERGE = "merge"
EIGHTH = "eighth"  # would found an 8th chain: unplayable for now (R20)
DEAD = "dead"  # would join two safe chains: never playable (R23)


@dataclass(frozen=True)
class Effect:
    """The outcome of placing one tile; ``chains`` are the chains it touches (largest first for a merger)."""

    kind: str
    chains: tuple[str, ...] = ()

    @property
    def playable(self) -> bool:
        return self.kind not in (EIGHTH, DEAD)

    def describe(self) -> str:
        """A few words for a hand listing: ``grows Tower``, ``dead: would join two safe chains (R23)``."""
        if self.kind == GROW:
            return f"grows {chain_name(self.chains[0])}"
        if self.kind == MERGE:
            return f"merges {chain_list(self.chains)}"
        return _FIXED_WORDS[self.kind]


_FIXED_WORDS = {
    LONE: "stands alone",
    FOUND: "founds a new chain",
    EIGHTH: "cannot be played now: would found an 8th chain (R20)",
    DEAD: "dead: would join two safe chains (R23)",
}
_LONE, _FOUND, _EIGHTH = Effect(LONE), Effect(FOUND), Effect(EIGHTH)


def tile_effect(state: AcquireState, tile: str) -> Effect:
    """What placing ``tile`` would do on the current board."""
    board = state.board
    touched: list[str] = []
    loose = False
    for neighbour in NEIGHBOURS[tile]:
        if neighbour in board:
            chain = board[neighbour]
            if chain is None:
                loose = True
            elif chain not in touched:
                touched.append(chain)
    if not touched:
        return _lone_or_founding(state, loose)
    if len(touched) == 1:
        return Effect(GROW, (touched[0],))
    return _merge_effect(state, touched)


def _lone_or_founding(state: AcquireState, loose: bool) -> Effect:
    """A tile touching no chain: alone, or founding unless all seven chains are out (R20).

    (Touching a chain and loose tiles is growth, never founding, so it stays playable: R21.)
    """
    if not loose:
        return _LONE
    all_on_board = all(state.sizes[chain] for chain in CHAIN_IDS)
    return _EIGHTH if all_on_board else _FOUND


def _merge_effect(state: AcquireState, touched: list[str]) -> Effect:
    sizes = state.sizes
    if sum(1 for chain in touched if sizes[chain] >= SAFE_SIZE) >= 2:
        return Effect(DEAD, tuple(touched))
    return Effect(MERGE, tuple(largest_first(state, touched)))


def largest_first(state: AcquireState, chains: list[str]) -> list[str]:
    """Chains by size, largest first; equal sizes keep the card's order (the mergemaker orders those, D8)."""
    return sorted(chains, key=lambda chain: (-state.sizes[chain], CHAIN_IDS.index(chain)))


def is_dead(state: AcquireState, tile: str) -> bool:
    return tile_effect(state, tile).kind == DEAD


def loose_group(state: AcquireState, start: str) -> list[str]:
    """``start`` and every unincorporated tile linked to it through unincorporated tiles (D11)."""
    board = state.board
    group = [start]
    seen = {start}
    index = 0
    while index < len(group):
        for neighbour in NEIGHBOURS[group[index]]:
            if neighbour not in seen and neighbour in board and board[neighbour] is None:
                seen.add(neighbour)
                group.append(neighbour)
        index += 1
    return group


def incorporate(state: AcquireState, tiles: list[str], chain: str) -> None:
    """Mark unincorporated ``tiles`` as part of ``chain``."""
    board = state.board
    for tile in tiles:
        board[tile] = chain
    state.sizes[chain] += len(tiles)
