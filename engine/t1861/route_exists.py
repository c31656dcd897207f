"""Whether a company has any legal route at all (23 R1 step 6: "a route exists").

The routes step of a company's turn, and the RSR's, waits for ``run_routes`` only when some
train of the company can run.  Asking the optimiser for its best set just to see whether
it is empty cost about a third of a whole game's replay (issue 13); this module answers
the same question exactly and cheaply.

Why one link settles it: any legal route has at least two stops and holds a token city T
of the company (12.5).  The part of that route from T to the stop next to it along the
route is itself a legal route: two stops in different hexes (a route touches one stop
per hex), on track no stop interrupts, used once, never reversing, and it passes through
no stop, so neither an off-board nor a filled city can block it.  It visits at most two
cities and off-boards, within every train's allowance (the smallest is a 2-train; a
5+5E counts both its stops, T among them).  Conversely such a link is a route.  So a
route exists exactly when, from some token city of the company, track leads to a stop in
another hex without meeting a stop on the way.

The walk follows the optimiser's own link rule (``optimiser._Board._walk``): from a node
along a segment, at a junction on into a segment of the other hex, never onto a piece of
track (``routes.track_pieces``) already used, stopping at the first stop.  The tests check
this answer against the optimiser's at every position of the recorded games.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.t1861.network import Network, Segment
from engine.t1861.routes import track_pieces
from engine.t1861.trains import Train


def route_exists(network: Network, company: str, trains: Sequence[Train]) -> bool:
    """Whether any of ``trains`` has a legal route for ``company`` on ``network``.

    A two-stop route fits a train that may visit two cities and off-boards (or, a 5+5E,
    count two stops): every train of the data file does.
    """
    return any(train.allowance >= 2 for train in trains) and _any_link(network, company)


def _any_link(network: Network, company: str) -> bool:
    for stop in network.stops_with_token(company):
        for segment in network.touching.get(stop.id, ()):
            if _leads_to_stop(network, stop.hex, stop.id, segment, set()):
                return True
    return False


def _leads_to_stop(network: Network, home_hex: str, node: str, segment: Segment, used: set[str]) -> bool:
    """Whether following ``segment`` away from ``node`` reaches a stop outside ``home_hex``
    without a stop between and without using a piece of track twice."""
    pieces = track_pieces(network, segment)
    if any(piece in used for piece in pieces):
        return False
    other = segment.ends[1] if segment.ends[0] == node else segment.ends[0]
    found = network.stops.get(other)
    if found is not None:
        return found.hex != home_hex
    used.update(pieces)
    for onward in network.touching.get(other, ()):
        if onward.hex != segment.hex and _leads_to_stop(network, home_hex, other, onward, used):
            return True
    used.difference_update(pieces)
    return False
