"""Turnpost's consents for a game moved here from 18xx.games to be played on.

An imported record has ``merger_consent`` and ``sale_consent`` off, because 18xx.games never
asks a minor's owner to agree to a merger or a seller to agree to a price, so a recorded merger
or purchase was never answered. Played on here by mail, the same game should ask them, as every
game begun here does. The options belong to the whole record, so a consent is turned on only
where the recorded part replays to the very same position with it on. Then nothing recorded
needed an answer, and the game asks from its next move on. A consent that would have stopped or
changed the recorded part stays off, and the game plays on as 18xx.games would.
"""

from __future__ import annotations

import json
from typing import Any, cast

from engine.core.record import ReplayError, record_from_json, replay
from engine.t1861.state import State
from engine.t1861.title import TITLE

CONSENTS = ("merger_consent", "sale_consent")


def with_consents_where_unchanged(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` with each consent option turned on where its replay is unchanged by it."""
    options = dict(record["options"])
    position = _position(record)
    for option in CONSENTS:
        if options.get(option, True):
            continue
        trial = {**record, "options": {**options, option: True}}
        if _replays_to(trial, position):
            options[option] = True
    return {**record, "options": options}


def _replays_to(record: dict[str, Any], position: str) -> bool:
    try:
        return _position(record) == position
    except ReplayError:
        return False


def _position(record: dict[str, Any]) -> str:
    """The replayed state as JSON, its options left out (they are what is compared)."""
    # An 1861 record (this module's callers import 1861 games) replays to an 1861 state.
    data = TITLE.to_json(cast(State, replay(record_from_json(record))))
    data.pop("options", None)
    return json.dumps(data, sort_keys=True)
