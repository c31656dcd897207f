"""Where things sit inside one hex of the 1861 map, and the SVG path of each piece of track.

Drawing geometry only: a flat-topped hex of circumradius ``R`` centred on the origin, edges
numbered 0-5 clockwise from the south (the data file's ``conventions``), so edge ``k``'s
midpoint lies at the angle 90 + 60k degrees in screen coordinates (y grows southwards).
Track between two edges is a circle arc that meets both edges square, as printed tiles
draw it: radius R/2 round the corner between neighbouring edges, 1.5R for a gentle curve,
a straight line across.  Track to a city or town runs from the edge to where the stop sits.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

R = 50.0
APOTHEM = R * math.sqrt(3) / 2
SLOT = 0.23 * R  # a token's radius, so a city covers its slots
STOP_OFFSET = 0.5 * R  # how far a city sits from the centre on a tile with several stops

Point = tuple[float, float]


def edge_midpoint(edge: float) -> Point:
    """The middle of edge ``edge`` (x.5: the corner between two edges, for a city's ``loc``)."""
    angle = math.radians(90 + 60 * edge)
    return APOTHEM * math.cos(angle), APOTHEM * math.sin(angle)


def corner(angle_degrees: float, radius: float = R) -> Point:
    angle = math.radians(angle_degrees)
    return radius * math.cos(angle), radius * math.sin(angle)


def edge_ends(edge: int) -> tuple[Point, Point]:
    """The two corners edge ``edge`` runs between (for drawing an impassable border)."""
    return corner(60 + 60 * edge), corner(120 + 60 * edge)


def hex_outline() -> str:
    """The polygon's points, corners at 0, 60, ... 300 degrees."""
    return " ".join(pair(corner(60 * index)) for index in range(6))


def parse_end(end: str) -> tuple[str, int]:
    return end[0], int(end[1:])


def stop_positions(entry: dict[str, Any]) -> dict[str, Point]:
    """Each city's, town's and off-board's place in the hex, keyed by its end (``"c0"``).

    One stop sits in the middle.  With several, a city that names its ``loc`` sits towards
    it; any other stop sits towards the edges its track leaves by.
    """
    stops = [f"c{index}" for index in range(len(entry["cities"]))]
    stops += [f"t{index}" for index in range(len(entry["towns"]))]
    stops += ["o0"] if entry.get("offboard") else []
    if len(stops) <= 1:
        return dict.fromkeys(stops, (0.0, 0.0))
    places: dict[str, Point] = {}
    for slot, stop in enumerate(stops):
        loc = entry["cities"][int(stop[1:])].get("loc") if stop[0] == "c" else None
        if loc is not None:
            places[stop] = _towards(edge_midpoint(loc))
            continue
        edges = _edges_of(entry["paths"], stop)
        places[stop] = _towards(_mean([edge_midpoint(edge) for edge in edges])) if edges else corner(
            90 + 360 * slot / len(stops), STOP_OFFSET)
    return places


def through_towns(entry: dict[str, Any]) -> dict[str, tuple[int, int]]:
    """Towns that track simply passes through (exactly two edges): drawn as a dot on the curve."""
    towns = {}
    for index in range(len(entry["towns"])):
        edges = _edges_of(entry["paths"], f"t{index}")
        if len(edges) == 2 and len(entry["towns"]) + len(entry["cities"]) == 1:
            towns[f"t{index}"] = (edges[0], edges[1])
    return towns


def edge_to_edge(a: int, b: int) -> str:
    """The path data of track from edge ``a`` to edge ``b``."""
    start, end = edge_midpoint(a), edge_midpoint(b)
    turn = (b - a) % 6
    if turn == 3:
        return f"M{pair(start)}L{pair(end)}"
    radius = R / 2 if turn in (1, 5) else 1.5 * R
    sweep = 1 if turn in (4, 5) else 0
    return f"M{pair(start)}A{num(radius)} {num(radius)} 0 0 {sweep} {pair(end)}"


def curve_middle(a: int, b: int) -> Point:
    """The point halfway along :func:`edge_to_edge`'s track (where a through town's dot goes)."""
    start, end = edge_midpoint(a), edge_midpoint(b)
    turn = (b - a) % 6
    chord_middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    if turn == 3:
        return chord_middle
    # The arc bulges towards the hex's centre by its sagitta.
    radius = R / 2 if turn in (1, 5) else 1.5 * R
    half_chord = math.dist(start, end) / 2
    sagitta = radius - math.sqrt(radius * radius - half_chord * half_chord)
    length = math.hypot(*chord_middle)
    return (chord_middle[0] * (1 - sagitta / length), chord_middle[1] * (1 - sagitta / length))


def edge_to_point(edge: int, point: Point) -> str:
    """Track from an edge to a stop: leaves the edge square, then bends to the stop."""
    start = edge_midpoint(edge)
    if math.hypot(*point) < 1e-6:
        return f"M{pair(start)}L0 0"
    control = (start[0] * 0.45, start[1] * 0.45)
    return f"M{pair(start)}Q{pair(control)} {pair(point)}"


def point_to_point(a: Point, b: Point) -> str:
    return f"M{pair(a)}L{pair(b)}"


def _edges_of(paths: Sequence[Sequence[str]], stop: str) -> list[int]:
    edges = []
    for path in paths:
        if stop in path:
            other = path[1] if path[0] == stop else path[0]
            if other.startswith("e"):
                edges.append(int(other[1:]))
    return edges


def _mean(points: list[Point]) -> Point:
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


def _towards(point: Point) -> Point:
    length = math.hypot(*point)
    if length < 1e-6:
        return 0.0, 0.0
    return point[0] / length * STOP_OFFSET, point[1] / length * STOP_OFFSET


def num(value: float) -> str:
    """One decimal, no trailing zeros: the map stays small (every byte is sent to a phone)."""
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def pair(point: Point) -> str:
    return f"{num(point[0])} {num(point[1])}"
