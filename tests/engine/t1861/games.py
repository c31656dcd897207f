"""Playing 1861 through the Title object (the title is not registered yet)."""

from __future__ import annotations

from typing import Any

from engine.t1861.state import State
from engine.t1861.title import TITLE
from engine.t1861.translate import opening_record
from tests.engine.t1861.fixtures import fixture_export


def new_game(players: int = 4, seed: int = 1, **options: bool) -> State:
    names = ["ann", "bob", "cy", "dee", "eve", "fay"][:players]
    return TITLE.new_game(names, seed, TITLE.validate_options(options))


def play(state: State, seat: int, kind: str, **fields: Any) -> State:
    """Apply one action through the title; returns the state for chaining."""
    TITLE.apply_in_place(state, seat, {"type": kind, **fields})
    state.actions_applied += 1
    return state


def asked(state: State) -> tuple[int, str]:
    waiting = TITLE.waiting(state)[0]
    return waiting.seat, waiting.prompt


def fixture_opening(game: str) -> tuple[State, list[dict[str, Any]]]:
    """Recorded game ``game`` replayed up to its first operating round, and its record's actions."""
    record = opening_record(fixture_export(game))
    state = TITLE.new_game(record["players"], record["seed"], TITLE.validate_options(record["options"]))
    for entry in record["actions"]:
        assert asked(state)[0] == entry["seat"], entry
        TITLE.apply_in_place(state, entry["seat"], entry["action"])
    return state, record["actions"]


def stock_round_state(players: int = 3, phase: str = "2", cash: int | None = None) -> State:
    """A stock round opened straight after set-up (privates left unsold), in ``phase``."""
    from engine.t1861 import stock_round
    from engine.t1861.state import new_state

    names = ["ann", "bob", "cy", "dee", "eve", "fay"][:players]
    state = new_state(names, 1, TITLE.validate_options({}))
    state.phase = phase
    if cash is not None:
        state.bank += sum(state.cash) - cash * players
        state.cash = [cash] * players
    stock_round.begin(state)
    return state


def snapshot(state: State) -> dict[str, Any]:
    return TITLE.to_json(state)



def fixture_replay(game: str, until: int | None = None, after_each: Any = None) -> tuple[State, int, str | None]:
    """Recorded game ``game`` translated and applied action by action (through ``until``, an
    18xx.games action id), as far as Turnpost's rules go: the state, the last id applied and
    the first refusal (None if every action up to ``until`` was applied)."""
    from engine.t1861.importer import replay_export

    imported = replay_export(fixture_export(game), until, after_each)
    return imported.state, imported.reached, imported.refusal
