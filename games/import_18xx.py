"""1861 games from 18xx.games: the import page's second format, beside our own records.

The engine turns the export into our record (``engine.t1861.import_command``: undo and redo
resolved, ids mapped, every action played through our rules), and the record is stored as
any imported record is (``services.import_record``).  What becomes of it depends on how the
game stands on 18xx.games:

- a finished game (``Export.finished``: 18xx.games' status, end reason or result says so)
  becomes a read-only game to review (IMPORTED);
- a game still running there becomes a game that goes on here (ACTIVE) from the position it
  had: its seats keep their 18xx.games names, nobody sits in them yet, and the importer is
  given one claim link per seat to send to the players (``games.seat_claims``); its owners
  are asked to consent to mergers and sales from then on wherever the recorded part allows it
  (``engine.t1861.played_on``).

All or nothing, as the command line: an export our rules stop in (whole 1861 games do not
replay yet: the RSR's turn and nationalisation are being built) is refused in the words of
the refusal, and nothing is stored.
"""

from __future__ import annotations

import json
from typing import Any

import engine.core as engine
from accounts.models import User
from engine.t1861.import_command import ExportRefused, import_text
from engine.t1861.played_on import with_consents_where_unchanged
from games import services
from games.errors import ImportFailed
from games.models import Game, GameStatus


def is_18xx_export(text: str) -> bool:
    """Whether ``text`` reads as an 18xx.games export rather than our record.

    An export names its players as objects (``{"id": 5522, "name": ...}``); our record names
    them as strings.  Anything else is left to the record import, which says what is wrong.
    """
    raw = _json_object(text)
    players = raw.get("players") if raw is not None else None
    return isinstance(players, list) and any(isinstance(player, dict) for player in players)


def is_json_object(text: str) -> bool:
    """Whether ``text`` is a JSON object, as a record and an export both are (a page or a list is neither)."""
    return _json_object(text) is not None


def _json_object(text: str) -> dict[str, Any] | None:
    try:
        raw: Any = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return raw if isinstance(raw, dict) else None


def import_export(text: str, user: User | None) -> Game:
    """The game an 18xx.games 1861 export makes here; ImportFailed in the refusal's words."""
    if len(text) > services.MAX_IMPORT_CHARS:
        raise ImportFailed("The export is too large to import.")
    try:
        export, imported = import_text(text)
    except ExportRefused as refused:
        raise ImportFailed(f"The 18xx.games export could not be imported: {refused}") from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError) as error:
        # A shape the engine's reader did not foresee: still refused in words (as the command line does).
        raise ImportFailed("The 18xx.games export could not be read as an 1861 game.") from error
    if len(imported.record["actions"]) > services.MAX_IMPORT_ACTIONS:
        raise ImportFailed(f"The export has more than {services.MAX_IMPORT_ACTIONS} actions.")
    over = export.finished or engine.result(imported.state) is not None
    status = GameStatus.IMPORTED if over else GameStatus.ACTIVE
    record = imported.record if over else with_consents_where_unchanged(imported.record)
    name = f"1861 from 18xx.games game {export.game_id}" if export.game_id else "1861 from 18xx.games"
    if not over:  # a walk imported one game cut at two actions: both named alike, their mails' subjects too
        name += f" (from action {imported.reached})"
    return services.import_record(json.dumps(record), user, status=status, name=name[:100])
