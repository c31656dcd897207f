"""Companies with a treasury and certificates, and who directs them.

Written without Railroad Barons' numbers (certificate sizes are passed in) so
that other 18xx-style titles can reuse it: a certificate is an index into the
company's size table, and its owner is a seat or ``BANK``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Final

BANK: Final = None  # the owner value of a bank-held certificate (typed None, so `owner is BANK` narrows)


@dataclass(slots=True)
class Company:
    """One company's changing data; its fixed data (names, sizes, tokens) lives in the tables."""

    id: str
    owners: list[int | None]  # owner of each certificate, parallel to the size table
    started: bool = False
    floated: bool = False
    par: int | None = None
    price_index: int | None = None  # position of the marker on the share-value track
    director: int | None = None
    cash: int = 0
    railroads: dict[str, str] = field(default_factory=dict)  # railroad id -> side it was bought on

    def copy(self) -> Company:
        return Company(
            self.id,
            list(self.owners),
            self.started,
            self.floated,
            self.par,
            self.price_index,
            self.director,
            self.cash,
            dict(self.railroads),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "owners": list(self.owners),
            "started": self.started,
            "floated": self.floated,
            "par": self.par,
            "price_index": self.price_index,
            "director": self.director,
            "cash": self.cash,
            "railroads": dict(self.railroads),
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Company:
        return cls(
            raw["id"],
            list(raw["owners"]),
            raw["started"],
            raw["floated"],
            raw["par"],
            raw["price_index"],
            raw["director"],
            raw["cash"],
            dict(raw["railroads"]),
        )


def percent_of(sizes: Sequence[int], owners: Sequence[int | None], owner: int | None) -> int:
    """Percent of the company held by ``owner`` (a seat, or BANK)."""
    return sum(size for size, holder in zip(sizes, owners, strict=True) if holder == owner)


def player_percent(sizes: Sequence[int], owners: Sequence[int | None]) -> int:
    """Percent held by players, the figure that floats a company."""
    return sum(size for size, holder in zip(sizes, owners, strict=True) if holder is not BANK)


def held_sizes(sizes: Sequence[int], owners: Sequence[int | None], owner: int | None) -> list[int]:
    """Sizes of the certificates ``owner`` holds, in table order."""
    return [size for size, holder in zip(sizes, owners, strict=True) if holder == owner]


def next_director(
    sizes: Sequence[int], owners: Sequence[int | None], incumbent: int | None, seats: Sequence[int]
) -> int | None:
    """Who directs after a change of holdings: the incumbent keeps ties (rules D-02).

    A challenger takes over only by holding strictly more; among several, the
    largest, and among equals the first in ``seats`` (pass them in the order
    that should win ties, e.g. clockwise from the incumbent).
    """
    best, best_percent = incumbent, -1
    if incumbent is not None:
        best_percent = percent_of(sizes, owners, incumbent)
    for seat in seats:
        percent = percent_of(sizes, owners, seat)
        if percent > best_percent and percent > 0:
            best, best_percent = seat, percent
    return best


def exact_cover(sizes: Sequence[int], owners: Sequence[int | None], owner: int, target: int) -> list[int] | None:
    """Certificate indexes of ``owner`` adding up to exactly ``target`` percent, fewest first; None if impossible.

    Used for swapping the director's certificate (rules P-12): the new holder of
    the director's certificate hands over certificates of exactly its size.
    """
    mine = [index for index, holder in enumerate(owners) if holder == owner]
    for count in range(1, len(mine) + 1):
        for group in combinations(mine, count):
            if sum(sizes[index] for index in group) == target:
                return list(group)
    return None


def swap_director_certificate(sizes: Sequence[int], owners: list[int | None], old: int, new: int) -> list[int] | None:
    """Give ``new`` the director's certificate (index 0) from ``old`` for certificates of the same size.

    Returns the sizes ``new`` handed over, or None when ``old`` does not hold the
    director's certificate or ``new`` cannot make its size exactly (then nothing moves).
    """
    if owners[0] != old:
        return None
    cover = exact_cover(sizes, owners, new, sizes[0])
    if cover is None:
        return None
    for index in cover:
        owners[index] = old
    owners[0] = new
    return [sizes[index] for index in cover]
