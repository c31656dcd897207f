"""``python -m engine import-18xx FILE``: an 18xx.games 1861 export as our game record.

The export is read (:mod:`engine.t1861.export`: undo and redo resolved, ``program_*``
dropped, ``auto_actions`` folded in) and played through our rules while it is translated
(:func:`engine.t1861.importer.replay_export`), so the record printed is one ``replay``
accepts and that gives the same game.

All or nothing: when our rules refuse an action, nothing is printed but the refusal, in the
record contract's error shape (exit 2).  A record cut short at the refusal would read as the
whole game; whoever wants the game so far asks for it with ``--until`` (the last 18xx.games
action id to take), which makes the cut visible in the command itself.

The error's ``action_index`` is the 0-based position in the export's own ``actions`` list
of the action refused (an automatic action: the one that triggered it), so the reader finds
it in the file they gave; ``action_id`` is its 18xx.games id.  Actions before it were
applied or resolved (undone, chat); nothing after it was.  An export that cannot be read as
an 1861 game has ``"action_index": null``.
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from engine.core.errors import MalformedRecord
from engine.t1861.export import Export, MalformedExport, parse_export
from engine.t1861.importer import Imported, replay_export
from engine.t1861.title import TITLE

EXIT_OK = 0
EXIT_BAD_INPUT = 2


class ExportRefused(Exception):
    """An export that gives no record; ``as_json`` is the contract's error object."""

    def __init__(self, message: str, action_index: int | None = None, action_id: int | None = None) -> None:
        super().__init__(message)
        self.action_index = action_index
        self.action_id = action_id

    def as_json(self) -> dict[str, Any]:
        shown: dict[str, Any] = {"error": str(self), "action_index": self.action_index}
        return shown if self.action_id is None else {**shown, "action_id": self.action_id}


def run_import_command(path: str, until: int | None = None, out: TextIO | None = None,
                       notes: TextIO | None = None) -> int:
    """Print the record of the export at ``path`` (``-``: standard input), or the refusal; the exit code."""
    out = sys.stdout if out is None else out
    notes = sys.stderr if notes is None else notes
    try:
        export, imported = import_text(_read(path), until)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError) as error:
        # Every shape the reader knows to be wrong is refused above in its own words; this keeps
        # one it missed a refusal too, never a traceback.
        refused = ExportRefused(f"The export could not be read as an 1861 game ({type(error).__name__}: {error}).")
        out.write(json.dumps(refused.as_json()) + "\n")
        return EXIT_BAD_INPUT
    except ExportRefused as refused:
        out.write(json.dumps(refused.as_json()) + "\n")
        return EXIT_BAD_INPUT
    note = unfinished_note(export, imported) if until is None else None
    if note:
        notes.write(note + "\n")
    out.write(json.dumps(imported.record) + "\n")
    return EXIT_OK


def import_text(text: str, until: int | None = None) -> tuple[Export, Imported]:
    """The export in ``text`` and how it replayed; ExportRefused unless every action was taken."""
    export = read_1861_export(text)
    imported = replay_export(export, until)
    if imported.refused is not None:
        raise ExportRefused(f"{imported.refusal} Nothing is imported: {_reached(imported)}.",
                            _position(export, imported.refused),
                            imported.refused.get("id", imported.refused.get("auto_of")))
    return export, imported


def read_1861_export(text: str) -> Export:
    """An 18xx.games export of an 1861 game our record can hold; ExportRefused says what is wrong."""
    try:
        export = parse_export(text)
    except MalformedExport as error:
        raise ExportRefused(str(error)) from None
    except (RecursionError, TypeError, ValueError, AttributeError) as unreadable:
        raise ExportRefused(f"The export could not be read as an 18xx.games game ({unreadable}).") from None
    if export.title != TITLE.id:
        named = f"of {export.title!r}" if export.title else "without a title"
        raise ExportRefused(f"This is an 18xx.games export {named}; only 1861 exports can be imported.")
    if not TITLE.min_players <= len(export.players) <= TITLE.max_players:
        raise ExportRefused(f"1861 takes {TITLE.min_players} to {TITLE.max_players} players; the export has "
                            f"{len(export.players)}.")
    if len({player.id for player in export.players}) != len(export.players):
        raise ExportRefused("Two players of the export share an id, so their actions cannot be told apart.")
    try:
        TITLE.validate_options({"column_market": "column_market" in export.optional_rules})
        export.effective_actions()  # an undo of an action not in the file, a redo with nothing undone
    except MalformedRecord as bad_options:
        raise ExportRefused(str(bad_options)) from None
    return export


def unfinished_note(export: Export, imported: Imported) -> str | None:
    """A line for the reader when 18xx.games says the game ended but the record does not."""
    if not export.finished or TITLE.result(imported.state) is not None:
        return None
    reason = f" ({export.end_reason})" if export.end_reason else ""
    return (f"Note: 18xx.games ended this game{reason}, but its actions stop before our rules end it; the record"
            " is of a game still in progress.")


def _read(path: str) -> str:
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError) as error:
        raise ExportRefused(f"Cannot read the export: {error}.") from None


def _position(export: Export, refused: dict[str, Any]) -> int | None:
    """Where ``refused`` stands in the export's ``actions`` (an automatic action: its trigger)."""
    for index, action in enumerate(export.actions):
        if action is refused:
            return index
    trigger = refused.get("auto_of")
    return next((index for index, action in enumerate(export.actions)
                 if trigger is not None and action.get("id") == trigger), None)


def _reached(imported: Imported) -> str:
    if not imported.record["actions"]:
        return "our rules refuse the game's first action"
    return f"our rules take the game only as far as 18xx.games action {imported.reached}"
