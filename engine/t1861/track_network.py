"""Building the routes' :class:`~engine.t1861.network.Network` from a board.

Every hex contributes its stops (cities, towns, an off-board) and one segment per path of
its current contents, pre-printed track included.  Node ids follow ``network``'s docstring:
``"<hex>:c<i>"``, ``"<hex>:t<i>"``, ``"<hex>:o0"`` for stops and ``"<a>|<b>"`` for the
junction on a hex border, where ``a`` and ``b`` are ``"<hex>.<edge>"`` of both sides
sorted as strings.  Segment ids are ``"<hex>/<path index>"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import chain
from types import MappingProxyType

from engine.t1861.board import Board, CityLists
from engine.t1861.contents import HexContents, LaidTile, hex_contents
from engine.t1861.data import DATA
from engine.t1861.geometry import neighbour, opposite
from engine.t1861.network import Network, Segment, Stop
from engine.t1861.reach import reach
from engine.t1861.tiles import EDGE, End


def build_network(board: Board, phase: str, company: str | None = None) -> Network:
    """The track as routes see it, off-boards valued for ``phase``.

    With ``company``, only what that company can reach from its tokens is kept.  This lives
    here rather than on :class:`Board` so the board stays below the network in the imports.

    A board is immutable, so the network of one (board, phase, company) never changes: the
    last few built are kept and handed out again (a turn's lay checks, its token check, its
    route probe and its run check all read the same board; issue 13's replay speed).  Every
    caller only reads a network.
    """
    key = (id(board), phase, company)
    for kept_board, kept_key, kept in list(_RECENT):  # a copy: the service replays in threads
        if kept_board is board and kept_key == key:
            return kept
    built = _build_network(board, phase, company)
    _RECENT.insert(0, (board, key, built))  # the board itself is kept, so its id is not reused meanwhile
    del _RECENT[_RECENT_KEPT:]
    return built


def any_phase_network(board: Board) -> Network:
    """The board's whole network in some phase, for rules that read only the track, the
    stops and their tokens (reach, token places): phases change only the off-board values.

    A kept network of this board in any phase is handed out; otherwise the network is built
    in the phase of the last one built, which is the game's own phase, so the turn's route
    step finds it kept rather than building a second one (issue 13).
    """
    kept = list(_RECENT)
    for kept_board, (_, _, company), network in kept:
        if kept_board is board and company is None:
            return network
    return build_network(board, kept[0][1][1] if kept else _ANY_PHASE)


_ANY_PHASE = DATA.phases[0].name
_RECENT: list[tuple[Board, tuple[int, str, str | None], Network]] = []
_RECENT_KEPT = 8


def forget_networks() -> None:
    """Drop every kept network and hex part, so the next build starts from nothing (the
    tests compare a replay with and without this reuse)."""
    _RECENT.clear()
    _LAST_PARTS.clear()
    _NEWEST.clear()
    _PIECES.clear()
    hex_stops.cache_clear()
    hex_touching.cache_clear()


def _build_network(board: Board, phase: str, company: str | None) -> Network:
    phase_colour = DATA.phase(phase).offboard_colour
    parts = _map_parts(board, phase_colour)
    stops, segments = parts.all_stops, parts.all_segments
    network = Network(stops=stops, segments=segments, phase_colour=phase_colour, touching=parts.touching,
                      token_stops=parts.token_stops, pieces=_PIECES, by_id=parts.by_id, tokened=parts.tokened)
    if company is None:
        return network
    reached = reach(network, company)
    return Network(
        stops={stop_id: stop for stop_id, stop in stops.items() if stop_id in reached.stops},
        segments=tuple(segment for segment in segments if segment.id in reached.segments),
        phase_colour=phase_colour,
    )


# ``Network.pieces`` of every whole-board network built here: a segment comes from
# ``hex_segments`` of its hex's tile, and that tile's stops are in the network with it, so
# which of its ends are stops (all its pieces depend on) is the same in every such network;
# the segment is kept beside its pieces, so a hex's new tile is never given the old one's.
_PIECES: dict[str, tuple[Segment, tuple[str, ...]]] = {}

def _tokened(parts: _MapParts) -> tuple[Stop, ...]:
    """The stops holding a token, in the network's stop order (the map's hex order), read from
    the few hexes the board holds tokens in rather than from every stop of the map."""
    indices = sorted(_HEX_INDEX[hex_id] for hex_id in parts.board.tokens)
    return tuple(stop for index in indices for _, stop in parts.stops[index] if stop.tokens)


HexStops = tuple[tuple[str, Stop], ...]
_HEX_IDS = tuple(DATA.hexes)
_HEX_INDEX = {hex_id: index for index, hex_id in enumerate(_HEX_IDS)}


@dataclass
class _MapParts:
    """Every hex's stops and segments for one board, in the map's hex order."""

    board: Board
    phase_colour: str
    stops: list[HexStops]
    segments: list[tuple[Segment, ...]]
    hex_touching: list[HexTouching]  # each hex's segments by the nodes they touch (``hex_touching``)
    touching: dict[str, tuple[Segment, ...]]  # Network.touching of these segments
    # Network.stops and Network.segments: every hex's, in the map's order.  Networks only
    # read them, so a board whose stops (or track) are those of the last one shares them.
    all_stops: dict[str, Stop]
    all_segments: tuple[Segment, ...]
    token_stops: dict[str, tuple[Stop, ...]]  # Network.token_stops of ``all_stops``: shared while it is
    by_id: dict[str, Segment]  # Network.by_id of ``all_segments``
    tokened: tuple[Stop, ...]  # Network.tokened of ``all_stops``

    @classmethod
    def blank(cls, board: Board, phase_colour: str) -> _MapParts:
        """Parts with no hex worked out yet, to be filled for ``board``."""
        hexes = len(_HEX_IDS)
        return cls(board, phase_colour, [()] * hexes, [()] * hexes, [_NO_TOUCHING] * hexes, {}, {}, (), {}, {}, ())

    def following(self, board: Board, phase_colour: str) -> _MapParts:
        """These parts, to be changed into ``board``'s in ``phase_colour``: the per-hex lists are
        copies, the rest is replaced (never changed) where ``board`` differs."""
        return _MapParts(board, phase_colour, list(self.stops), list(self.segments), list(self.hex_touching),
                         self.touching, self.all_stops, self.all_segments, self.token_stops, self.by_id, self.tokened)


# The last board built for each off-board colour: the token rules build any phase's network
# (reach ignores off-board values) between the turn's own, and with one kept board the two
# chains would each rebuild the whole map at every switch.  The newest of them all starts a
# colour whose own last board is not the one a board was made from (a new phase's first
# network): only the changed hexes and the off-boards, whose values are the colour's, differ.
_LAST_PARTS: dict[str, _MapParts] = {}
_NEWEST: list[_MapParts] = []
_OFFBOARD_HEXES = frozenset(hex_id for hex_id in DATA.hexes if hex_contents(hex_id, None).offboard is not None)


def _map_parts(board: Board, phase_colour: str) -> _MapParts:
    """Each hex's stops and segments, in the map's order, and which segments touch each node.

    A board is made from the one before by changing a few hexes (a lay, a token) and shares
    every other hex's entries with it, so only the hexes whose entries are not the very same
    objects as in the last board built are worked out again, and only the nodes of hexes
    whose track changed are indexed again (issue 13: most of a replay's network builds differ
    from the one before in one hex).
    """
    last = _LAST_PARTS.get(phase_colour)  # published parts are never changed again, so threads may share them
    if last is not None and last.board is board:
        return last
    made_from_last = last is not None and board.change is not None and board.change.made_from(last.board)
    base = last if made_from_last else next(iter(_NEWEST), None)
    todo: Iterable[str]
    if base is None:
        parts, todo = _MapParts.blank(board, phase_colour), _HEX_IDS
    else:
        parts, todo = base.following(board, phase_colour), _changed_hexes(base.board, board)
        if base.phase_colour != phase_colour:
            todo = _OFFBOARD_HEXES.union(todo)
    from_scratch = todo is _HEX_IDS
    nodes: set[str] = set()
    retracked: list[Retracked] = []  # (map index, old track, new track) of each hex whose track changed
    new_stops: list[HexStops] = []
    same_ids = True  # whether every hex whose stops changed has the same stop ids, in the same order
    for hex_id in todo:
        index, laid = _HEX_INDEX[hex_id], board.laid.get(hex_id)
        stops = hex_stops(hex_id, laid, board.tokens.get(hex_id), board.reserved.get(hex_id), phase_colour)
        if stops is not parts.stops[index]:  # cached: the same tuple while the hex holds the same
            same_ids = same_ids and [stop_id for stop_id, _ in stops] == [stop_id for stop_id, _ in parts.stops[index]]
            new_stops.append(stops)
            parts.stops[index] = stops
        track = hex_segments(hex_id, laid)  # cached: the same tuple while the tile is the same
        if track is not parts.segments[index]:
            touching = hex_touching(hex_id, laid)
            nodes.update(parts.hex_touching[index])
            nodes.update(touching)
            retracked.append((index, parts.segments[index], track))
            parts.segments[index] = track
            parts.hex_touching[index] = touching
    if new_stops:
        parts.all_stops = _stops_after(parts, new_stops, same_ids and not from_scratch)
        parts.token_stops = {}
        parts.tokened = _tokened(parts)
    if nodes or from_scratch:
        parts.touching = dict(parts.touching)  # the last board's stays as it was
        if from_scratch:
            parts.all_segments = tuple(chain.from_iterable(parts.segments))
            parts.by_id = _ids_of(parts.all_segments)
        else:
            parts.all_segments = _segments_after(parts, parts.all_segments, retracked)
            parts.by_id = _by_id_after(parts.by_id, retracked)
        for node in nodes:
            _index_node(parts, node)
    _LAST_PARTS[phase_colour] = parts
    _NEWEST[:] = [parts]
    return parts


Retracked = tuple[int, tuple[Segment, ...], tuple[Segment, ...]]


def _segments_after(parts: _MapParts, segments: tuple[Segment, ...], retracked: list[Retracked]
                    ) -> tuple[Segment, ...]:
    """``Network.segments`` once some hexes hold other track (``parts.segments`` already has it):
    for one such hex, the kept tuple with that hex's stretch replaced, which is quicker than
    joining every hex's tuple again (a lay changes one hex)."""
    if len(retracked) != 1:
        return tuple(chain.from_iterable(parts.segments))
    [(index, old, new)] = retracked
    start = sum(map(len, parts.segments[:index]))
    return segments[:start] + new + segments[start + len(old):]


def _by_id_after(by_id: dict[str, Segment], retracked: list[Retracked]) -> dict[str, Segment]:
    """``Network.by_id`` once some hexes hold other track: the kept index (never changed: a copy)
    without each such hex's old segments and with its new ones.  A segment id names its hex
    and path, so a new tile's ids overwrite the old tile's and only the paths beyond the new
    tile's count are deleted (a deletion leaves the copy's table with holes, which makes the
    next board's copy slower)."""
    changed = dict(by_id)
    for _, old, new in retracked:
        changed.update(_ids_of(new))
        for segment in old[len(new):]:
            del changed[segment.id]
    return changed


def _ids_of(track: tuple[Segment, ...]) -> dict[str, Segment]:
    return {segment.id: segment for segment in track}


def _stops_after(parts: _MapParts, changed: list[HexStops], same_ids: bool) -> dict[str, Stop]:
    """``Network.stops`` once some hexes show other stops.  When every changed hex has the
    same stop ids in the same order (a token, a new tile's revenue), the kept dict with those
    entries replaced is the very dict a build in the map's order gives; otherwise (a hex's
    cities merge) it is built again in that order."""
    if not same_ids:
        return dict(chain.from_iterable(parts.stops))
    stops = dict(parts.all_stops)
    for hex_stops_now in changed:
        stops.update(hex_stops_now)
    return stops


def _index_node(parts: _MapParts, node: str) -> None:
    """``Network.touching`` for one node: its segments in the network's segment order (the map's
    hex order, then path order), each once per end at the node."""
    found: tuple[Segment, ...] = ()
    for index in _node_hexes(node):
        found += parts.hex_touching[index].get(node, ())
    if found:
        parts.touching[node] = found
    else:
        parts.touching.pop(node, None)


@cache
def _node_hexes(node: str) -> tuple[int, ...]:
    """The map indices of the hexes a node lies in (both sides of a junction), in map order;
    pure in the node id, so cached."""
    hexes = [side for side, _ in junction_sides(node)] if "|" in node else [node.split(":")[0]]
    return tuple(sorted(_HEX_INDEX[hex_id] for hex_id in hexes if hex_id in _HEX_INDEX))


def _changed_hexes(old: Board, new: Board) -> set[str]:
    """The hexes whose tile, tokens or held slots may differ between two boards (an entry
    that is the same object is the same; any other counts as changed).  A board made from
    ``old`` by a lay or a token says which hex it changed (``Board.change``)."""
    if new.change is not None and new.change.made_from(old):
        return set(new.change.hexes)
    changed: set[str] = set()
    for before, after in ((old.laid, new.laid), (old.tokens, new.tokens), (old.reserved, new.reserved)):
        if before is after:
            continue
        changed.update(hex_id for hex_id, entry in after.items() if before.get(hex_id) is not entry)
        changed.update(hex_id for hex_id in before if hex_id not in after)
    return changed


def junction_id(hex_id: str, edge: int) -> str:
    """The node where track leaves ``hex_id`` across ``edge``: ``"G5.0|G7.3"``."""
    sides = sorted((f"{hex_id}.{edge}", f"{neighbour(hex_id, edge)}.{opposite(edge)}"))
    return f"{sides[0]}|{sides[1]}"


def junction_sides(junction: str) -> tuple[tuple[str, int], tuple[str, int]]:
    """``"G5.0|G7.3"`` -> ``(("G5", 0), ("G7", 3))``."""
    first, second = junction.split("|")
    return _side(first), _side(second)


def node_id(hex_id: str, end: End) -> str:
    """The network node a path end stands for: a junction for an edge, else the stop's id."""
    kind, index = end
    return junction_id(hex_id, index) if kind == EDGE else f"{hex_id}:{kind}{index}"


@cache
def hex_segments(hex_id: str, laid: LaidTile | None) -> tuple[Segment, ...]:
    """The segments of one hex's contents; pure in (hex, tile), so cached."""
    contents = hex_contents(hex_id, laid)
    return tuple(
        Segment(id=f"{hex_id}/{index}", hex=hex_id, ends=(node_id(hex_id, path[0]), node_id(hex_id, path[1])))
        for index, path in enumerate(contents.paths)
    )


HexTouching = Mapping[str, tuple[Segment, ...]]
_NO_TOUCHING: HexTouching = MappingProxyType({})


@cache
def hex_touching(hex_id: str, laid: LaidTile | None) -> HexTouching:
    """One hex's segments by the nodes they touch, each in path order and once per end at the
    node: a node's entry in ``Network.touching`` is those of its hexes joined in map order.
    Pure in (hex, tile), so cached (read-only: every board with this tile shares it)."""
    found: dict[str, tuple[Segment, ...]] = {}
    for segment in hex_segments(hex_id, laid):
        for end in segment.ends:
            found[end] = (*found.get(end, ()), segment)
    return MappingProxyType(found)


@lru_cache(maxsize=4096)
def hex_stops(
    hex_id: str, laid: LaidTile | None, tokens: CityLists | None, reserved: CityLists | None, phase_colour: str
) -> tuple[tuple[str, Stop], ...]:
    """One hex's stops by id; pure in what the board holds in that hex, so cached (the board
    keeps no entry for a hex without tokens or held slots: ``None``)."""
    contents = hex_contents(hex_id, laid)
    nobody = ((),) * len(contents.cities)
    return tuple((stop.id, stop) for stop in _stops(contents, tokens or nobody, reserved or nobody, phase_colour))


def _stops(contents: HexContents, tokens: CityLists, reserved: CityLists, phase_colour: str) -> list[Stop]:
    hex_id = contents.hex
    found: list[Stop] = []
    for index, city in enumerate(contents.cities):
        found.append(
            Stop(
                id=f"{hex_id}:c{index}",
                hex=hex_id,
                kind="city",
                revenue=city.revenue,
                slots=city.slots,
                tokens=tokens[index],
                reserved_for=reserved[index],
            )
        )
    for index, town in enumerate(contents.towns):
        found.append(Stop(id=f"{hex_id}:t{index}", hex=hex_id, kind="town", revenue=town.revenue))
    if contents.offboard is not None:
        offboard = contents.offboard
        found.append(
            Stop(
                id=f"{hex_id}:o0",
                hex=hex_id,
                kind="offboard",
                revenue=offboard.revenue[phase_colour],
                area=offboard.area,
            )
        )
    return found


def _side(text: str) -> tuple[str, int]:
    hex_id, edge = text.split(".")
    return hex_id, int(edge)
