"""Whole random games of 1861, as ``python -m engine random`` plays them (tests, benchmarks).

:func:`play` seats the random player (:mod:`engine.t1861.bot`) exactly as
``engine.core.record.random_record`` does - the same seeded generator, the same choice of
seat - so a game played here is the record ``random`` writes for that seed.  A hook sees the
state after every action, for the invariant checks.

:func:`finished` says when a game is over: it has a result (section 17: after the 8-train's
last set, or the OR in which the bank broke), and then nobody is asked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core import game
from engine.core.errors import IllegalAction
from engine.core.record import Record, RecordedAction, random_players
from engine.core.rng import seeded_rng
from engine.t1861.state import State

MAX_ACTIONS = 20_000

AfterEach = Callable[[State], None]


@dataclass
class RandomGame:
    """One random game: its last state, its record, the phases it reached and how it stopped."""

    state: State
    record: Record
    phases: list[str] = field(default_factory=list)
    refusal: str | None = None  # the random player's answer the rules refused, in words

    @property
    def finished(self) -> bool:
        return self.refusal is None and finished(self.state)


def finished(state: State) -> bool:
    """Whether the game is over: it has a result (17), and so asks nobody."""
    return game.result(state) is not None


def play(seed: int, players: int, options: dict[str, Any] | None = None, after_each: AfterEach | None = None,
         max_actions: int = MAX_ACTIONS) -> RandomGame:
    """A random game until :func:`finished`; ``after_each`` sees the state after set-up and every action."""
    state = game.new_game("1861", random_players(players), seed, options)
    assert isinstance(state, State)
    title = game.title_of(state)
    rng = seeded_rng(seed, "random-player")
    actions: list[RecordedAction] = []
    played = RandomGame(state, Record("1861", list(state.players), seed, dict(options or {}), actions), [state.phase])
    if after_each:
        after_each(state)
    while not finished(state) and len(actions) < max_actions:
        waiting = game.waiting(state)
        seat = waiting[0].seat if len(waiting) == 1 else rng.choice(waiting).seat
        action = title.random_action(state, seat, rng)
        try:
            game.apply_in_place(state, seat, action)
        except IllegalAction as refused:
            played.refusal = f"action {len(actions)} ({waiting[0].prompt}, {action}): {refused}"
            break
        actions.append(RecordedAction(seat, action))
        if state.phase != played.phases[-1]:
            played.phases.append(state.phase)
        if after_each:
            after_each(state)
    return played
