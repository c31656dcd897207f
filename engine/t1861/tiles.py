"""Tile definitions: the 62 tile types of the manifest, as the data file states them.

Track is a list of paths; a path joins two *ends*.  An end is a pair ``(kind, index)``:
``("e", 3)`` is hex edge 3, ``("c", 0)`` the tile's first city, ``("t", 0)`` its town and
``("o", 0)`` an off-board revenue centre (only printed hexes have those).  The data file
writes the same ends as ``"e3"``, ``"c0"``, ``"t0"``, ``"o0"``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.t1861.geometry import rotate

End = tuple[str, int]
Path = tuple[End, End]

EDGE = "e"
CITY = "c"
TOWN = "t"
OFFBOARD = "o"

# The order tiles are upgraded in: a tile is replaced only by one of the next colour.
COLOURS = ("white", "yellow", "green", "brown", "gray")


@dataclass(frozen=True)
class CityDef:
    """A city circle: what it pays and how many station tokens it holds."""

    revenue: int
    slots: int
    # Drawing hint on multi-city tiles: the edge (x.5 = between two edges) the city sits towards.
    loc: float | None = None


@dataclass(frozen=True)
class TownDef:
    """A town dot: it pays but holds no tokens."""

    revenue: int


@dataclass(frozen=True)
class TileDef:
    """One tile type of the manifest, drawn at rotation 0."""

    number: str
    colour: str
    count: int | None  # None: unlimited (7, 8, 9)
    label: str | None
    cities: tuple[CityDef, ...]
    towns: tuple[TownDef, ...]
    paths: tuple[Path, ...]
    exits: tuple[int, ...]
    # Paid when this tile is replaced (Kiev's green 635 carries ₽40 of water).
    upgrade_cost: int
    upgrades_to: tuple[str, ...]
    upgrades_to_on_g15_only: tuple[str, ...]

    def exits_at(self, rotation: int) -> frozenset[int]:
        """The hex edges the tile's track reaches when laid at ``rotation`` (pure in the tile
        number and the rotation, so worked out once: every fit and lay check asks)."""
        return _turned_exits(self.exits, rotation)


@cache
def _turned_exits(exits: tuple[int, ...], rotation: int) -> frozenset[int]:
    return frozenset(rotate(edge, rotation) for edge in exits)


def parse_end(text: str) -> End:
    """``"e3"`` -> ``("e", 3)``."""
    return text[0], int(text[1:])


def parse_paths(pairs: Iterable[Iterable[str]]) -> tuple[Path, ...]:
    """The data file's ``[["e0", "c0"], ...]`` as tuples of ends."""
    return tuple(tuple(parse_end(end) for end in pair) for pair in pairs)  # type: ignore[misc]


def rotate_path(path: Path, rotation: int) -> Path:
    """``path`` with its edge ends turned by ``rotation``; stop ends stay as they are."""
    return tuple((kind, rotate(index, rotation) if kind == EDGE else index) for kind, index in path)  # type: ignore[return-value]


def tile_from_json(number: str, raw: dict[str, Any]) -> TileDef:
    """One entry of the data file's ``tiles`` object."""
    count = raw["count"]
    return TileDef(
        number=number,
        colour=raw["color"],
        count=None if count == "unlimited" else int(count),
        label=raw["label"],
        cities=tuple(city_from_json(city) for city in raw["cities"]),
        towns=tuple(TownDef(town["revenue"]) for town in raw["towns"]),
        paths=parse_paths(raw["paths"]),
        exits=tuple(raw["exits"]),
        upgrade_cost=raw.get("upgrade_cost", 0),
        upgrades_to=tuple(raw["upgrades_to"]),
        upgrades_to_on_g15_only=tuple(raw.get("upgrades_to_on_G15_only", ())),
    )


def city_from_json(raw: dict[str, Any]) -> CityDef:
    """A ``cities`` entry of a tile or a hex."""
    return CityDef(revenue=raw["revenue"], slots=raw["slots"], loc=raw.get("loc"))
