"""An 18xx.games game export, read into plain values with its undo and redo resolved.

18xx.games stores a game as every action ever submitted, undo and redo included: an undo
does not delete anything, it is itself an action (rules reference, section 22).  Replaying
such a record means first working out which actions are still in force.  This module does
that once, so the map walk, the developer command and the later import of whole games all
read the same effective action list.

Resolution, as 18xx.games does it:

- ``undo`` without ``action_id`` cancels the most recent action still in force;
- ``undo`` with ``action_id`` cancels every action in force after that id (``0``: all);
- ``redo`` restores exactly what the latest still-open undo cancelled;
- any other action (``program_*`` included: they are real actions to 18xx.games, only they
  carry no rule) closes every open undo, so nothing can be redone past it;
- ``message`` actions are chat: never cancelled, never part of the game.

The effective list leaves out undo, redo, messages and ``program_*`` settings (their
effects appear as ordinary actions), and puts each action's ``auto_actions`` right after
it, as the server ran them.  A setting's own ``auto_actions`` stay: switching on an
automatic pass when it is already that player's turn passes at once, and that pass is
recorded only inside the setting (bank_breaks_then_final_phase id 457); automatic
``program_disable`` notes are settings too and are left out.  ``skip`` flags are ignored:
18xx.games ignores them, and in 29683 they mark exactly the actions the undos cancel.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.errors import MalformedRecord

Action = dict[str, Any]

_META_TYPES = frozenset({"undo", "redo", "message"})


class MalformedExport(MalformedRecord):
    """An export that cannot be read as an 18xx.games game (the message says what is wrong)."""


@dataclass(frozen=True)
class ExportPlayer:
    """A seat as 18xx.games names it: its id (used as ``entity`` in actions) and name."""

    id: int | str
    name: str


@dataclass(frozen=True)
class Export:
    """One exported game: who played, how it ended, and every action as stored."""

    game_id: str
    title: str
    players: tuple[ExportPlayer, ...]
    seed: int | None
    optional_rules: tuple[str, ...]
    result: dict[str, int]
    end_reason: str | None
    actions: tuple[Action, ...]
    status: str = ""  # 18xx.games' own word for the game: "active", "finished", ... ("" if not said)

    @property
    def finished(self) -> bool:
        """Whether 18xx.games says the game is over (its status, an end reason or a result)."""
        return self.status == "finished" or self.end_reason is not None or bool(self.result)

    def effective_actions(self) -> list[Action]:
        """The actions in force, in order, each followed by its ``auto_actions``."""
        return expand_auto_actions(_in_force(self.actions))


def parse_export(text: str) -> Export:
    """Read an export's JSON text; a file that is not an 18xx.games export is refused."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise MalformedExport(f"The export is not valid JSON ({error.msg} at line {error.lineno}).") from None
    if not isinstance(data, dict) or not isinstance(data.get("actions"), list):
        raise MalformedExport("The export has no list of actions; is it an 18xx.games game export?")
    seed = (data.get("settings") or {}).get("seed")
    if seed is not None and not _whole_number(seed):
        raise MalformedExport("The export's seed is not a whole number.")
    return Export(
        game_id=str(data.get("id", "")),
        title=str(data.get("title", "")),
        players=tuple(_player(entry) for entry in data.get("players", [])),
        seed=seed,
        optional_rules=tuple((data.get("settings") or {}).get("optional_rules") or ()),
        result={str(key): int(value) for key, value in (data.get("result") or {}).items()},
        end_reason=data.get("game_end_reason"),
        actions=tuple(_checked_action(action, index) for index, action in enumerate(data["actions"])),
        status=str(data.get("status") or ""),
    )


def read_export(path: str) -> Export:
    """Read the export file at ``path``."""
    with open(path, encoding="utf-8") as handle:
        return parse_export(handle.read())


def resolve_undo_redo(actions: Sequence[Action]) -> list[Action]:
    """The actions still in force after every undo and redo, in their original order."""
    return [action for action in _in_force(actions) if _is_game_rule(action)]


def _in_force(actions: Sequence[Action]) -> list[Action]:
    """Like ``resolve_undo_redo`` but keeping ``program_*`` settings, which carry automatic actions."""
    in_force: list[Action | None] = [None] * len(actions)
    open_undos: list[list[int]] = []
    for index, action in enumerate(actions):
        kind = action["type"]
        if kind == "undo":
            start = _undo_start(actions, in_force, action)
            cancelled = [i for i in range(start, index) if _is_game_action(in_force[i])]
            for i in cancelled:
                in_force[i] = None
            open_undos.append(cancelled)
        elif kind == "redo":
            if not open_undos:
                raise MalformedExport(f"Action {action.get('id')} is a redo with nothing undone to restore.")
            for i in open_undos.pop():
                in_force[i] = actions[i]
        else:
            if kind != "message":
                open_undos.clear()
            in_force[index] = action
    return [action for action in in_force if action is not None and action["type"] not in _META_TYPES]


def expand_auto_actions(actions: Sequence[Action]) -> list[Action]:
    """Each action followed by the automatic actions the server ran with it.

    An automatic action carries no id of its own; it gets ``auto_of`` = its trigger's id so
    a reader can still say where it came from.
    """
    expanded: list[Action] = []
    for action in actions:
        if _is_game_rule(action):
            expanded.append(action)
        expanded.extend({**auto, "auto_of": action.get("id")}
                        for auto in action.get("auto_actions") or () if _is_game_rule(auto))
    return expanded


def _undo_start(actions: Sequence[Action], in_force: list[Action | None], undo: Action) -> int:
    """The first position an undo cancels from (everything in force from there on goes)."""
    target = undo.get("action_id")
    if target is None:  # the latest in force, searched from the end (an export has hundreds of actions)
        return next((i for i in range(len(in_force) - 1, -1, -1) if _is_game_action(in_force[i])), 0)
    if target == 0:
        return 0
    for position, action in enumerate(actions):
        if action.get("id") == target:
            return position + 1
    raise MalformedExport(f"Action {undo.get('id')} undoes back to action {target}, which is not in the export.")


def _is_game_action(action: Action | None) -> bool:
    return action is not None and action["type"] != "message"


def _is_game_rule(action: Action) -> bool:
    """False for undo, redo, chat and ``program_*`` automation settings."""
    return action["type"] not in _META_TYPES and not str(action["type"]).startswith("program_")


def _checked_action(action: object, index: int) -> Action:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise MalformedExport(f"Action number {index + 1} in the export has no type.")
    if "id" in action and not _whole_number(action["id"]):
        raise MalformedExport(f"Action number {index + 1} in the export has an id that is not a whole number.")
    automatic = action.get("auto_actions")
    if automatic is not None and not (isinstance(automatic, list) and all(
            isinstance(auto, dict) and isinstance(auto.get("type"), str) for auto in automatic)):
        raise MalformedExport(f"Action number {index + 1} in the export has automatic actions without a type.")
    return action


def _whole_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _player(entry: object) -> ExportPlayer:
    if not isinstance(entry, dict) or not isinstance(entry.get("id"), int | str) or isinstance(entry["id"], bool):
        raise MalformedExport("A player in the export has no id.")
    return ExportPlayer(id=entry["id"], name=str(entry.get("name", entry["id"])))
