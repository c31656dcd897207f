"""The few data-file facts the map walk needs: homes, trains, phases, tile city values.

Read from the data file as ``engine.t1861.data`` loaded it, so nothing is re-typed here.
Token prices and charters are ``merger_tokens``' (23 R3), a train copy's type is
``depot.train_type_of``: the walk uses those, not copies of them.
Walk helper: part 2's companies and rounds will own these facts.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.t1861.data import DATA
from engine.t1861.phase_changes import phase_started_by

RSR = DATA.companies.rsr_id  # the national, as the data file names it
# Depot copies generated for an "unlimited" train type: more than any game can buy.
UNLIMITED_COPIES = 40


@dataclass(frozen=True)
class TrainType:
    """One train type: its name, copies, what rusts it and what its first purchase does."""

    name: str
    copies: int
    rusts_on: str | None
    events: tuple[str, ...]
    available_from_phase: str | None


@dataclass(frozen=True)
class WalkFacts:
    """Everything the walk reads from the data file."""

    minor_homes: dict[str, tuple[str, int]]
    majors: frozenset[str]
    trains: tuple[TrainType, ...]
    # Train type -> the phase its first purchase starts.
    phase_started_by: dict[str, str]
    # Tile number or printed hex -> the best city value on it (nationalisation order, 15.3).
    city_values: dict[str, int]
    # Tile number -> how many cities it has (tokens move when K, M, S merge into one).
    city_counts: dict[str, int]
    privates: tuple[str, ...]

    def train_type(self, name: str) -> TrainType:
        """The train type called ``name`` (``"2+2"``, ``"5"``)."""
        return next(train for train in self.trains if train.name == name)


@cache
def walk_facts() -> WalkFacts:
    """The facts, read once."""
    data = DATA.raw
    return WalkFacts(
        minor_homes={minor["id"]: (minor["home_hex"], minor["home_city_index"]) for minor in data["minors"]},
        majors=frozenset(major["id"] for major in data["majors"]),
        trains=tuple(_train(entry) for entry in data["trains"]),
        phase_started_by=dict(phase_started_by()),
        city_values=_city_values(data),
        city_counts={number: len(tile["cities"]) for number, tile in data["tiles"].items()},
        privates=tuple(private["id"] for private in data["privates"]),
    )


def _train(entry: dict[str, Any]) -> TrainType:
    count = entry["count"]
    return TrainType(
        name=entry["name"],
        copies=UNLIMITED_COPIES if count == "unlimited" else int(count),
        rusts_on=entry.get("rusts_on"),
        events=tuple(entry.get("events") or ()),
        available_from_phase=entry.get("available_from_phase"),
    )


def _city_values(data: dict[str, Any]) -> dict[str, int]:
    values = {number: max((c["revenue"] for c in tile["cities"]), default=0) for number, tile in data["tiles"].items()}
    for coord, hex_ in data["hexes"].items():
        values[coord] = max((c["revenue"] for c in hex_.get("cities") or ()), default=0)
    return values
