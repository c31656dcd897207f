"""Game records: reading them, replaying them, and writing random ones."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from engine.core import game
from engine.core.errors import UNFORESEEN_INPUT_ERRORS, IllegalAction, MalformedRecord
from engine.core.registry import get_title
from engine.core.rng import seeded_rng
from engine.core.title import GameState

RECORD_FIELDS = ("title", "players", "seed", "options", "actions")


@dataclass(frozen=True)
class RecordedAction:
    seat: int
    action: dict[str, Any]


@dataclass(frozen=True)
class Record:
    title: str
    players: list[str]
    seed: int
    options: dict[str, Any]
    actions: list[RecordedAction]

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "actions": [{"seat": entry.seat, "action": entry.action} for entry in self.actions],
        }


class ReplayError(Exception):
    """A record that could not be replayed; ``action_index`` is None when malformed."""

    def __init__(self, message: str, action_index: int | None):
        super().__init__(message)
        self.action_index = action_index


def parse_record(text: str) -> Record:
    """A Record from JSON text; MalformedRecord describes the first problem."""
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise MalformedRecord(f"The record is not valid JSON ({error}).") from error
    return record_from_json(raw)


def record_from_json(raw: Any) -> Record:
    """A Record from decoded JSON; checks the shape, not the moves."""
    if not isinstance(raw, dict):
        raise MalformedRecord("A game record must be a JSON object.")
    missing = [name for name in RECORD_FIELDS if name not in raw]
    if missing:
        raise MalformedRecord(f"The record lacks the field(s): {', '.join(missing)}.")
    game.check_player_names(raw["players"])
    if not isinstance(raw["options"], dict):
        raise MalformedRecord("options must be a JSON object.")
    if not isinstance(raw["actions"], list):
        raise MalformedRecord("actions must be a list.")
    if not isinstance(raw["seed"], int) or isinstance(raw["seed"], bool):
        raise MalformedRecord("seed must be an integer.")
    actions = [_recorded_action(index, entry) for index, entry in enumerate(raw["actions"])]
    return Record(raw["title"], raw["players"], raw["seed"], raw["options"], actions)


def _recorded_action(index: int, entry: Any) -> RecordedAction:
    if not isinstance(entry, dict):
        raise MalformedRecord(f"Action {index} must be an object with seat and action.")
    seat, action = entry.get("seat"), entry.get("action")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise MalformedRecord(f"Action {index} needs an integer seat.")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise MalformedRecord(f"Action {index} needs an action object with a type string.")
    return RecordedAction(seat, action)


def start(record: Record) -> GameState:
    """The game the record describes, before its first action."""
    return game.new_game(record.title, record.players, record.seed, record.options)


def replay(record: Record) -> GameState:
    """The state after every action of ``record``; ReplayError names the first refused one."""
    try:
        state = start(record)
    except MalformedRecord as malformed:
        raise ReplayError(str(malformed), None) from malformed
    for index, entry in enumerate(record.actions):
        try:
            game.apply_in_place(state, entry.seat, entry.action)
        except IllegalAction as error:
            raise ReplayError(str(error), index) from error
        except UNFORESEEN_INPUT_ERRORS as unforeseen:
            # A title should refuse every bad field with IllegalAction; this keeps a
            # missed case a clean refusal instead of a traceback.
            message = f"Action {index} could not be understood ({type(unforeseen).__name__}: {unforeseen})."
            raise ReplayError(message, index) from unforeseen
    return state


def random_record(
    title_id: str, players: list[str], seed: int, options: dict[str, Any] | None = None, max_actions: int = 100_000
) -> Record:
    """A complete game played by random legal moves; the same arguments give the same record.

    A title that cannot yet be played to its end (``playable`` false) is refused at once:
    its random game would stop at the first unbuilt rule, which is no complete record.
    """
    title = get_title(title_id)
    if not title.playable:
        raise MalformedRecord(f"{title.name} cannot be played to the end yet, so no complete random game of it"
                              " can be written; its records still replay.")
    state = game.new_game(title_id, players, seed, options)
    rng = seeded_rng(seed, "random-player")
    actions: list[RecordedAction] = []
    while (waiting := title.waiting(state)) and len(actions) < max_actions:  # the seats, without building prompts
        seat = waiting[0].seat if len(waiting) == 1 else rng.choice(waiting).seat
        action = title.random_action(state, seat, rng)
        game.apply_in_place(state, seat, action)
        actions.append(RecordedAction(seat, action))
    return Record(title_id, list(players), seed, dict(options or {}), actions)


def random_players(count: int) -> list[str]:
    """Stand-in names for random games."""
    names = ["ann", "bob", "cy", "dee", "eve", "fay"]
    return names[:count] if count <= len(names) else [f"player{n + 1}" for n in range(count)]


__all__ = [
    "Record",
    "RecordedAction",
    "ReplayError",
    "parse_record",
    "random_players",
    "random_record",
    "record_from_json",
    "replay",
    "start",
]
