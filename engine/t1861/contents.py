"""What a hex shows now: its printed picture, or the tile laid on it, turned as laid.

Everything that reads track (fitting a new tile, building the network, drawing the map)
reads a :class:`HexContents`, so a pre-printed hex and a laid tile look the same to it:
paths with absolute edge numbers, cities, towns and an off-board if there is one.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.t1861.data import DATA
from engine.t1861.hexes import OffboardDef
from engine.t1861.tiles import EDGE, CityDef, Path, TownDef, rotate_path


@dataclass(frozen=True)
class LaidTile:
    """A tile from the supply lying in a hex: its number and how far it is turned."""

    number: str
    rotation: int


@cache
def laid_tile(number: str, rotation: int) -> LaidTile:
    """The one ``LaidTile`` of that tile and rotation: boards share it, so the caches keyed by
    a hex's tile (``hex_contents``, the network's hex parts) find their key by identity rather
    than comparing fields at every lookup (issue 13's replay speed)."""
    return LaidTile(number, rotation)


@dataclass(frozen=True)
class HexContents:
    """The track, cities and towns of one hex as they lie on the map."""

    hex: str
    tile: LaidTile | None  # None: the printed picture
    colour: str
    label: str | None
    cities: tuple[CityDef, ...]
    towns: tuple[TownDef, ...]
    offboard: OffboardDef | None
    paths: tuple[Path, ...]  # edges already turned to the map's numbering
    exits: frozenset[int]
    # Paid by whoever replaces this tile (Kiev's 635); printed pictures carry none.
    upgrade_cost: int

    @property
    def is_printed(self) -> bool:
        return self.tile is None

    def describe(self) -> str:
        """``"tile 57"``, ``"the printed yellow track"`` or ``"no tile"``, for refusals."""
        if self.tile is not None:
            return f"tile {self.tile.number}"
        if self.colour == "white":
            return "no tile"
        return f"the printed {self.colour} track"


@cache
def hex_contents(hex_id: str, tile: LaidTile | None) -> HexContents:
    """The contents of ``hex_id`` with ``tile`` on it (None: as printed); pure, so cached."""
    printed = DATA.hexes[hex_id]
    if tile is None:
        return HexContents(
            hex=hex_id,
            tile=None,
            colour=printed.colour,
            label=printed.label,
            cities=printed.cities,
            towns=printed.towns,
            offboard=printed.offboard,
            paths=printed.paths,
            exits=_exits(printed.paths),
            upgrade_cost=0,
        )
    definition = DATA.tiles[tile.number]
    paths = tuple(rotate_path(path, tile.rotation) for path in definition.paths)
    return HexContents(
        hex=hex_id,
        tile=tile,
        colour=definition.colour,
        label=definition.label,
        cities=definition.cities,
        towns=definition.towns,
        offboard=None,
        paths=paths,
        exits=_exits(paths),
        upgrade_cost=definition.upgrade_cost,
    )


def _exits(paths: tuple[Path, ...]) -> frozenset[int]:
    return frozenset(index for path in paths for kind, index in path if kind == EDGE)
