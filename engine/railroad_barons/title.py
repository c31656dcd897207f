"""The Railroad Barons title: the engine.core Title protocol, delegating to the rules modules."""

from __future__ import annotations

import random
from typing import Any

from engine.core.events import Event
from engine.core.forced import ForcedAnswer
from engine.core.options import validate_switches
from engine.core.prompts import Prompt, Waiting
from engine.railroad_barons import asking, bot, draft, forced, rules, tables, view
from engine.railroad_barons.state import State, copy_state, new_state, state_from_json, state_to_json

OPTION_DEFAULTS: dict[str, bool] = {"end_on_empty_pile": False, "printed_investor_values": False}


class RailroadBarons:
    """Two players, five holdings, 28 railroads; the operating side is Turnpost's reconstruction (Part C/D)."""

    id = tables.TITLE_ID
    name = tables.TITLE_NAME
    min_players = tables.PLAYER_COUNT
    max_players = tables.PLAYER_COUNT
    playable = True
    prompt_phrases = asking.PROMPT_PHRASES

    def validate_options(self, options: Any) -> dict[str, Any]:
        return validate_switches(options, OPTION_DEFAULTS, "Railroad Barons")

    def new_game(self, players: list[str], seed: int, options: dict[str, Any]) -> State:
        """Setup; the seed is kept for the record but nothing is random (D-18)."""
        return new_state(players, seed, options)

    def opening_events(self, state: State) -> list[Event]:
        return draft.opening_events(state)

    def waiting(self, state: State) -> list[Waiting]:
        return asking.waiting(state)

    def prompts(self, state: State) -> list[Prompt]:
        return asking.prompts(state)

    def forced_answer(self, state: State) -> ForcedAnswer | None:
        return forced.forced_answer(state)

    def apply_in_place(
        self, state: State, seat: int, action: dict[str, Any], asked: Waiting | None = None
    ) -> list[Event]:
        return rules.perform(state, seat, action)

    def seal_events(self, players: list[str], options: dict[str, Any], events: list[Event]) -> list[Event]:
        """Every holding is public in this game: no line is anyone's secret."""
        return events

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def result(self, state: State) -> list[dict[str, Any]] | None:
        return view.standings(state)

    def summary(self, state: State) -> dict[str, Any]:
        return view.summary(state)

    def to_json(self, state: State) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, raw: dict[str, Any]) -> State:
        return state_from_json(raw)

    def copy_state(self, state: State) -> State:
        return copy_state(state)

    def random_action(self, state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        return bot.random_action(state, seat, rng)


TITLE = RailroadBarons()
