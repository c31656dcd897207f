"""Invariants every Acquire state must satisfy, checked after every action of random games."""

from __future__ import annotations

import json
import re
from collections import Counter

from engine.acquire.actions import check_action
from engine.acquire.chains import CHAIN_IDS, SAFE_SIZE, SHARES_PER_CHAIN
from engine.acquire.state import AcquireState
from engine.acquire.tiles import ALL_TILES
from engine.core import game
from engine.core.prompts import Prompt


class Invariants:
    """A per-game checker; it remembers which chains were safe, to tell that none was ever absorbed.

    Every action gets the rule invariants, the prompt check (each quick answer passes every legality
    check) and a state round trip.  ``thorough`` adds, after every action, applying every quick answer
    to a copy, a round trip through JSON text, and the view of every seat and of a spectator.
    """

    def __init__(self, thorough: bool = False):
        self.thorough = thorough
        self.safe: set[str] = set()
        self.checks = 0

    def __call__(self, state: AcquireState) -> Prompt | None:
        """Check ``state``; return the prompt it waits on (None once finished)."""
        self.checks += 1
        check_holdings(state)
        check_tiles(state)
        self.check_safe_chains(state)
        prompt = check_prompt(state, apply_each=self.thorough)
        check_json_round_trip(state, through_text=self.thorough)
        if self.thorough:
            for seat in [None, *range(len(state.players))]:
                check_view_hides_other_hands(state, seat)
        return prompt

    def check_safe_chains(self, state: AcquireState) -> None:
        """R22: a safe chain stays on the board for the rest of the game."""
        for chain in self.safe:
            assert state.sizes[chain] >= SAFE_SIZE, f"safe {chain} was absorbed"
        self.safe |= {chain for chain in CHAIN_IDS if state.sizes[chain] >= SAFE_SIZE}


def check_holdings(state: AcquireState) -> None:
    """R3: 25 shares of each chain between the players and the bank; cash never negative."""
    for chain in CHAIN_IDS:
        held = sum(holding[chain] for holding in state.shares)
        assert held + state.bank[chain] == SHARES_PER_CHAIN, chain
        assert state.bank[chain] >= 0
    assert all(holding[chain] >= 0 for holding in state.shares for chain in CHAIN_IDS)
    assert min(state.cash) >= 0


def check_tiles(state: AcquireState) -> None:
    """R1: 108 tiles between bag, hands, board and the removed pile; sizes mirror the board."""
    everywhere = state.bag + [tile for hand in state.hands for tile in hand] + list(state.board) + state.removed
    assert len(everywhere) == len(ALL_TILES) and set(everywhere) == set(ALL_TILES)
    on_board = Counter(state.board.values())
    for chain in CHAIN_IDS:
        assert state.sizes[chain] == on_board[chain], chain
        assert state.sizes[chain] == 0 or state.sizes[chain] >= 2


def check_prompt(state: AcquireState, apply_each: bool) -> Prompt | None:
    """An unfinished game asks exactly one seat, and its quick answers are legal."""
    waiting = game.prompts(state)
    if state.finished:
        assert waiting == [] and game.result(state) is not None
        return None
    (prompt,) = waiting
    assert prompt.quick, f"no quick answer for {prompt.name}"
    for quick in prompt.quick:
        check_action(state, prompt.seat, quick.action)  # every check passes; nothing changes
        assert prompt.accepts(quick.action["type"])
    if apply_each:
        for quick in prompt.quick:
            game.apply(state, prompt.seat, quick.action)
    return prompt


def check_json_round_trip(state: AcquireState, through_text: bool = True) -> None:
    saved = game.to_json(state)
    raw = json.loads(json.dumps(saved)) if through_text else saved
    assert game.to_json(game.from_json(raw)) == saved


TILE_NAME = re.compile(r"\b(?:1[0-2]|[1-9])[A-I]\b")


def check_view_hides_other_hands(state: AcquireState, seat: int | None) -> None:
    """The serialised view for ``seat`` (None: a spectator) names no tile held by another seat."""
    named = set(TILE_NAME.findall(json.dumps(game.view(state, seat))))
    for other, hand in enumerate(state.hands):
        if other != seat:
            leaked = named.intersection(hand)
            assert not leaked, f"seat {seat} sees {sorted(leaked)} of seat {other}"
