"""A random but legal player, for random games and fuzzing; it reaches every kind of decision."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.acquire.board import tile_effect
from engine.acquire.chains import CHAIN_IDS, MAX_BUY, price
from engine.acquire.ending import can_declare
from engine.acquire.state import (
    BUY_SHARES,
    CHOOSE_DEFUNCT,
    CHOOSE_SURVIVOR,
    DISPOSE_SHARES,
    FOUND_CHAIN,
    PLACE_TILE,
    AcquireState,
)
from engine.core.errors import IllegalAction
from engine.core.rng import seeded_rng

DECLARE_CHANCE = 0.3  # per prompt while the end may be declared, in games whose players declare at all
PATIENT_GAMES = 0.3  # share of games in which nobody declares, so the bag-empty and idle-round ends occur too


def random_action(state: AcquireState, seat: int, rng: random.Random) -> dict[str, Any]:
    """A legal action for ``seat``, which must be the seat the game waits for."""
    if state.waiting_seat() != seat:
        raise IllegalAction(f"The game is not waiting for seat {seat}.")
    if can_declare(state, seat) and _declares(state, rng):
        return {"type": "declare_end"}
    return CHOOSERS[state.phase](state, seat, rng)


def _declares(state: AcquireState, rng: random.Random) -> bool:
    """Some games nobody declares; in the others, each chance is taken now and then, early or late."""
    patient = seeded_rng(state.seed, "acquire-bot-temper").random() < PATIENT_GAMES
    return not patient and rng.random() < DECLARE_CHANCE


def _place(state: AcquireState, seat: int, rng: random.Random) -> dict[str, Any]:
    playable = [tile for tile in state.hands[seat] if tile_effect(state, tile).playable]
    return {"type": "place_tile", "tile": rng.choice(playable)}


def _found(state: AcquireState, seat: int, rng: random.Random) -> dict[str, Any]:
    free = [chain for chain in CHAIN_IDS if not state.sizes[chain]]
    return {"type": "found_chain", "chain": rng.choice(free)}


def _tie_break(state: AcquireState, seat: int, rng: random.Random) -> dict[str, Any]:
    assert state.merger is not None
    return {"type": state.phase, "chain": rng.choice(state.merger.tied)}


def _dispose(state: AcquireState, seat: int, rng: random.Random) -> dict[str, Any]:
    merger = state.merger
    assert merger is not None and merger.defunct is not None and merger.survivor is not None
    held = state.shares[seat][merger.defunct]
    most = min(held - held % 2, 2 * state.bank[merger.survivor])
    style = rng.randrange(5)
    if style == 0:
        sell, trade = 0, 0
    elif style == 1:
        sell, trade = held, 0
    elif style == 2:
        sell, trade = held - most, most
    elif style == 3:
        sell, trade = 0, most
    else:
        trade = 2 * rng.randint(0, most // 2)
        sell = rng.randint(0, held - trade)
    return {"type": "dispose_shares", "chain": merger.defunct, "sell": sell, "trade": trade}


def _buy(state: AcquireState, seat: int, rng: random.Random) -> dict[str, Any]:
    cash = state.cash[seat]
    order: dict[str, int] = {}
    for _ in range(rng.randint(0, MAX_BUY)):
        affordable = [
            chain
            for chain in state.chains_on_board()
            if state.bank[chain] > order.get(chain, 0) and price(chain, state.sizes[chain]) <= cash
        ]
        if not affordable:
            break
        chain = rng.choice(affordable)
        order[chain] = order.get(chain, 0) + 1
        cash -= price(chain, state.sizes[chain])
    return {"type": "buy_shares", "shares": order}


CHOOSERS: dict[str, Callable[[AcquireState, int, random.Random], dict[str, Any]]] = {
    PLACE_TILE: _place,
    FOUND_CHAIN: _found,
    CHOOSE_SURVIVOR: _tie_break,
    CHOOSE_DEFUNCT: _tie_break,
    DISPOSE_SHARES: _dispose,
    BUY_SHARES: _buy,
}
