"""The replay command's output, exactly as the record contract fixes it."""

from __future__ import annotations

from typing import Any

from engine.acquire.chains import CHAIN_IDS, is_safe, price
from engine.acquire.ending import standings
from engine.acquire.state import AcquireState
from engine.acquire.view import board_json


def summary(state: AcquireState) -> dict[str, Any]:
    """Status, who is asked what, holdings (zeros omitted), standings, chains and board."""
    seat = state.waiting_seat()
    return {
        "title": state.title,
        "status": "finished" if state.finished else "in_progress",
        "actions_applied": state.actions_applied,
        "waiting_for": [] if seat is None else [{"seat": seat, "prompt": state.phase}],
        "players": [_player(state, seat) for seat in range(len(state.players))],
        "standings": standings(state),
        "chains": {chain: _chain(state, chain) for chain in CHAIN_IDS},
        "board": board_json(state),
    }


def _player(state: AcquireState, seat: int) -> dict[str, Any]:
    holding = state.shares[seat]
    return {
        "seat": seat,
        "name": state.players[seat],
        "cash": state.cash[seat],
        "shares": {chain: holding[chain] for chain in CHAIN_IDS if holding[chain]},
    }


def _chain(state: AcquireState, chain: str) -> dict[str, Any]:
    size = state.sizes[chain]
    return {"size": size, "safe": is_safe(size), "price": price(chain, size)}
