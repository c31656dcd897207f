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

from collections.abc import Callable, Iterable, Mapping
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
    found, junctions, _ = _walk(network, company, None)
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
    _walk(network, company, watch)
    return watch.satisfied


def reaches_a_stop(network: Network, company: str, wanted: Callable[[Stop], bool], toward: str | None = None) -> bool:
    """Whether the walk reaches a stop for which ``wanted`` holds, stopping at the first.

    Whether a company has any legal token (its turn's token step waits only then) asks
    this, and whether it reaches the city of a submitted token (then ``toward`` names that
    city's hex: the walk takes the track nearest it first, see :class:`_Nearest`); the
    whole walk of :func:`reach` would be the same answer, later (issue 13).
    """
    return _walk(network, company, None, wanted, toward)[2]


class _Watch:
    """The walk's view of one hex for :func:`reaches_enough`: its edges and entries so far."""

    def __init__(self, hex_id: str, border: Mapping[str, int], enough: Enough) -> None:
        self.hex, self.border, self.enough = hex_id, border, enough
        self.edges: set[int] = set()
        self.entries: set[int] = set()
        self.satisfied = False

    def arrived(self, junction: str, from_hex: str) -> bool:
        """The walk arrived at ``junction`` along track in ``from_hex``; True once enough."""
        edge = self.border.get(junction)
        if edge is None:
            return False
        grown = edge not in self.edges or (from_hex != self.hex and edge not in self.entries)
        self.edges.add(edge)
        if from_hex != self.hex:
            self.entries.add(edge)
        self.satisfied = grown and self.enough(self.edges, self.entries)
        return self.satisfied


class _Nearest:
    """The walk's pending segments when it looks for one hex (a lay's, a token's city), the one
    nearest that hex first (as the crow flies, ``geometry.distance``).

    The walk reaches the same segments in any order, and what it looks for (the watch's
    answer, a wanted stop) only grows as it goes, so the order changes nothing but how soon
    the walk may stop: a lay or a token is nearly always next to track the company already
    uses, which the plain depth-first order reaches after wandering the rest of its network
    (the records' lay checks walk a third as many segments this way).
    """

    def __init__(self, hex_id: str) -> None:
        self.away = distances_to(hex_id)
        self.heap: list[tuple[int, int, Segment, str]] = []
        self.pushed = 0  # ties go first in, first out, so no two entries compare their segments

    def append(self, item: tuple[Segment, str]) -> None:
        self.pushed += 1
        heappush(self.heap, (self.away(item[0].hex), self.pushed, *item))

    def extend(self, items: Iterable[tuple[Segment, str]]) -> None:
        heap, away = self.heap, self.away
        for segment, start in items:
            self.pushed += 1
            heappush(heap, (away(segment.hex), self.pushed, segment, start))

    def pop(self) -> tuple[Segment, str]:
        _, _, segment, start = heappop(self.heap)
        return segment, start

    def __bool__(self) -> bool:
        return bool(self.heap)


def _walk(network: Network, company: str, watch: _Watch | None, wanted: Callable[[Stop], bool] | None = None,
          toward: str | None = None) -> tuple[Reach, set[str], bool]:
    """The walk itself: what it reached, every junction it arrived at, and whether it stopped
    early at a stop ``wanted`` (it also stops early once ``watch`` has seen enough)."""
    found = Reach()
    stops, touching, entries, segments = network.stops, network.touching, found.entries, found.segments
    # Segment ids walked from their first end, and from their second: a segment is walked at
    # most once each way (the walk onward depends on the end it arrives at).
    from_first: set[str] = set()
    from_second: set[str] = set()
    junctions: set[str] = set()  # every junction arrived at: the junction ends of the walked segments
    near = watch.hex if watch is not None else toward
    pending: list[tuple[Segment, str]] | _Nearest = [] if near is None else _Nearest(near)
    for stop in network.stops_with_token(company):
        found.stops.add(stop.id)
        found.token_hexes.add(stop.hex)
        if wanted is not None and wanted(stop):
            return found, junctions, True
        pending.extend((segment, stop.id) for segment in touching.get(stop.id, ()))
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
            if wanted is not None and wanted(stop):
                return found, junctions, True
            if _passable(stop, company):
                for other in touching.get(end, ()):
                    if other.id != segment.id:
                        pending.append((other, end))
            continue
        junctions.add(end)  # a junction: on into the other hex only, entering it there
        here = segment.hex
        if watch is not None and watch.arrived(end, here):
            break
        for other in touching.get(end, ()):
            if other.hex != here:
                pending.append((other, end))
        for side in _sides(end):
            if side[0] != here:
                entries.add(side)
    return found, junctions, False


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
