"""What one seat may see (R7, D13): everything public, its own hand, and holdings when they are open."""

from __future__ import annotations

from typing import Any

from engine.acquire.board import tile_effect
from engine.acquire.chains import CHAIN_IDS, is_safe, majority_bonus, minority_bonus, price
from engine.acquire.ending import standings
from engine.acquire.prompts import prompts
from engine.acquire.state import AcquireState
from engine.acquire.text import chain_name
from engine.acquire.tiles import in_board_order


def view(state: AcquireState, seat: int | None) -> dict[str, Any]:
    """Plain JSON for ``seat`` (``None``: a spectator); never another seat's tiles."""
    shown: dict[str, Any] = {
        "title": state.title,
        "status": "finished" if state.finished else "in_progress",
        "actions_applied": state.actions_applied,
        "you": seat,
        "current_player": state.current,
        "phase": state.phase,
        "board": board_json(state),
        "chains": {chain: _chain_view(state, chain) for chain in CHAIN_IDS},
        "bag": len(state.bag),
        "removed": list(state.removed),
        "players": [_player_view(state, other, seat) for other in range(len(state.players))],
        "merger": _merger_view(state),
        "declared_end": state.declared_end,
        "end_reason": state.end_reason,
        "standings": standings(state),
        "waiting_for": [],
    }
    waiting = state.waiting_seat()
    if waiting is not None:
        shown["waiting_for"].append({"seat": waiting, "name": state.players[waiting], "prompt": state.phase})
        if waiting == seat:
            shown["prompt"] = prompts(state)[0].to_json()
    if seat is not None:
        shown["hand"] = _hand_view(state, seat)
    return shown


def board_json(state: AcquireState) -> dict[str, str | None]:
    """Every placed tile, in board order, with its chain (None while unincorporated)."""
    board = state.board
    return {tile: board[tile] for tile in in_board_order(list(board))}


def _holdings_visible(state: AcquireState, owner: int, seat: int | None) -> bool:
    return state.options["open_holdings"] or owner == seat or state.finished


def _player_view(state: AcquireState, owner: int, seat: int | None) -> dict[str, Any]:
    entry: dict[str, Any] = {"seat": owner, "name": state.players[owner], "tiles": len(state.hands[owner])}
    if _holdings_visible(state, owner, seat):
        entry["cash"] = state.cash[owner]
        entry["shares"] = {chain: count for chain, count in state.shares[owner].items() if count}
    return entry


def _chain_view(state: AcquireState, chain: str) -> dict[str, Any]:
    size = state.sizes[chain]
    return {
        "name": chain_name(chain),
        "size": size,
        "on_board": size > 0,
        "safe": is_safe(size),
        "price": price(chain, size),
        "majority_bonus": majority_bonus(chain, size),
        "minority_bonus": minority_bonus(chain, size),
        "bank_shares": state.bank[chain],  # always public (R7)
    }


def _merger_view(state: AcquireState) -> dict[str, Any] | None:
    merger = state.merger
    if merger is None:
        return None
    return {
        "tile": merger.tile,
        "mergemaker": merger.mergemaker,
        "chains": list(merger.chains),
        "survivor": merger.survivor,
        "survivor_name": chain_name(merger.survivor) if merger.survivor else None,
        "defunct": merger.defunct,
        "defunct_name": chain_name(merger.defunct) if merger.defunct else None,
        "still_to_resolve": list(merger.remaining),
    }


def _hand_view(state: AcquireState, seat: int) -> list[dict[str, Any]]:
    hand = []
    for tile in in_board_order(state.hands[seat]):
        effect = tile_effect(state, tile)
        hand.append({"tile": tile, "effect": effect.describe(), "playable": effect.playable})
    return hand
