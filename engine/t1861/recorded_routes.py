"""Routes as 18xx.games records them, turned into our :class:`~engine.t1861.routes.RoutePlan`.

A recorded ``run_routes`` route gives the train id and ``connections``: for each stretch of
track between two consecutive nodes of the route, the hexes of its paths in travel order
(``["H8", "G7", "G5"]``: out of Moscow, through G7, into G5's node).  The stretches follow
each other along the route, but each may be written in either direction.  A stretch inside
one hex whose tile joins nodes directly is written ``"<hex> <i>.<j>"`` with the two nodes'
indices.  Newer records add ``nodes``, the route's node signatures ``"<hex>-<i>"``.

Node index ``i`` is the node's position in the tile's definition, where 18xx.games lists a
tile's cities, towns or off-board before anything else (``tobymao/18xx``
``lib/engine/part/base.rb`` ``signature`` and ``tile.rb``; no 1861 tile mixes cities and
towns), so ``"H8-1"`` is Moscow's city 1, our ``"H8:c1"``, and ``"A9-0"`` the off-board
``"A9:o0"``.  The recorded game ``29683`` has no ``nodes``; geometry alone then decides,
and ``nodes`` only break a tie when two stretches of track fit the same hexes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from engine.t1861.network import Network, Segment, Stop
from engine.t1861.routes import RouteError, RoutePlan, segment_index, track_pieces
from engine.t1861.trains import Train

Stretch = tuple[str, str, tuple[str, ...]]  # first stop, last stop, segment ids in that direction


def recorded_plans(
    network: Network, routes: Sequence[Mapping[str, Any]], train_of: Callable[[str], Train]
) -> list[RoutePlan]:
    """The plans of a recorded ``run_routes`` action's ``routes`` on ``network``, in order.

    When parallel track fits the same hexes, the routes are fitted together so that they
    share no track, as 18xx.games fits each route to the track the others leave free.
    """
    trains = [train_of(str(route["train"])) for route in routes]
    fits = [_fits(network, route, train) for route, train in zip(routes, trains, strict=True)]
    chosen = _disjoint(fits) or [options[0][0] for options in fits]
    return [RoutePlan(train, segments) for train, segments in zip(trains, chosen, strict=True)]


def recorded_plan(network: Network, route: Mapping[str, Any], train: Train) -> RoutePlan:
    """One recorded route as a plan for ``train``; RouteError if no track on the map fits it."""
    return RoutePlan(train, _fits(network, route, train)[0][0])


# Segment ids in travel order, the pieces of track used, and how well the walk fits the
# record: (uses no track twice, stops the record's ``nodes`` name).
Fit = tuple[tuple[str, ...], frozenset[str], tuple[int, int]]


def _fits(network: Network, route: Mapping[str, Any], train: Train) -> list[Fit]:
    """Every walk on the map that fits the recorded route, best first.

    Walks that use no piece of track twice come first, then those whose stops the
    record's ``nodes`` name most; otherwise the search order decides.
    """
    connections = [list(hexes) for hexes in route.get("connections") or ()]
    if not connections:
        raise RouteError(f"The recorded {train.label}'s route has no track.")
    preferred = {stop for signature in route.get("nodes") or () if (stop := node_stop(network, signature))}
    options = [_stretches(network, hexes) for hexes in connections]
    for hexes, found in zip(connections, options, strict=True):
        if not found:
            raise RouteError(
                f"The recorded {train.label}'s route runs on track that is not on the map ({'-'.join(hexes)})."
            )
    index = segment_index(network)
    scored: list[tuple[int, int, int, Fit]] = []  # sort keys, then the fit
    for walk in _walks(options):
        segments = tuple(segment for stretch in walk for segment in stretch[2])
        pieces = [piece for segment_id in segments for piece in track_pieces(network, index[segment_id])]
        once = len(set(pieces)) == len(pieces)
        score = (int(once), _agreement(walk, preferred))
        scored.append((-score[0], -score[1], len(scored), (segments, frozenset(pieces), score)))
    if not scored:
        raise RouteError(f"The recorded {train.label}'s route does not join up on the map.")
    return [fit for *_, fit in sorted(scored)]


def _disjoint(fits: Sequence[list[Fit]]) -> list[tuple[str, ...]] | None:
    """The choice of one fit per route, sharing no track, that agrees best with the record."""
    best: tuple[tuple[int, int], list[tuple[str, ...]]] | None = None

    def choose(position: int, taken: frozenset[str], score: tuple[int, int], chosen: list[tuple[str, ...]]) -> None:
        nonlocal best
        if position == len(fits):
            if best is None or score > best[0]:
                best = (score, list(chosen))
            return
        for segments, pieces, (once, agreement) in fits[position]:
            if not pieces & taken:
                grown = (score[0] + once, score[1] + agreement)
                choose(position + 1, taken | pieces, grown, [*chosen, segments])

    choose(0, frozenset(), (0, 0), [])
    return best[1] if best is not None else None


def recorded_form(network: Network, segments: Sequence[str]) -> dict[str, list]:
    """A plan's segments in 18xx.games' form: ``connections`` (hexes per stretch) and ``nodes``.

    The inverse of :func:`recorded_plan` for a walk the route checker accepts.
    """
    index = segment_index(network)
    walk = [index[segment_id] for segment_id in segments]
    here = walk[0].ends[0]
    if len(walk) > 1 and here in walk[1].ends and walk[0].ends[1] not in walk[1].ends:
        here = walk[0].ends[1]
    nodes, connections, hexes = [here], [], []
    for segment in walk:
        here = segment.other_end(here)
        hexes.append(segment.hex)
        if here in network.stops:
            connections.append(hexes)
            nodes.append(here)
            hexes = []
    return {"connections": connections, "nodes": [_signature(network, stop_id) for stop_id in nodes]}


def _signature(network: Network, stop_id: str) -> str:
    hex_id = network.stops[stop_id].hex
    return f"{hex_id}-{_stops_in(network, hex_id).index(stop_id)}"


def node_stop(network: Network, signature: str) -> str | None:
    """Our stop id for an 18xx.games node signature ``"<hex>-<i>"`` (None if there is none)."""
    hex_id, _, index = signature.rpartition("-")
    if not index.isdigit():
        return None
    in_hex = _stops_in(network, hex_id)
    return in_hex[int(index)] if int(index) < len(in_hex) else None


def _stops_in(network: Network, hex_id: str) -> tuple[str, ...]:
    """The hex's stops in 18xx.games node order: cities, then towns, then the off-board."""
    return _stops_by_hex(network).get(hex_id, ())


def _stops_by_hex(network: Network) -> dict[str, tuple[str, ...]]:
    """Every hex's stops in node order.  A route's every node and stretch asks for its hex's
    stops, so the last network's table is kept (a kept table is never changed).  It is built
    again for each network a route is translated on, nearly once per recorded run: one pass
    groups the stops, and only the few hexes with several are sorted (the sort of every stop
    by a parsed key was a quarter of an import's route translation; issue 13)."""
    kept, table = _LAST_STOPS[0]
    if kept is not network:
        grouped: dict[str, list[Stop]] = {}
        for stop in network.stops.values():
            if stop.hex in grouped:
                grouped[stop.hex].append(stop)
            else:
                grouped[stop.hex] = [stop]
        table = {hex_id: (found[0].id,) if len(found) == 1 else _in_node_order(found)
                 for hex_id, found in grouped.items()}
        _LAST_STOPS[0] = (network, table)  # one assignment: threads see the old pair or the new
    return table


def _in_node_order(stops: list[Stop]) -> tuple[str, ...]:
    return tuple(stop.id for stop in sorted(stops, key=_node_order))


def _node_order(stop: Stop) -> tuple[int, int]:
    return _KIND_ORDER[stop.kind], int(stop.id.rsplit(":", 1)[1][1:])


_KIND_ORDER = {"city": 0, "town": 1, "offboard": 2}
_LAST_STOPS: list[tuple[Network | None, dict[str, tuple[str, ...]]]] = [(None, {})]


def _stretches(network: Network, hexes: Sequence[str]) -> list[Stretch]:
    """Every stretch of track from a stop to a stop whose paths lie in ``hexes``, in order."""
    if len(hexes) == 1 and " " in hexes[0]:
        return _inside_hex(network, hexes[0])
    found: list[Stretch] = []
    stops, last = network.stops, len(hexes) - 1

    def follow(start: str, node: str, path: tuple[str, ...]) -> None:
        step = len(path)
        for segment in _touching_in_hex(network, node).get(hexes[step], ()):
            if segment.id in path:
                continue
            other = segment.other_end(node)
            if step == last:
                if other in stops and other != start:
                    found.append((start, other, (*path, segment.id)))
            elif other not in stops:
                follow(start, other, (*path, segment.id))

    for start in _stops_in(network, hexes[0].split()[0]):
        follow(start, start, ())
    return found


def _touching_in_hex(network: Network, node: str) -> Mapping[str, tuple[Segment, ...]]:
    """The segments touching ``node``, by hex, each hex's in id order (the search order).

    Kept per node while the network's segments at the node are the very same tuple: networks
    of boards with the same track there share it (``track_network``), and an import follows
    a recorded stretch from the same stops run after run (sorting them at every step cost
    about a tenth of matching a recorded run; issue 13).  A kept answer is never changed."""
    touching = network.touching.get(node, ())
    kept = _BY_HEX.get(node)
    if kept is not None and kept[0] is touching:
        return kept[1]
    by_hex: dict[str, list[Segment]] = {}
    for segment in sorted(touching, key=_segment_id):
        by_hex.setdefault(segment.hex, []).append(segment)
    answer = MappingProxyType({hex_id: tuple(found) for hex_id, found in by_hex.items()})
    _BY_HEX[node] = (touching, answer)  # one assignment: threads see the old pair or the new
    return answer


def _segment_id(segment: Segment) -> str:
    return segment.id


_BY_HEX: dict[str, tuple[tuple[Segment, ...], Mapping[str, tuple[Segment, ...]]]] = {}


def _inside_hex(network: Network, written: str) -> list[Stretch]:
    """``"<hex> <i>.<j>"``: the segment joining the hex's nodes ``i`` and ``j`` directly."""
    hex_id, pair = written.split()
    first, second = (node_stop(network, f"{hex_id}-{index}") for index in pair.split("."))
    found: list[Stretch] = []
    for segment in network.segments:
        if segment.hex == hex_id and set(segment.ends) == {first, second}:
            found.append((segment.ends[0], segment.ends[1], (segment.id,)))
    return found


def _walks(options: Sequence[list[Stretch]]) -> Iterator[list[Stretch]]:
    """Every way to chain one stretch per connection into one route (each turned as needed)."""

    def extend(chosen: list[Stretch], stops: set[str], used: set[str]) -> Iterator[list[Stretch]]:
        position = len(chosen)
        if position == len(options):
            yield list(chosen)
            return
        for first, last, segments in options[position]:
            for a, b, run in ((first, last, segments), (last, first, tuple(reversed(segments)))):
                if chosen and a != chosen[-1][1]:
                    continue
                if b in stops or (not chosen and a in stops) or used.intersection(run):
                    continue
                yield from extend([*chosen, (a, b, run)], stops | {a, b}, used | set(run))

    yield from _first_turns(options, extend)


def _first_turns(options: Sequence[list[Stretch]], extend) -> Iterator[list[Stretch]]:
    """The first stretch may face either way; the rest must follow on from it."""
    for first, last, segments in options[0]:
        for a, b, run in ((first, last, segments), (last, first, tuple(reversed(segments)))):
            yield from extend([(a, b, run)], {a, b}, set(run))


def _agreement(walk: list[Stretch], preferred: set[str]) -> int:
    """How many of the walk's stops the record's ``nodes`` name (a tie-break only)."""
    return len({stop for stretch in walk for stop in stretch[:2]} & preferred)
