"""Which minors may join a merger now (section 14.3, 23 R2).

A minor may be added when one of its station tokens is reachable along usable track from a
token of any minor already in the merger (the walk of :mod:`engine.t1861.reach`, which
stops at cities filled by other companies), and the limits allow it (at most 10 minors, at
most 6 of one owner, ``mergers.can_add``).  R2: once a partner has joined and no candidate
is left, the merger closes by itself.

Public API::

    candidates(state, ["mb"])          # ["n"]: floated minors that may be added now
    closes_by_itself(state, ["mb", "n"])
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.t1861 import company_turn, mergers
from engine.t1861.reach import reach
from engine.t1861.state import State


def candidates(state: State, merging: Sequence[str]) -> list[str]:
    """Floated minors outside the merger that are connected to it and fit its limits, in id order."""
    owners = [state.minors[minor]["owner"] for minor in merging]
    reached = _stops_reached(state, merging)
    return [minor for minor, company in state.minors.items()
            if company["status"] == "started" and minor not in merging
            and _token_stops(state, minor) & reached and mergers.can_add(owners, company["owner"])]


def closes_by_itself(state: State, merging: Sequence[str]) -> bool:
    """R2: a partner has joined and no further minor can be added."""
    return len(merging) >= 2 and not candidates(state, merging)


def _stops_reached(state: State, merging: Sequence[str]) -> set[str]:
    network = company_turn.network(state)
    reached: set[str] = set()
    for minor in merging:
        reached |= reach(network, minor.upper()).stops
    return reached


def _token_stops(state: State, minor: str) -> set[str]:
    return {f"{hex_id}:c{city}" for hex_id, city, company in state.board.token_places() if company == minor.upper()}
