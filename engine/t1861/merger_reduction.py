"""A merged major's token reduction (section 14.3, 23 R3): ``remove_token`` until within limits.

A merged major keeps at most 2 tokens on the map and never two in one hex.  Over that its
president removes tokens one at a time (``remove_token`` with ``hex`` and ``city``), in any
order (``merger_tokens.removable``: never leaving every token in one hex when they stood in
more; 18xx.games' order, not R3's "crowded hex first").  While nobody holds the president's certificate yet (the
exchange gave nobody 20%, R7) the acting owner, who began the merger, chooses.  Once within
limits the charter is rebuilt (``merger_tokens.finish_formation``) and kept on the major
(``charters``), so a later ``place_token`` costs what R3 says; the share buying follows.

State (in the merger round's frame while its ``step`` is ``"remove_token"``): ``charter``,
the major's charter (``charters`` JSON) as the removals go on.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.t1861 import charters, holdings, merger_tokens
from engine.t1861.merger_tokens import Charter
from engine.t1861.state import State


def begin(state: State, major: str, charter: Charter) -> list[Event]:
    """The charter after the tokens moved: kept (topped up to 3) or to be reduced (``pending``)."""
    if not merger_tokens.needs_reduction(charter):
        charters.store(state, major, merger_tokens.finish_formation(charter, reduced=False))
        return []
    state.round.update(step="remove_token", charter=charters.to_json(charter))
    return [Event(f"{major.upper()} holds more tokens than it may keep and must remove some (rules 14.3).",
                  "token_reduction", {"company": major})]


def pending(state: State) -> bool:
    """Whether the president still has tokens to remove."""
    return "charter" in state.round


def chooser(state: State) -> int:
    """The major's president; the acting owner while nobody holds the president's certificate."""
    president = holdings.president_of(state, state.round["major"])
    if president is not None:
        return president
    acting: int = state.round["acting_owner"]
    return acting


def choices(state: State) -> tuple[tuple[str, int], ...]:
    """The tokens ``remove_token`` accepts now (``merger_tokens.removable``)."""
    return merger_tokens.removable(charters.from_json(state.round["charter"]))


def remove(state: State, hex_id: Any, city: Any) -> list[Event]:
    """``remove_token``: the token leaves the map; once within limits the charter is rebuilt."""
    if not isinstance(hex_id, str) or isinstance(city, bool) or not isinstance(city, int):
        raise IllegalAction("A token to remove needs a hex and the index of its city.")
    major = state.round["major"]
    place = (hex_id.upper(), city)
    if place not in choices(state):
        allowed = ", ".join(f"{hex_}:{index}" for hex_, index in choices(state))
        raise IllegalAction(f"{major.upper()}'s token in {place[0]} (city {city}) cannot be removed now"
                            f" (possible: {allowed}; rules 14.3, R3).")
    charter = merger_tokens.remove_token(charters.from_json(state.round["charter"]), place)
    state.board = state.board.remove_token(major.upper(), *place)
    events = [Event(f"{major.upper()} removes its token in {place[0]}.", "remove_token",
                    {"company": major, "hex": place[0], "city": city})]
    if merger_tokens.needs_reduction(charter):
        state.round["charter"] = charters.to_json(charter)
        return events
    charters.store(state, major, merger_tokens.finish_formation(charter, reduced=True))
    state.round.pop("charter")
    return events
