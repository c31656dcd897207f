"""The tile supply: how many of each limited tile are left to lay.

A tile taken off the map by an upgrade goes back into the supply; the printed pictures of
pre-printed hexes are not tiles and never enter it.  Tiles 7, 8 and 9 are unlimited and so
are never counted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from engine.core.plain import dict_copy
from engine.t1861.data import DATA


@dataclass(frozen=True)
class Supply:
    """Tiles left, per tile number, for the limited tiles of the manifest."""

    left: Mapping[str, int]

    @classmethod
    def full(cls) -> Supply:
        """The whole manifest, before any tile is laid."""
        return cls(MappingProxyType({n: tile.count for n, tile in DATA.tiles.items() if tile.count is not None}))

    def has(self, number: str) -> bool:
        """True while at least one tile ``number`` is left (always for unlimited tiles)."""
        return self.left.get(number, 1) > 0

    def count(self, number: str) -> int | None:
        """Tiles ``number`` left; None for an unlimited tile."""
        return self.left.get(number)

    def exchanged(self, taken: str, returned: str | None) -> Supply:
        """The supply after ``taken`` is laid and ``returned`` (a tile, not a picture) comes back."""
        left = dict_copy(self.left)
        if taken in left:
            left[taken] -= 1
        if returned is not None and returned in left:
            left[returned] += 1
        return Supply(MappingProxyType(left))

    def to_json(self) -> dict[str, int]:
        return dict(self.left)

    @classmethod
    def from_json(cls, raw: Mapping[str, int]) -> Supply:
        return cls(MappingProxyType({str(number): int(count) for number, count in raw.items()}))
