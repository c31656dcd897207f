"""Acquire as a Title: the one object the core registry knows, delegating to the rule modules."""

from __future__ import annotations

import random
from typing import Any

from engine.acquire import actions, bot, closed_holdings, ending, forced, setup, summary, view
from engine.acquire import prompts as acquire_prompts
from engine.acquire.state import AcquireState
from engine.core.events import Event
from engine.core.forced import ForcedAnswer
from engine.core.prompts import Prompt, Waiting


class AcquireTitle:
    """Sid Sackson's Acquire, 2 to 6 players, per the rules reference and its decisions."""

    id = "acquire"
    name = "Acquire"
    min_players = 2
    max_players = 6
    playable = True
    prompt_phrases = acquire_prompts.PROMPT_PHRASES

    def validate_options(self, options: Any) -> dict[str, Any]:
        return setup.validate_options(options)

    def new_game(self, players: list[str], seed: int, options: dict[str, Any]) -> AcquireState:
        return setup.new_game(players, seed, options)

    def opening_events(self, state: AcquireState) -> list[Event]:
        return setup.opening_events(state)

    def waiting(self, state: AcquireState) -> list[Waiting]:
        return acquire_prompts.waiting(state)

    def prompts(self, state: AcquireState) -> list[Prompt]:
        return acquire_prompts.prompts(state)

    def forced_answer(self, state: AcquireState) -> ForcedAnswer | None:
        return forced.forced_answer(state)

    def apply_in_place(
        self, state: AcquireState, seat: int, action: dict[str, Any], asked: Waiting | None = None
    ) -> list[Event]:
        return actions.apply_action(state, seat, action)

    def seal_events(self, players: list[str], options: dict[str, Any], events: list[Event]) -> list[Event]:
        return closed_holdings.sealed(players, options, events)

    def view(self, state: AcquireState, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def result(self, state: AcquireState) -> list[dict[str, Any]] | None:
        return ending.standings(state)

    def summary(self, state: AcquireState) -> dict[str, Any]:
        return summary.summary(state)

    def to_json(self, state: AcquireState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, raw: dict[str, Any]) -> AcquireState:
        return AcquireState.from_json(raw)

    def copy_state(self, state: AcquireState) -> AcquireState:
        return state.copy()

    def random_action(self, state: AcquireState, seat: int, rng: random.Random) -> dict[str, Any]:
        return bot.random_action(state, seat, rng)


TITLE = AcquireTitle()
