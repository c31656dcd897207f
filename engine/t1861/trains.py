"""What a train type means for a route: how many stops it may count and how it multiplies.

1861 has two counting rules (section 12.5).  An ordinary *n*-train (2 ... 8, and 2+2) may
visit at most *n* cities and off-boards, all of which count, and any number of towns, the
best of which fill spare capacity.  The express 5+5E visits any number of cities and towns,
counts every off-board it visits and fills the rest of its five counted stops with the best
cities and towns.  2+2 and 5+5E double their stop revenue.

A :class:`Train` holds only those facts, so the route code never parses train names; build
one from the data file's ``trains`` entry with :meth:`Train.from_data`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Train:
    """A train type as routes see it."""

    name: str  # "2" ... "8", "2+2", "5+5E": used in messages ("The 3-train's route ...")
    allowance: int  # ordinary: cities/off-boards it may visit; express: stops it counts
    multiplier: int = 1  # stop revenue (and the Ekaterinburg-Moscow bonus) is multiplied
    express: bool = False  # the 5+5E rule: cities and towns pass free, off-boards must count

    @classmethod
    def from_data(cls, entry: Mapping[str, Any]) -> Train:
        """The train type described by one entry of the data file's ``trains`` list."""
        express = bool(entry.get("express", False))
        distance = entry.get("distance", {})
        allowance = int(distance["max_counted_stops"]) if express else int(entry["cities"])
        return cls(
            name=str(entry["name"]), allowance=allowance, multiplier=int(entry.get("multiplier", 1)), express=express
        )

    @property
    def label(self) -> str:
        """How players name it in a sentence: "3-train", "2+2-train", "5+5E-train"."""
        return f"{self.name}-train"
