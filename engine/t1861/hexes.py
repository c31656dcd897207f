"""Hex definitions: the 144 printed hexes of the map, as the data file states them.

A hex's printed picture is its first "tile": white hexes show only the cities and towns a
tile will bring (no track), yellow and green hexes (Kiev, Moscow, Tver, Nizhnii Novgorod,
St. Petersburg) carry pre-printed track that later tiles must keep, and gray and red hexes
never change.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine.t1861.tiles import CityDef, Path, TownDef, city_from_json, parse_paths


@dataclass(frozen=True)
class OffboardDef:
    """A red off-board revenue centre: its value per phase colour and the area it belongs to."""

    revenue: Mapping[str, int]  # phase colour ("yellow", "green", "brown", "gray") -> roubles
    area: str  # "Poland", "Romania", "Caucasus", "CentralAsia"


@dataclass(frozen=True)
class CitySlotClaim:
    """A company's claim on a city: its home, or a slot held back until it starts.

    ``city`` is None for the RSR's Moscow claim, which is not a slot until gray 639 is laid.
    """

    company: str
    city: int | None


@dataclass(frozen=True)
class HexDef:
    """One printed hex and everything the rules read from it."""

    id: str
    x: int
    y: int
    colour: str  # white / yellow / green / gray / red: the printed colour
    name: str | None
    label: str | None
    # A label that replaces ``label`` for tiles of one colour (Kharkov: gray tiles carry Kh).
    future_label: tuple[str, str] | None  # (label, colour)
    terrain: str | None
    terrain_cost: int  # paid with the first tile laid in the hex
    cities: tuple[CityDef, ...]
    towns: tuple[TownDef, ...]
    offboard: OffboardDef | None
    paths: tuple[Path, ...]  # pre-printed track, at rotation 0
    borders: tuple[int, ...]  # edges drawn as impassable borders
    neighbours: Mapping[int, str]  # edge -> hex across it (only hexes on the map)
    passable_edges: frozenset[int]  # edges a laid tile may point track at
    blocked_until_phase_3: bool
    homes: tuple[CitySlotClaim, ...]
    reservations: tuple[CitySlotClaim, ...]
    # Bonus facts (Ekaterinburg's +40 with Moscow), passed on as the data file says them.
    special_revenue: Mapping[str, Any] | None
    # The oracle: tile number -> rotations that may be the next tile here (data file, section 0).
    first_tile_options: Mapping[str, tuple[int, ...]]

    @property
    def takes_tiles(self) -> bool:
        """Gray and red hexes are fixed; every other hex can be built on."""
        return self.colour not in ("gray", "red")

    def label_for(self, colour: str) -> str | None:
        """The label a tile of ``colour`` must carry here (Kharkov's gray tile is Kh, not Y)."""
        if self.future_label is not None and self.future_label[1] == colour:
            return self.future_label[0]
        return self.label

    def display_name(self) -> str:
        """``"Kharkov (G15)"`` or ``"G10"``: how refusals name a hex."""
        return f"{self.name} ({self.id})" if self.name else self.id


def hex_from_json(raw: dict[str, Any]) -> HexDef:
    """One entry of the data file's ``hexes`` object."""
    future = raw.get("future_label")
    offboard = raw.get("offboard")
    return HexDef(
        id=raw["coord"],
        x=raw["x"],
        y=raw["y"],
        colour=raw["color"],
        name=raw["name"],
        label=raw["label"],
        future_label=(future["label"], future["color"]) if future else None,
        terrain=raw.get("terrain"),
        terrain_cost=raw.get("terrain_cost", 0),
        cities=tuple(city_from_json(city) for city in raw["cities"]),
        towns=tuple(TownDef(town["revenue"]) for town in raw["towns"]),
        offboard=OffboardDef(revenue=MappingProxyType(dict(offboard["revenue"])), area=offboard["group"])
        if offboard
        else None,
        paths=parse_paths(raw["paths"]),
        borders=tuple(border["edge"] for border in raw.get("borders", ())),
        neighbours=MappingProxyType({int(edge): coord for edge, coord in raw["neighbors"].items()}),
        passable_edges=frozenset(raw["passable_edges"]),
        blocked_until_phase_3=raw["blocked_until_phase_3"],
        homes=tuple(CitySlotClaim(home["company"], home["city_index"]) for home in raw["home_of"]),
        reservations=tuple(CitySlotClaim(held["company"], held["city_index"]) for held in raw["reserved_for"]),
        special_revenue=_frozen(raw.get("special_revenue")),
        first_tile_options=MappingProxyType(
            {tile: tuple(rotations) for tile, rotations in raw.get("first_tile_options", {}).items()}
        ),
    )


def _frozen(raw: dict[str, Any] | None) -> Mapping[str, Any] | None:
    return None if raw is None else MappingProxyType(dict(raw))
