"""Forced answers: in random games of every title, each one is legal, is the only legal answer, and games end.

"The only legal answer" is checked against a wide list of candidate actions written here from
the action vocabulary (docs/titles/), not from the prompt builders the titles use, so a
forced answer that hides a real choice fails.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations
from typing import Any

import pytest

from engine.acquire.chains import CHAIN_IDS
from engine.core import game
from engine.core.errors import IllegalAction
from engine.core.events import visible_events
from engine.core.forced import AUTO_ANSWER, answer_events
from engine.core.record import random_players
from engine.core.rng import seeded_rng
from engine.railroad_barons import operating, tables
from engine.railroad_barons.stock import trade_candidates

MAX_ACTIONS = 20_000
GAMES = {"acquire": 30, "railroad-barons": 15}
PLAYERS = {"acquire": (2, 6), "railroad-barons": (2, 2)}
# Every kind of forced answer each title has, so the test fails if one stops occurring.
EXPECTED = {
    "acquire": {("buy_shares", "buy_shares"), ("found_chain", "found_chain")},
    "railroad-barons": {("stock_turn", "pass"), ("stock_turn", "done"), ("operate", "done")},
}


def acquire_candidates(state: Any, seat: int) -> Iterator[dict[str, Any]]:
    yield {"type": "declare_end"}
    for tile in state.hands[seat]:
        yield {"type": "place_tile", "tile": tile}
    for chain in CHAIN_IDS:
        for kind in ("found_chain", "choose_survivor", "choose_defunct"):
            yield {"type": kind, "chain": chain}
        yield {"type": "buy_shares", "shares": {chain: 1}}
    yield {"type": "buy_shares", "shares": {}}
    held = max(max(holding.values()) for holding in state.shares)
    for chain in CHAIN_IDS:
        for sell in range(held + 1):
            for trade in range(0, held + 1 - sell, 2):
                yield {"type": "dispose_shares", "chain": chain, "sell": sell, "trade": trade}


def railroad_barons_candidates(state: Any, seat: int) -> Iterator[dict[str, Any]]:
    yield from ({"type": kind} for kind in ("pass", "done"))
    yield from trade_candidates(state, seat)
    cards = [card for cards in state.investors for card in cards]
    investor_sets = [list(group) for count in range(len(cards) + 1) for group in combinations(cards, count)]
    for railroad in tables.RAILROADS:
        yield {"type": "scrap", "railroad": railroad}
        yield {"type": "offer_railroad", "railroad": railroad, "price": 1}
        for side in tables.SIDE_NAMES:
            for group in investor_sets:
                yield {"type": "buy_railroad", "railroad": railroad, "side": side, "investors": group}
    if state.turn.company:
        for per_share in range(operating.max_dividend(state.turn.income) + 1):
            yield {"type": "dividend", "per_share": per_share}
    for use in (True, False):
        yield {"type": "use_priority", "use": use}
        yield {"type": "respond_offer", "accept": use}


CANDIDATES = {"acquire": acquire_candidates, "railroad-barons": railroad_barons_candidates}


def is_accepted(state: Any, seat: int, action: dict[str, Any]) -> bool:
    try:
        game.apply(state, seat, action)
    except IllegalAction:
        return False
    return True


def check_forced(title_id: str, state: Any) -> tuple[str, str] | None:
    """The forced answer now, checked: asked of the waiting seat, accepted, and the only accepted candidate."""
    forced = game.forced_answer(state)
    if forced is None:
        return None
    (prompt,) = game.prompts(state)
    assert forced.seat == prompt.seat
    assert forced.note.kind == AUTO_ANSWER and state.players[forced.seat] in forced.note.text
    assert is_accepted(state, forced.seat, forced.action)
    others = [action for action in CANDIDATES[title_id](state, forced.seat) if action != forced.action]
    accepted = [action for action in others if is_accepted(state, forced.seat, action)]
    assert not accepted, f"{prompt.name} was answered {forced.action} but also accepts {accepted[:3]}"
    return prompt.name, forced.action["type"]


def check_one_line(state: Any, forced: Any, events: list[Any]) -> None:
    """One decision reads as one line: the note stands in the place of the answer's own line, for every reader."""
    logged = answer_events(forced, events)
    for seat in [None, *range(len(state.players))]:
        assert len(visible_events(logged, seat)) == len(visible_events(events, seat)), (
            [event.text for event in logged])


def play_with_forced_answers(title_id: str, seed: int, seen: Counter) -> None:
    """A random game in which every forced prompt is answered as the service answers it."""
    low, high = PLAYERS[title_id]
    players = random_players(low + seed % (high - low + 1))
    state = game.new_game(title_id, players, seed, {})
    title = game.title_of(state)
    rng = seeded_rng(seed, "forced-answers")
    for _ in range(MAX_ACTIONS):
        prompts = game.prompts(state)
        if not prompts:
            assert game.result(state) is not None
            return
        kind = check_forced(title_id, state)
        if kind is not None:
            seen[kind] += 1
            forced = game.forced_answer(state)
            events = game.apply_in_place(state, forced.seat, forced.action)
            check_one_line(state, forced, events)
        else:
            seat = prompts[0].seat
            game.apply_in_place(state, seat, title.random_action(state, seat, rng))
    raise AssertionError(f"{title_id} game {seed} did not end within {MAX_ACTIONS} actions")


@pytest.mark.parametrize("title_id", sorted(GAMES))
def test_forced_answers_are_the_only_legal_answer_and_games_still_end(title_id):
    seen: Counter = Counter()
    for seed in range(GAMES[title_id]):
        play_with_forced_answers(title_id, seed, seen)
    assert set(seen) == EXPECTED[title_id], seen


def test_a_finished_game_has_no_forced_answer():
    state = game.new_game("acquire", random_players(2), 3, {})
    title = game.title_of(state)
    rng = seeded_rng(3, "finish")
    while prompts := game.prompts(state):
        game.apply_in_place(state, prompts[0].seat, title.random_action(state, prompts[0].seat, rng))
    assert game.forced_answer(state) is None
