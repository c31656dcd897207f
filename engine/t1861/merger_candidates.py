"""Which minors may join a merger now (section 14.3, 23 R2).

A minor may be added when one of its station tokens is reachable along usable track from a
token of any minor already in the merger, and the limits allow it (at most 10 minors, at
most 6 of one owner, ``mergers.can_add``).  R2: once a partner has joined and no candidate
is left, the merger closes by itself.

"Reachable" is a route's reach (12.4 with 12.5, ``route_reach``): a simple walk from a
merging minor's token city to the candidate's city, using no track twice.  The broad walk of
:mod:`engine.t1861.reach` may go out along a line, round a loop and back along the same line,
then turn off at a fork no route can take, and so find minors 18xx.games' graph does not
connect (random seed 355 of the oracle's sweep: N and MNN at Kharkov were offered KR at
Sevastopol, G15, only by coming back from the L12 loop along the I13 line and turning at
I9).  The offer (``candidates``) and R2's closing use the route's reach; a submitted ``merge``
is judged by the broad walk (``connected``), as 18xx.games checks no merger's connection
when it loads a recorded game, so every recorded merger still replays.

Public API::

    candidates(state, ["mb"])          # ["n"]: floated minors that may be added now
    closes_by_itself(state, ["mb", "n"])
    connected(state, ["mb"])           # the broad walk's candidates, which a submitted merge may name
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.t1861 import company_turn, mergers
from engine.t1861.network import Network
from engine.t1861.reach import reach
from engine.t1861.route_reach import reaches_by_route
from engine.t1861.state import State


def candidates(state: State, merging: Sequence[str]) -> list[str]:
    """Floated minors outside the merger that some route of a merging minor reaches and that
    fit its limits, in id order."""
    network = company_turn.network(state)
    reached = _stops_reached(network, merging)
    return [minor for minor in _within_limits(state, merging)
            if any(reaches_by_route(network, partner.upper(), stop)
                   for stop in sorted(_token_stops(state, minor)) for partner in merging
                   if stop in reached[partner])]


def connected(state: State, merging: Sequence[str]) -> list[str]:
    """The broad walk's candidates (a superset of :func:`candidates`): what a submitted merge may name."""
    reached = _stops_reached(company_turn.network(state), merging)
    everywhere = set().union(*reached.values())
    return [minor for minor in _within_limits(state, merging) if _token_stops(state, minor) & everywhere]


def closes_by_itself(state: State, merging: Sequence[str]) -> bool:
    """R2: a partner has joined and no further minor can be added."""
    return len(merging) >= 2 and not candidates(state, merging)


def _within_limits(state: State, merging: Sequence[str]) -> list[str]:
    owners = [state.minors[minor]["owner"] for minor in merging]
    return [minor for minor, company in state.minors.items()
            if company["status"] == "started" and minor not in merging and mergers.can_add(owners, company["owner"])]


def _stops_reached(network: Network, merging: Sequence[str]) -> dict[str, set[str]]:
    return {minor: reach(network, minor.upper()).stops for minor in merging}


def _token_stops(state: State, minor: str) -> set[str]:
    return {f"{hex_id}:c{city}" for hex_id, city, company in state.board.token_places() if company == minor.upper()}
