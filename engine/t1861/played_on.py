"""Turnpost's consents for a game moved here from 18xx.games to be played on.

An imported record has ``merger_consent`` and ``sale_consent`` off, because 18xx.games never
asks a minor's owner to agree to a merger or a seller to agree to a price, so a recorded merger
or purchase was never answered. Played on here by mail, the same game should ask them, as every
game begun here does. The options belong to the whole record, so a consent is turned on only
where the recorded part replays to the very same position with it on. Then nothing recorded
needed an answer, and the game asks from its next move on. A consent that would have stopped or
changed the recorded part stays off, and the game plays on as 18xx.games would.

The other way round, ``kept_track_graph`` (lays judged as 18xx.games' kept track graph judged
them, ``engine.t1861.kept_graph``) is turned off where the recorded part replays the same
without it: the game played on here judges every lay on the board as it is, unless a recorded
lay needed the option.
"""

from __future__ import annotations

import json
from typing import Any, cast

from engine.core.record import ReplayError, record_from_json, replay
from engine.t1861 import kept_graph
from engine.t1861.state import State
from engine.t1861.title import OPTION_DEFAULTS, TITLE

# Each option this module may change, and its value in a game played on here: owners and sellers
# are asked, and lays are judged on the board as it is.
PLAYED_HERE = {"merger_consent": True, "sale_consent": True, kept_graph.OPTION: False}


def with_consents_where_unchanged(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` with each option of ``PLAYED_HERE`` set as a game played here has it, where its
    replay is unchanged by it."""
    options = dict(record["options"])
    position = _position(record)
    for option, played_here in PLAYED_HERE.items():
        if options.get(option, OPTION_DEFAULTS[option]) == played_here:
            continue
        trial = {**record, "options": {**options, option: played_here}}
        if _replays_to(trial, position):
            if played_here:
                options[option] = True
            else:
                del options[option]  # off, and written only when set, as in a game begun here
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
    data.pop("unseen_tokens", None)  # kept only under kept_track_graph, one of the options compared
    return json.dumps(data, sort_keys=True)
