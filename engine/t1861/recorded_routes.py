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
from typing import Any

from engine.t1861.network import Network, Segment
from engine.t1861.routes import RouteError, RoutePlan
from engine.t1861.trains import Train

Stretch = tuple[str, str, tuple[str, ...]]  # first stop, last stop, segment ids in that direction


def recorded_plans(
    network: Network, routes: Sequence[Mapping[str, Any]], train_of: Callable[[str], Train]
) -> list[RoutePlan]:
    """The plans of a recorded ``run_routes`` action's ``routes`` on ``network``, in order."""
    return [recorded_plan(network, route, train_of(str(route["train"]))) for route in routes]


def recorded_plan(network: Network, route: Mapping[str, Any], train: Train) -> RoutePlan:
    """One recorded route as a plan for ``train``; RouteError if no track on the map fits it."""
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
    walks = list(_walks(options))
    if not walks:
        raise RouteError(f"The recorded {train.label}'s route does not join up on the map.")
    best = max(walks, key=lambda walk: _agreement(walk, preferred))
    return RoutePlan(train, tuple(segment for stretch in best for segment in stretch[2]))


def node_stop(network: Network, signature: str) -> str | None:
    """Our stop id for an 18xx.games node signature ``"<hex>-<i>"`` (None if there is none)."""
    hex_id, _, index = signature.rpartition("-")
    if not index.isdigit():
        return None
    in_hex = _stops_in(network, hex_id)
    return in_hex[int(index)] if int(index) < len(in_hex) else None


def _stops_in(network: Network, hex_id: str) -> list[str]:
    """The hex's stops in 18xx.games node order: cities, then towns, then the off-board."""
    order = {"city": 0, "town": 1, "offboard": 2}
    found = [stop for stop in network.stops.values() if stop.hex == hex_id]
    found.sort(key=lambda stop: (order[stop.kind], int(stop.id.rsplit(":", 1)[1][1:])))
    return [stop.id for stop in found]


def _stretches(network: Network, hexes: Sequence[str]) -> list[Stretch]:
    """Every stretch of track from a stop to a stop whose paths lie in ``hexes``, in order."""
    if len(hexes) == 1 and " " in hexes[0]:
        return _inside_hex(network, hexes[0])
    found: list[Stretch] = []
    for start in _stops_in(network, hexes[0].split()[0]):
        _follow(network, hexes, start, start, (), found)
    return found


def _follow(
    network: Network, hexes: Sequence[str], start: str, node: str, path: tuple[str, ...], found: list[Stretch]
) -> None:
    step = len(path)
    for segment in sorted(network.touching.get(node, ()), key=lambda s: s.id):
        if segment.hex != hexes[step] or segment.id in path:
            continue
        other = _other_end(segment, node)
        is_stop = other in network.stops
        if step == len(hexes) - 1:
            if is_stop and other != start:
                found.append((start, other, (*path, segment.id)))
        elif not is_stop:
            _follow(network, hexes, start, other, (*path, segment.id), found)


def _inside_hex(network: Network, written: str) -> list[Stretch]:
    """``"<hex> <i>.<j>"``: the segment joining the hex's nodes ``i`` and ``j`` directly."""
    hex_id, pair = written.split()
    first, second = (node_stop(network, f"{hex_id}-{index}") for index in pair.split("."))
    found: list[Stretch] = []
    for segment in network.segments:
        if segment.hex == hex_id and set(segment.ends) == {first, second}:
            found.append((segment.ends[0], segment.ends[1], (segment.id,)))
    return found


def _other_end(segment: Segment, node: str) -> str:
    return segment.ends[1] if segment.ends[0] == node else segment.ends[0]


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
