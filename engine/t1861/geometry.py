"""Hex geometry of the 1861 map: flat-topped hexes in doubled-height coordinates.

A hex is named by a column letter and a number (``"G10"``): the letter gives ``x`` (A = 0),
the number gives ``y = number - 1``.  Hexes of one column are two ``y`` apart, so the six
neighbours sit at fixed offsets.  Edges are numbered 0-5 clockwise from the south edge; a
tile rotated by ``r`` has every edge number increased by ``r`` (mod 6).  The data file states
the same conventions (``conventions`` in ``1861-data.json``); they are restated here because
they are arithmetic, not data.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

EDGES = range(6)

# Edge number -> (dx, dy) of the neighbour across that edge.
NEIGHBOUR_OFFSETS: tuple[tuple[int, int], ...] = ((0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1), (1, 1))

EDGE_NAMES = ("south", "south-west", "north-west", "north", "north-east", "south-east")


def coordinates(hex_id: str) -> tuple[int, int]:
    """``"G10"`` -> ``(6, 9)``."""
    return ord(hex_id[0]) - ord("A"), int(hex_id[1:]) - 1


def hex_name(x: int, y: int) -> str:
    """``(6, 9)`` -> ``"G10"``; the inverse of :func:`coordinates`."""
    return f"{chr(ord('A') + x)}{y + 1}"


def rotate(edge: int, rotation: int) -> int:
    """The edge a tile's ``edge`` lands on when the tile is turned ``rotation`` steps clockwise."""
    return (edge + rotation) % 6


def opposite(edge: int) -> int:
    """The same border seen from the neighbouring hex (south of one hex is north of the next)."""
    return (edge + 3) % 6


def neighbour(hex_id: str, edge: int) -> str:
    """The name of the position across ``edge``, whether or not the map has a hex there."""
    x, y = coordinates(hex_id)
    dx, dy = NEIGHBOUR_OFFSETS[edge]
    return hex_name(x + dx, y + dy)


def distance(a: str, b: str) -> int:
    """Hexes between ``a`` and ``b`` as the crow flies (rules 12.4): dx + max(0, (dy - dx) / 2)."""
    (x1, y1), (x2, y2) = coordinates(a), coordinates(b)
    dx, dy = abs(x2 - x1), abs(y2 - y1)
    return dx + max(0, (dy - dx) // 2)


@cache
def distances_to(hex_id: str) -> Callable[[str], int]:
    """Hexes from ``hex_id`` to another, as a cached lookup (pure in the two names): the walks
    that look for one hex ask it of every segment they push."""
    @cache
    def away(other: str) -> int:
        return distance(hex_id, other)
    return away


def edge_name(edge: int) -> str:
    """``2`` -> ``"north-west"``, for refusals a player can read."""
    return EDGE_NAMES[edge]
