"""Whether a company could run along the new track of a tile it lays (12.3, "semi-restrictive").

12.3 asks a lay to add track the company can use (or to change a city's value).  The reach
walk (``reach``) is too generous for that question: it may pass a city twice and cross a
border twice, so track it finds only by coming back round a loop into the hex looks usable
though no train could ever run along it.  18xx.games refuses such a lay ("Must use new track
or change city value"): its walk from the company's tokens never enters a city, a town or a
border crossing twice.  So does this one: a depth-first search for a *simple* walk - from a
city holding the company's token, along track, crossing each border into the other hex
(never back into the hex it left), passing towns and cities a train may pass, never at the
same city, town or border twice - that runs along one of the new tile's new paths.

It is asked only after the reach walk has found the lay's new track (a simple walk is a
walk, so that walk is a necessary condition), and it searches toward the hex, so a legal
lay is seen to be legal within a few steps.  A refused lay walks every simple walk the
company has; on a dense board there are many, so the search gives up after
:data:`STEP_BUDGET` steps and answers None (the caller then keeps the reach walk's answer,
the one it gave before this rule).

Use::

    runs_new_track(network, "SE", "H14", LaidTile("25", 0), board.tokens_in("H14"), fit.city_map)
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.t1861.board import CityLists, cities_after_upgrade
from engine.t1861.contents import LaidTile, hex_contents
from engine.t1861.fitting import kept_path_keys, path_key
from engine.t1861.geometry import distances_to
from engine.t1861.network import Network, Segment, Stop
from engine.t1861.track_network import hex_segments, hex_stops

# Segments a refused lay's search may try before it stops looking (a legal lay's search takes
# a few dozen; the three records' and 200 random games' refusals stay far below it).
STEP_BUDGET = 20_000


def runs_new_track(
    network: Network, company: str, hex_id: str, laid: LaidTile, old: LaidTile | None, tokens: CityLists,
    city_map: tuple[int, ...],
) -> bool | None:
    """Whether a simple walk of ``company`` runs along track that ``laid`` adds to ``hex_id``.

    ``network`` is the board before the lay (``old`` in the hex, ``tokens`` in its cities,
    which ``city_map`` carries onto the new tile's cities).  None: the search gave up.
    """
    kept = kept_path_keys(hex_id, old, city_map)
    paths = hex_contents(hex_id, laid).paths
    segments = hex_segments(hex_id, laid)
    new = frozenset(segment.id for segment, path in zip(segments, paths, strict=True) if path_key(path) not in kept)
    if not new:
        return False
    after = cities_after_upgrade(tokens, city_map, len(hex_contents(hex_id, laid).cities))
    board = _LaidBoard(network, hex_id, segments, dict(hex_stops(hex_id, laid, after, None, network.phase_colour)))
    return True if _shortest_walk_is_simple(board, company, new) else _search(board, company, new)


class _LaidBoard:
    """The network as it will be once the tile lies: the hex's segments and stops replaced."""

    def __init__(self, network: Network, hex_id: str, segments: tuple[Segment, ...], stops: dict[str, Stop]) -> None:
        self.network, self.hex, self.new_stops = network, hex_id, stops
        self.new_touching: dict[str, list[Segment]] = {}
        for segment in segments:
            for end in segment.ends:
                self.new_touching.setdefault(end, []).append(segment)
        self.away = distances_to(hex_id)

    def stop(self, node: str) -> Stop | None:
        if node.startswith(self.hex + ":"):
            return self.new_stops.get(node)
        return self.network.stops.get(node)

    def touching(self, node: str, nearest_first: bool) -> list[Segment]:
        """The segments at ``node``; nearest the hex first for the depth-first search, which heads for it."""
        found = [segment for segment in self.network.touching.get(node, ()) if segment.hex != self.hex]
        found += self.new_touching.get(node, ())
        if nearest_first:
            found.sort(key=lambda segment: self.away(segment.hex))
        return found

    def token_stops(self, company: str) -> list[str]:
        elsewhere = [stop.id for stop in self.network.stops_with_token(company) if stop.hex != self.hex]
        here = [stop.id for stop in self.new_stops.values() if company in stop.tokens]
        return here + elsewhere


def _shortest_walk_is_simple(board: _LaidBoard, company: str, new: frozenset[str]) -> bool:
    """Whether some shortest walk to a new segment (breadth first, each segment walked at most
    once each way, as ``reach`` walks) is simple: then it is the answer, found in one pass
    over the company's track.  A legal lay nearly always has one; the depth-first search,
    which may try walk after walk, is left for the rest."""
    came: dict[_Step, _Step | str] = {}  # a step -> the step before it, or the token city it left
    level: list[tuple[Segment, str, _Step | str]] = []
    for start in board.token_stops(company):
        level += [(segment, end, start) for segment, end in _moves(board, start, None)]
    while level:
        following: list[tuple[Segment, str, _Step | str]] = []
        for segment, end, before in level:
            step = (segment.id, end)
            if step in came:
                continue
            came[step] = before
            if segment.id in new:
                if _is_simple(came, step):
                    return True
                continue
            stop = board.stop(end)
            if stop is None or _passable(stop, company):
                following += [(after, there, step) for after, there in _moves(board, end, segment)]
        level = following
    return False


_Step = tuple[str, str]  # a segment id and the end the walk took it to


def _is_simple(came: dict[_Step, _Step | str], step: _Step) -> bool:
    """Whether the walk ``came`` leads back from ``step`` to a token city is at no node twice."""
    nodes = []
    here: _Step | str = step
    while not isinstance(here, str):
        nodes.append(here[1])
        here = came[here]
    nodes.append(here)
    return len(set(nodes)) == len(nodes)


def _search(board: _LaidBoard, company: str, new: frozenset[str]) -> bool | None:
    steps = 0
    for start in board.token_stops(company):
        on_walk = {start}  # the cities, towns and borders of the walk so far
        walk = [start]
        moves = [_moves(board, start, None, nearest_first=True)]
        while moves:
            step = next(moves[-1], None)
            if step is None:
                moves.pop()
                on_walk.discard(walk.pop())
                continue
            steps += 1
            if steps > STEP_BUDGET:
                return None
            segment, end = step
            stop = board.stop(end)
            if end in on_walk and stop is None:
                continue  # back at a border already crossed: no train runs so
            if segment.id in new:
                return True
            if end in on_walk or (stop is not None and not _passable(stop, company)):
                continue
            on_walk.add(end)
            walk.append(end)
            moves.append(_moves(board, end, segment, nearest_first=True))
    return False


def _moves(board: _LaidBoard, node: str, arrived: Segment | None, nearest_first: bool = False
           ) -> Iterator[tuple[Segment, str]]:
    """Where a walk at ``node`` goes next: at a border, only into the other hex."""
    at_border = board.stop(node) is None
    for segment in board.touching(node, nearest_first):
        if arrived is not None and (segment.id == arrived.id or (at_border and segment.hex == arrived.hex)):
            continue
        first, second = segment.ends
        yield segment, second if first == node else first


def _passable(stop: Stop, company: str) -> bool:
    """Trains pass towns and cities with room or the company's token, never an off-board."""
    return stop.kind != "offboard" and not stop.is_blocked_for(company)


