"""Small hand-made and random Networks for the route tests, and a brute-force route finder.

The brute force knows nothing of the optimiser: it walks every sequence of segments that
starts at a stop and never repeats a segment, asks the route checker about each one that
ends at a stop, and tries every assignment of the legal routes to the trains.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise, product

from hypothesis import strategies as st

from engine.t1861.network import Network, Segment, Stop
from engine.t1861.revenue import Bonuses
from engine.t1861.routes import RouteError, RoutePlan, check_route, check_routes
from engine.t1861.trains import Train

TWO = Train("2", 2)
THREE = Train("3", 3)
FOUR = Train("4", 4)
EIGHT = Train("8", 8)
TWO_PLUS_TWO = Train("2+2", 2, multiplier=2)
EXPRESS = Train("5+5E", 5, multiplier=2, express=True)


def city(hex_id: str, revenue: int, tokens: Sequence[str] = (), slots: int = 1, index: int = 0) -> Stop:
    return Stop(f"{hex_id}:c{index}", hex_id, "city", revenue, slots=slots, tokens=tuple(tokens))


def town(hex_id: str, revenue: int, index: int = 0) -> Stop:
    return Stop(f"{hex_id}:t{index}", hex_id, "town", revenue)


def offboard(hex_id: str, revenue: int, area: str | None = None) -> Stop:
    return Stop(f"{hex_id}:o0", hex_id, "offboard", revenue, area=area)


def junction(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


def network(stops: Sequence[Stop], segments: Sequence[tuple[str, str, str]]) -> Network:
    """A Network from stops and (hex, end, end) triples; segment ids are "<hex>/<n>"."""
    counters: dict[str, int] = {}
    built = []
    for hex_id, a, b in segments:
        number = counters.get(hex_id, 0)
        counters[hex_id] = number + 1
        built.append(Segment(f"{hex_id}/{number}", hex_id, (a, b)))
    return Network({stop.id: stop for stop in stops}, tuple(built))


def line(*stops: Stop) -> tuple[list[Stop], list[tuple[str, str, str]]]:
    """Stops in a row, each pair of neighbours joined across one border (one segment each side)."""
    segments = []
    for left, right in pairwise(stops):
        border = junction(f"{left.hex}.4", f"{right.hex}.1")
        segments.append((left.hex, left.id, border))
        segments.append((right.hex, border, right.id))
    return list(stops), segments


def all_walks(net: Network, max_segments: int) -> list[tuple[str, ...]]:
    """Every walk from a stop to a stop through no node twice (so no segment twice either: a
    route may pass neither a stop nor a hex edge twice), at most ``max_segments`` long."""
    walks: list[tuple[str, ...]] = []

    def grow(node: str, path: tuple[str, ...], seen: frozenset[str]) -> None:
        if path and node in net.stops:
            walks.append(path)
        if len(path) >= max_segments:
            return
        for segment in net.touching.get(node, ()):
            other = segment.ends[1] if segment.ends[0] == node else segment.ends[0]
            if other not in seen:
                grow(other, (*path, segment.id), seen | {other})

    for stop_id in sorted(net.stops):
        grow(stop_id, (), frozenset({stop_id}))
    return walks


def brute_force_best(
    net: Network, company: str, trains: Sequence[Train], bonuses: Bonuses, max_segments: int | None = None
) -> int:
    """The best total revenue over every legal assignment of walks to trains (or no route).

    Walks are as long as the network allows unless ``max_segments`` says otherwise: a cap of 12
    missed a legal 14-segment route the optimiser found (hypothesis seed
    124208004779555940604448659206369942956), so the search was not exhaustive."""
    walks = all_walks(net, len(net.segments) if max_segments is None else max_segments)
    options: list[list[RoutePlan | None]] = []
    for train in trains:
        legal: list[RoutePlan | None] = [None]
        for walk in walks:
            plan = RoutePlan(train, walk)
            try:
                check_route(net, company, plan, bonuses)
            except RouteError:
                continue
            legal.append(plan)
        options.append(legal)
    best = 0
    for choice in product(*options):
        plans = [plan for plan in choice if plan is not None]
        try:
            best = max(best, check_routes(net, company, plans, bonuses).revenue)
        except RouteError:
            continue
    return best


@st.composite
def random_networks(draw: st.DrawFn, company: str = "A") -> Network:
    """A few hexes in a ring-ish layout with random stops and random track inside each hex."""
    hex_count = draw(st.integers(2, 5))
    hexes = [f"H{i}" for i in range(hex_count)]
    stops: list[Stop] = []
    nodes: dict[str, list[str]] = {hex_id: [] for hex_id in hexes}
    for position, hex_id in enumerate(hexes):
        for index in range(draw(st.integers(0, 2))):
            kind = draw(st.sampled_from(["city", "city", "town", "offboard"]))
            value = draw(st.sampled_from([0, 10, 20, 30, 40]))
            if kind == "city":
                owners = draw(st.sampled_from([(), (company,), ("B",), ("B", company)]))
                slots = draw(st.integers(max(1, len(owners)), 2))
                stop = Stop(f"{hex_id}:c{index}", hex_id, "city", value, slots=slots, tokens=owners)
            elif kind == "town":
                stop = Stop(f"{hex_id}:t{index}", hex_id, "town", value)
            else:
                if index:
                    continue
                area = draw(st.sampled_from([None, "Poland", "Poland"]))
                stop = Stop(f"{hex_id}:o0", hex_id, "offboard", value, area=area)
            stops.append(stop)
            nodes[hex_id].append(stop.id)
        if position == 0 and not any(company in s.tokens for s in stops):
            stop = Stop(f"{hex_id}:c9", hex_id, "city", 20, slots=1, tokens=(company,))
            stops.append(stop)
            nodes[hex_id].append(stop.id)
    borders = [(a, b) for i, a in enumerate(hexes) for b in hexes[i + 1 :]]
    chosen = draw(st.lists(st.sampled_from(borders), min_size=hex_count - 1, max_size=7, unique=True))
    sides: dict[str, list[str]] = {hex_id: [] for hex_id in hexes}
    for a, b in chosen:
        for edge in range(draw(st.integers(1, 2))):
            border = junction(f"{a}.{edge}", f"{b}.{edge + 3}")
            sides[a].append(border)
            sides[b].append(border)
    segments: list[tuple[str, str, str]] = []
    for hex_id in hexes:
        inside = nodes[hex_id] + sides[hex_id]
        for side in sides[hex_id]:  # most track from a border leads somewhere in the hex
            others = [node for node in inside if node != side]
            if others:
                target = draw(st.sampled_from([*others, None]))
                if target is not None:
                    segments.append((hex_id, side, target))
        pairs = [(x, y) for i, x in enumerate(inside) for y in inside[i + 1 :]]
        if pairs:
            segments.extend((hex_id, x, y) for x, y in draw(st.lists(st.sampled_from(pairs), max_size=2)))
    return network(stops, segments)
