"""Where a hex's small marks go: its value, label, cost and bonus, each in the freest corner.

Printed tiles put these where no track runs; with 62 tile types in six rotations, and
multi-city tiles, no fixed spot works.  So each hex offers the six spots just inside its
corners, and each mark takes the one farthest from its track, stops, coordinates and name,
by its own preference when several are as free.
"""

from __future__ import annotations

import math
from typing import Any

from games.titles.t1861.track import APOTHEM, SLOT, Point, R, curve_middle, edge_midpoint

# Which corner each small mark would rather take when several are equally free (degrees,
# clockwise from east): values to the north-east, labels to the west, costs to the south-west.
PREFERRED_CORNERS = {
    "revenue": (300, 0, 60, 240, 180, 120),
    "label": (240, 180, 300, 120, 0, 60),
    "cost": (120, 180, 60, 240, 0, 300),
    "bonus": (180, 120, 240, 60, 0, 300),
}
MARK_HALF_WIDTHS = {"revenue": 8.0, "label": 4.0, "cost": 11.0, "bonus": 4.0}
CORNER_DISTANCES = (0.62 * R, 0.78 * R)
TILE_NUMBER = (0.42 * R, -APOTHEM + 12)  # right of the coordinates


class Corners:
    """The six spots just inside a hex's corners, handed out to its marks farthest from track first."""

    def __init__(self, entry: dict[str, Any], places: dict[str, Point], through: dict[str, tuple[int, int]]):
        self.busy = _busy_points(entry, places, through)
        # The hex's coordinates at the top, and its place name along the bottom.
        self.busy += [(0.0, -APOTHEM + 6)] + ([TILE_NUMBER] if entry.get("tile") else [])
        if entry.get("name"):
            name_y = -APOTHEM + 18 if entry.get("offboard") else APOTHEM - 8
            self.busy += [(offset, name_y) for offset in (-0.3 * R, 0.0, 0.3 * R)]
        # Each corner twice: a little inside, and close to the corner itself for a crowded hex.
        self.free = {(angle, distance): (distance * math.cos(math.radians(angle)),
                                         distance * math.sin(math.radians(angle)))
                     for angle in range(0, 360, 60) for distance in CORNER_DISTANCES}

    def take(self, mark: str) -> Point:
        """The freest corner left, by the mark's own preference on ties; it is busy afterwards."""
        half = MARK_HALF_WIDTHS[mark]

        def room(spot: tuple[int, float]) -> float:
            x, y = self.free[spot]
            ends = [(x - half, y), (x, y), (x + half, y)]
            return round(min((math.dist(end, other) for end in ends for other in self.busy), default=R) / 4)

        # Wide marks keep to the inner ring: near a corner they would run under the next hex.
        distances = CORNER_DISTANCES if half < 5 else CORNER_DISTANCES[:1]
        order = [(angle, distance) for angle in PREFERRED_CORNERS[mark] for distance in distances
                 if (angle, distance) in self.free]
        best = max(order, key=lambda spot: (room(spot), -order.index(spot)))
        point = self.free.pop(best)
        self.busy.append(point)
        return point


def _busy_points(entry: dict[str, Any], places: dict[str, Point], through: dict[str, tuple[int, int]]) -> list[Point]:
    """Points that track and stops cover: ends, middles of every path, and every stop."""
    points = [(x + dx, y + dy) for x, y in places.values()
              for dx, dy in ((0, 0), (-SLOT, 0), (SLOT, 0), (0, -SLOT), (0, SLOT))]
    for a, b in entry["paths"]:
        if a[0] == "e" and b[0] == "e":
            points += [edge_midpoint(int(a[1:])), edge_midpoint(int(b[1:])), curve_middle(int(a[1:]), int(b[1:]))]
            continue
        for end, other in ((a, b), (b, a)):
            if end[0] == "e":
                start, stop = edge_midpoint(int(end[1:])), places.get(other, (0.0, 0.0))
                points += [start, ((start[0] + stop[0]) / 2, (start[1] + stop[1]) / 2)]
    points += [curve_middle(*edges) for edges in through.values()]
    return points
