"""The track network of an 1861 board, as routes see it: stops, track segments and junctions.

This module is the meeting point of the map layer and the route layer.  The board
(``engine.t1861.board``) builds a :class:`Network` from the tiles on the map; the route
checker and the optimiser (``engine.t1861.routes``, ``engine.t1861.optimiser``) read only a
``Network`` and never look at tiles, rotations or hex colours.  Keeping that seam narrow
lets each side be tested on its own: the route code on small hand-made networks, the board
on the data file's oracle.

Node ids (strings, so a network prints and compares plainly):

- a stop: ``"<hex>:c<i>"`` (city ``i`` of the tile in the hex, in the tile's order after any
  K/M/S merge), ``"<hex>:t<i>"`` (town) or ``"<hex>:o0"`` (an off-board revenue centre);
- a junction, where track crosses the border between two hexes: ``"<a>|<b>"`` with ``a`` and
  ``b`` the two sides written ``"<hex>.<edge>"`` and sorted as strings, e.g. ``"G5.0|G7.3"``
  (G5's south edge is G7's north edge).  A track end that points at no neighbouring
  track still gets a junction id (the side that has no track simply never appears in a
  segment), so every segment has two ends.

A **segment** is one path of one tile as laid (rotation applied): from an edge or a stop to
an edge or a stop, inside one hex.  Two paths of one tile that share an edge are two
segments meeting at the same junction; a route that passes that junction must go on into
the *other* hex (turning back into the same hex would be reversing).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

StopKind = Literal["city", "town", "offboard"]


@dataclass(frozen=True)
class Stop:
    """A place a train can count: a city, a town or an off-board revenue centre."""

    id: str
    hex: str
    kind: StopKind
    # Revenue now: the printed value of the current tile; for an off-board, the phase's value.
    revenue: int
    # City slots (0 for towns and off-boards) and the companies whose tokens fill them.
    slots: int = 0
    tokens: tuple[str, ...] = ()
    # Slots held back for a company that has not placed its home token (or for the RSR).
    reserved_for: tuple[str, ...] = ()
    # The off-board area ("Poland", "Romania", "Caucasus", "Central Asia"); None elsewhere.
    area: str | None = None

    def is_blocked_for(self, company: str) -> bool:
        """True when every slot is filled by other companies: a route may end here, not pass."""
        return self.kind == "city" and self.slots > 0 and len(self.tokens) >= self.slots and company not in self.tokens


@dataclass(frozen=True)
class Segment:
    """One path of one laid tile: two node ids (stops or junctions) inside ``hex``."""

    id: str  # "<hex>/<path index in the tile's path list>"
    hex: str
    ends: tuple[str, str]

    def other_end(self, node: str) -> str:
        """The end a walk arriving at ``node`` along this segment leaves by."""
        return self.ends[1] if self.ends[0] == node else self.ends[0]


@dataclass(frozen=True)
class Network:
    """Everything route finding needs about the board at one moment."""

    stops: dict[str, Stop]
    segments: tuple[Segment, ...]
    # The phase's colour for off-board values ("yellow", "green", "brown", "gray").
    phase_colour: str = "yellow"
    # Derived index: node id -> the segments that touch it.  Filled by ``__post_init__`` unless
    # the builder passes it (``track_network`` keeps it from board to board); so never
    # ``dataclasses.replace`` a network's segments without passing ``touching={}``.
    touching: dict[str, tuple[Segment, ...]] = field(default_factory=dict, compare=False, repr=False)
    # What readers work out from this network again and again, kept with it: a network never
    # changes, so each entry stays true for as long as the network lives, and none can leak
    # into another network (issue 13's replay speed).  ``stops_with_token`` by company, a
    # function of ``stops`` alone (so a builder may pass the one of a network with the very
    # same ``stops`` dict, and ``dataclasses.replace`` of the stops must pass ``token_stops={}``);
    # ``routes.track_pieces`` by segment id (with the segment, so a
    # foreign one is not mistaken).  A segment's pieces depend only on which of its ends are
    # stops, so a builder whose segments always come with their hex's stops (``track_network``)
    # may pass one dict to all its networks.
    token_stops: dict[str, tuple[Stop, ...]] = field(default_factory=dict, compare=False, repr=False)
    pieces: dict[str, tuple[Segment, tuple[str, ...]]] = field(default_factory=dict, compare=False, repr=False)
    # The stops holding any token, in ``stops`` order, when the builder knows them cheaply
    # (``track_network``: from the board's token hexes); otherwise None, and every stop is read.
    tokened: tuple[Stop, ...] | None = field(default=None, compare=False, repr=False)
    # ``segments`` by id, when the builder keeps one from board to board (``track_network``);
    # otherwise empty, and ``routes.segment_index`` builds it.
    by_id: dict[str, Segment] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.touching:  # given by the builder (``track_network`` keeps it from board to board)
            return
        index: dict[str, list[Segment]] = {}
        for segment in self.segments:
            for end in segment.ends:
                index.setdefault(end, []).append(segment)
        self.touching.clear()
        self.touching.update({node: tuple(found) for node, found in index.items()})

    def stops_with_token(self, company: str) -> tuple[Stop, ...]:
        """The cities holding one of ``company``'s station tokens (every walk starts there)."""
        found = self.token_stops.get(company)
        if found is None:
            candidates = self.stops.values() if self.tokened is None else self.tokened
            found = self.token_stops[company] = tuple(stop for stop in candidates if company in stop.tokens)
        return found
