"""What an imported record must satisfy to be kept, beyond what the engine checks to replay it.

The contract lets a player's name be any string; the database keeps text only with no NUL,
and the site shows names only without invisible or control characters (the rule of
accounts.display_names).  Each problem is refused in words before anything is written.
(A seed of any size is kept: games.fields.IntegerTextField.)
"""

from __future__ import annotations

from typing import Any

from accounts.display_names import describe, first_refused_character
from games.errors import ImportFailed

NUL = "\x00"


def check_storable(record: Any) -> None:
    """ImportFailed for the first part of ``record`` the site cannot keep or show."""
    for name in record.players:
        refused = first_refused_character(name) if isinstance(name, str) else None
        if refused is not None:
            raise ImportFailed(
                f"A player's name in the record cannot hold invisible or control characters: {describe(refused)}."
            )
    if _holds_nul([record.options, [entry.action for entry in record.actions]]):
        raise ImportFailed("The record holds a NUL character (\\u0000), which cannot be kept.")


def _holds_nul(value: Any) -> bool:
    """Whether any string (or key) in parsed JSON holds a NUL; a loop, as records may nest deep."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if NUL in item:
                return True
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return False
