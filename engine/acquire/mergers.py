"""Mergers: survivor, defunct chains one at a time, bonuses, then each holder disposes (R26-R35, D8)."""

from __future__ import annotations

from typing import cast

from engine.acquire.board import loose_group
from engine.acquire.bonuses import pay_bonuses
from engine.acquire.chains import price
from engine.acquire.state import (
    BUY_SHARES,
    CHOOSE_DEFUNCT,
    CHOOSE_SURVIVOR,
    DISPOSE_SHARES,
    AcquireState,
    Merger,
    clockwise_from,
)
from engine.acquire.text import chain_list, chain_name, count_of, join_words, money
from engine.core.events import Event


def begin_merger(state: AcquireState, tile: str, chains: tuple[str, ...], events: list[Event]) -> None:
    """``tile`` (already on the board, unincorporated) touches ``chains``, largest first."""
    state.merger = Merger(tile=tile, mergemaker=state.current, chains=list(chains))
    top = state.sizes[chains[0]]
    tied = [chain for chain in chains if state.sizes[chain] == top]
    if len(tied) > 1:  # R27: the mergemaker picks among the largest
        state.merger.tied = tied
        state.phase = CHOOSE_SURVIVOR
        return
    choose_survivor(state, chains[0], events, chosen=False)


def choose_survivor(state: AcquireState, survivor: str, events: list[Event], chosen: bool = True) -> None:
    """``survivor`` stays; the other merging chains become defunct and are resolved largest first."""
    merger = state.active_merger()
    merger.survivor = survivor
    merger.tied = []
    merger.remaining = [chain for chain in merger.chains if chain != survivor]
    if chosen:
        how = f"{state.players[merger.mergemaker]} chose {chain_name(survivor)} to survive"
    else:
        how = f"{chain_name(survivor)} survives as the largest chain"
    events.append(
        Event(
            f"{how}; {chain_list(merger.remaining)} will be absorbed.",
            kind="survivor",
            data={"survivor": survivor, "defunct": list(merger.remaining), "chosen": chosen},
        )
    )
    advance(state, events)


def choose_defunct(state: AcquireState, chain: str, events: list[Event]) -> None:
    """The mergemaker's pick among equal-sized defunct chains is resolved next (D8)."""
    merger = state.active_merger()
    events.append(
        Event(
            f"{state.players[merger.mergemaker]} chose {chain_name(chain)} to be resolved next.",
            kind="defunct_order",
            data={"chain": chain},
        )
    )
    _start_defunct(state, chain, events)
    advance(state, events)


def advance(state: AcquireState, events: list[Event]) -> None:
    """Move to the next open decision: a holder, a tie among defuncts, or the end of the merger."""
    merger = state.active_merger()
    while not merger.queue:
        merger.defunct = None
        if not merger.remaining:
            _complete(state, events)
            return
        top = max(state.sizes[chain] for chain in merger.remaining)
        tied = [chain for chain in merger.remaining if state.sizes[chain] == top]
        if len(tied) > 1:  # R34/D8: the mergemaker orders equal-sized defunct chains
            merger.tied = tied
            state.phase = CHOOSE_DEFUNCT
            return
        _start_defunct(state, tied[0], events)
    state.phase = DISPOSE_SHARES


def _start_defunct(state: AcquireState, chain: str, events: list[Event]) -> None:
    """Pay ``chain``'s bonuses and line up its holders, mergemaker first then clockwise (R32)."""
    merger = state.active_merger()
    merger.remaining.remove(chain)
    merger.tied = []
    merger.defunct = chain
    pay_bonuses(state, chain, events)
    order = clockwise_from(merger.mergemaker, len(state.players))
    merger.queue = [seat for seat in order if state.shares[seat][chain] > 0]


def dispose(state: AcquireState, seat: int, sell: int, trade: int, events: list[Event]) -> None:
    """``seat`` sells ``sell`` and trades ``trade`` (2 for 1) defunct shares; the rest are kept."""
    merger = state.active_merger()
    defunct, survivor = merger.disposing()
    holding = state.shares[seat]
    kept = holding[defunct] - sell - trade
    proceeds = sell * price(defunct, state.sizes[defunct])
    holding[defunct] = kept
    state.bank[defunct] += sell + trade
    state.cash[seat] += proceeds
    holding[survivor] += trade // 2
    state.bank[survivor] -= trade // 2
    merger.queue.pop(0)
    events.append(_dispose_event(state, seat, defunct, survivor, sell, trade, kept, proceeds))
    advance(state, events)


def _dispose_event(
    state: AcquireState, seat: int, defunct: str, survivor: str, sell: int, trade: int, kept: int, proceeds: int
) -> Event:
    parts = []
    if sell:
        parts.append(f"sold {count_of(sell, chain_name(defunct) + ' share')} for {money(proceeds)}")
    if trade:
        received = count_of(trade // 2, chain_name(survivor) + " share")
        parts.append(f"traded {trade} {chain_name(defunct)} for {received}")
    if kept:
        parts.append(f"kept {count_of(kept, chain_name(defunct) + ' share')}")
    return Event(
        f"{state.players[seat]} {join_words(parts)}.",
        kind="dispose",
        data={"seat": seat, "chain": defunct, "survivor": survivor, "sell": sell, "trade": trade, "keep": kept},
    )


def _complete(state: AcquireState, events: list[Event]) -> None:
    """Every defunct tile, the merging tile and the loose tiles it touches join the survivor (R28, D11)."""
    merger = state.active_merger()
    # Completed only once every defunct chain is resolved, so after the survivor was chosen.
    survivor = cast(str, merger.survivor)
    defuncts = set(merger.chains) - {survivor}
    board = state.board
    moved = [tile for tile, chain in board.items() if chain in defuncts]
    moved += loose_group(state, merger.tile)
    for tile in moved:
        board[tile] = survivor
    for chain in defuncts:
        state.sizes[chain] = 0
    state.sizes[survivor] += len(moved)
    absorbed = [chain for chain in merger.chains if chain in defuncts]
    events.append(
        Event(
            f"{chain_list(absorbed)} joined {chain_name(survivor)}, "
            f"which now has {state.sizes[survivor]} tiles.",
            kind="merged",
            data={"survivor": survivor, "defunct": absorbed, "size": state.sizes[survivor]},
        )
    )
    state.merger = None
    state.phase = BUY_SHARES

