"""What a company can reach from its station tokens, walking along track (rules 12.3, 12.4).

The walk starts in every city holding one of the company's tokens and follows segments the
way a train would: across a hex border it goes on into the *other* hex (never back into the
hex it came from, which would be reversing); at a town or a city it may take any other
segment, except that it stops at a city whose slots are all filled by other companies and at
an off-board (it reaches them but does not pass).

Three results are kept: the stops and segments reached, the hex edges the company "can
reach" for the tile-lay connection rule (both sides of every border a reached segment
touches), and the borders it crosses into a hex (``entries``: the edges through which the
walk arrives in a hex from its neighbour, which lets a tile lay be judged without walking
the whole map again).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from heapq import heappop, heappush

from engine.t1861.geometry import distances_to
from engine.t1861.network import Network, Segment, Stop


@dataclass
class Reach:
    """Stops, segments, borders and entries a company reaches; built by :func:`reach`."""

    stops: set[str] = field(default_factory=set)
    segments: set[str] = field(default_factory=set)
    edges: set[tuple[str, int]] = field(default_factory=set)  # (hex, edge), either side of a border
    entries: set[tuple[str, int]] = field(default_factory=set)  # (hex entered, its edge)
    token_hexes: set[str] = field(default_factory=set)
    _edges_by_hex: dict[str, set[int]] | None = field(default=None, repr=False, compare=False)
    _entries_by_hex: dict[str, set[int]] | None = field(default=None, repr=False, compare=False)

    def edges_of(self, hex_id: str) -> set[int]:
        """The edges of ``hex_id`` new track may connect to: all six where the company has a token."""
        if hex_id in self.token_hexes:
            return set(range(6))
        if self._edges_by_hex is None:
            self._edges_by_hex = _by_hex(self.edges)
        return self._edges_by_hex.get(hex_id, set())

    def entries_of(self, hex_id: str) -> set[int]:
        """The edges through which the walk arrives in ``hex_id`` from its neighbours."""
        if self._entries_by_hex is None:
            self._entries_by_hex = _by_hex(self.entries)
        return self._entries_by_hex.get(hex_id, set())


def reach(network: Network, company: str) -> Reach:
    """Walk ``network`` from ``company``'s tokens (a company with no token reaches nothing).

    Every lay check and token check walks a whole board (issue 13), so the loop is written
    flat, remembers walked segments by id for each direction, and marks the borders once per
    junction at the end rather than at every segment.
    """
    found, junctions = _walk(network, company)
    for junction in junctions:
        found.edges.update(_sides(junction))
    return found


Enough = Callable[[set[int], set[int]], bool]


def reaches_enough(network: Network, company: str, hex_id: str, border: Mapping[str, int], enough: Enough) -> bool:
    """Whether the walk reaches enough of ``hex_id`` for ``enough(edges, entries)``: the hex's
    edges and entries (``Reach.edges_of`` and ``Reach.entries_of``) as found so far.

    ``border`` maps the junction on each of the hex's edges to that edge.  ``enough`` must
    be monotone (true for some sets, true for any larger ones), as a lay's connection and
    use of new track are: then the walk may stop the moment it holds, and answers exactly
    as a whole walk would.  A lay check uses this (most recorded lays are legal and are
    seen to be long before the walk ends); False means the whole walk never got there.
    """
    watch = _Watch(hex_id, border, enough)
    if any(stop.hex == hex_id for stop in network.stops_with_token(company)):
        watch.edges.update(range(6))  # Reach.edges_of: every edge of a hex with a token
    if watch.enough(watch.edges, watch.entries):
        return True
    return _seek(network, company, hex_id, None, watch)


def reaches_a_stop(network: Network, company: str, wanted: Callable[[Stop], bool], toward: str | None = None) -> bool:
    """Whether the walk reaches a stop for which ``wanted`` holds, stopping at the first.

    Whether a company has any legal token (its turn's token step waits only then) asks
    this, and whether it reaches the city of a submitted token (then ``toward`` names that
    city's hex: the walk takes the track nearest it first, see :func:`_seek`); the
    whole walk of :func:`reach` would be the same answer, later (issue 13).
    """
    return _seek(network, company, toward, wanted, None)


class _Watch:
    """The walk's view of one hex for :func:`reaches_enough`: its edges and entries so far."""

    def __init__(self, hex_id: str, border: Mapping[str, int], enough: Enough) -> None:
        self.hex, self.border, self.enough = hex_id, border, enough
        self.edges: set[int] = set()
        self.entries: set[int] = set()

    def arrived(self, junction: str, from_hex: str) -> bool:
        """The walk arrived at ``junction`` along track in ``from_hex``; True once enough."""
        edge = self.border.get(junction)
        if edge is None:
            return False
        grown = edge not in self.edges or (from_hex != self.hex and edge not in self.entries)
        self.edges.add(edge)
        if from_hex != self.hex:
            self.entries.add(edge)
        return grown and self.enough(self.edges, self.entries)


def _walk(network: Network, company: str) -> tuple[Reach, set[str]]:
    """The whole walk: what it reached, and every junction it arrived at."""
    found = Reach()
    stops, touching, entries, segments = network.stops, network.touching, found.entries, found.segments
    # Segment ids walked from their first end, and from their second: a segment is walked at
    # most once each way (the walk onward depends on the end it arrives at).
    from_first: set[str] = set()
    from_second: set[str] = set()
    junctions: set[str] = set()  # every junction arrived at: the junction ends of the walked segments
    pending: list[tuple[Segment, str]] = []
    for tokened in network.stops_with_token(company):
        found.stops.add(tokened.id)
        found.token_hexes.add(tokened.hex)
        pending.extend((segment, tokened.id) for segment in touching.get(tokened.id, ()))
    while pending:
        segment, start = pending.pop()
        first, second = segment.ends
        end, walked = (second, from_first) if first == start else (first, from_second)
        if segment.id in walked:
            continue
        walked.add(segment.id)
        segments.add(segment.id)
        stop = stops.get(end)
        if stop is not None:  # a stop: on along any other segment, if trains may pass it
            found.stops.add(end)
            if _passable(stop, company):
                for other in touching.get(end, ()):
                    if other.id != segment.id:
                        pending.append((other, end))
            continue
        junctions.add(end)  # a junction: on into the other hex only, entering it there
        here = segment.hex
        for other in touching.get(end, ()):
            if other.hex != here:
                pending.append((other, end))
        for side in _sides(end):
            if side[0] != here:
                entries.add(side)
    return found, junctions


def _seek(network: Network, company: str, near: str | None, wanted: Callable[[Stop], bool] | None,
          watch: _Watch | None) -> bool:
    """The same walk, looking for one thing: a stop ``wanted`` holds for, or enough of the
    watched hex; True the moment it is found.  It keeps nothing else, as its callers need
    only the answer (issue 13: the lay and token checks walk here at every lay).

    With a hex to look for (``near``, or the watched hex), the segments nearest it go first
    (as the crow flies, ``geometry.distance``; ties first in, first out).  The walk reaches
    the same segments in any order, and what it looks for only grows as it goes, so the order
    changes nothing but how soon it may stop: a lay or a token is nearly always next to track
    the company already uses, which the plain depth-first order reaches after wandering the
    rest of its network (the records' lay checks walk a third as many segments this way).
    """
    stops, touching = network.stops, network.touching
    border = watch.border if watch is not None else {}
    near = watch.hex if watch is not None else near
    away = distances_to(near) if near is not None else None
    from_first: set[str] = set()
    from_second: set[str] = set()
    heap: list[tuple[int, int, Segment, str]] = []  # (distance, order pushed, segment, the end it starts from)
    pushed = 0

    def push(segment: Segment, start: str) -> None:
        nonlocal pushed
        pushed += 1
        heappush(heap, (away(segment.hex) if away is not None else -pushed, pushed, segment, start))

    for tokened in network.stops_with_token(company):
        if wanted is not None and wanted(tokened):
            return True
        for segment in touching.get(tokened.id, ()):
            push(segment, tokened.id)
    while heap:
        _, _, segment, start = heappop(heap)
        first, second = segment.ends
        end, walked = (second, from_first) if first == start else (first, from_second)
        if segment.id in walked:
            continue
        walked.add(segment.id)
        stop = stops.get(end)
        if stop is not None:  # a stop: on along any other segment, if trains may pass it
            if wanted is not None and wanted(stop):
                return True
            if _passable(stop, company):
                for other in touching.get(end, ()):
                    if other.id != segment.id:
                        push(other, end)
            continue
        here = segment.hex  # a junction: on into the other hex only
        if end in border and watch is not None and watch.arrived(end, here):
            return True
        for other in touching.get(end, ()):
            if other.hex != here:
                push(other, end)
    return False


def _by_hex(sides: set[tuple[str, int]]) -> dict[str, set[int]]:
    grouped: dict[str, set[int]] = {}
    for hex_id, edge in sides:
        grouped.setdefault(hex_id, set()).add(edge)
    return grouped


def _passable(stop: Stop, company: str) -> bool:
    """Trains pass towns and cities with room or the company's token, never an off-board."""
    return stop.kind != "offboard" and not stop.is_blocked_for(company)


@cache
def _sides(junction: str) -> tuple[tuple[str, int], ...]:
    """``"G5.0|G7.3"`` -> ``(("G5", 0), ("G7", 3))``; junction ids recur, so cached."""
    return tuple((hex_id, int(edge)) for hex_id, edge in (side.split(".") for side in junction.split("|")))
