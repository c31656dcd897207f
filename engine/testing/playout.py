"""Random full games with a per-action invariant hook, shared by every title's tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import game
from engine.core.record import Record, RecordedAction, random_players
from engine.core.rng import seeded_rng
from engine.core.title import GameState

Invariant = Callable[[GameState], None]


def play_random_game(
    title_id: str,
    player_count: int,
    seed: int,
    check: Invariant | None = None,
    options: dict[str, Any] | None = None,
    max_actions: int = 20_000,
) -> tuple[GameState, Record]:
    """Play one random game, calling ``check`` after setup and after every action.

    Also checks that a finished game has no prompt and an unfinished one has at
    least one; raises AssertionError if the game does not end within ``max_actions``.
    """
    state = game.new_game(title_id, random_players(player_count), seed, options)
    title = game.title_of(state)
    rng = seeded_rng(seed, "random-player")
    actions: list[RecordedAction] = []
    if check:
        check(state)
    while waiting := title.prompts(state):
        assert title.result(state) is None, "a finished game still prompts"
        assert len(actions) < max_actions, f"game {seed} did not end within {max_actions} actions"
        seat = waiting[0].seat if len(waiting) == 1 else rng.choice(waiting).seat
        action = title.random_action(state, seat, rng)
        game.apply_in_place(state, seat, action)
        actions.append(RecordedAction(seat, action))
        if check:
            check(state)
    assert title.result(state) is not None, "a game without prompts has no result"
    return state, Record(title_id, list(state.players), seed, dict(options or {}), actions)
