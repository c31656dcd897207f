"""Phases and trains as the data file states them (rules section 16).

The map layer reads two facts of a phase: which tile colours may be laid, and which colour
of the off-board values is paid.  Trains are loaded here too, so the route layer and the
rounds find every train fact in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class PhaseDef:
    """One phase: its name ("2" ... "8"), the tile colours it allows, its off-board column."""

    name: str
    tile_colours: tuple[str, ...]
    offboard_colour: str
    operating_rounds: int
    train_limit: tuple[tuple[str, int | None], ...]  # (company type, limit; None = unlimited)
    status: tuple[str, ...]
    merger_rounds: bool
    national_operates: bool


@dataclass(frozen=True)
class TrainDef:
    """One train type: what it counts, what it costs, how many exist and when it rusts."""

    name: str
    stops: int  # cities/off-boards counted (for 5+5E: off-boards)
    price: int
    count: int | None  # None: unlimited
    rusts_on: str | None
    events: tuple[str, ...]
    multiplier: int
    available_from_phase: str | None
    express: bool  # 5+5E: counts off-boards first, cities and towns only to fill
    counting_rule: str


def phase_from_json(raw: dict[str, Any]) -> PhaseDef:
    """One entry of the data file's ``phases`` list."""
    return PhaseDef(
        name=raw["name"],
        tile_colours=tuple(raw["tiles"]),
        offboard_colour=raw["offboard_revenue_column"],
        operating_rounds=raw["operating_rounds"],
        train_limit=tuple(
            (kind, None if limit == "unlimited" else int(limit)) for kind, limit in raw["train_limit"].items()
        ),
        status=tuple(raw["status"]),
        merger_rounds=raw["merger_rounds"],
        national_operates=raw["national_operates"],
    )


def train_from_json(raw: dict[str, Any]) -> TrainDef:
    """One entry of the data file's ``trains`` list."""
    count = raw["count"]
    return TrainDef(
        name=raw["name"],
        stops=raw["cities"],
        price=raw["price"],
        count=None if count == "unlimited" else int(count),
        rusts_on=raw["rusts_on"],
        events=tuple(raw["events"]),
        multiplier=raw["multiplier"],
        available_from_phase=raw["available_from_phase"],
        express=raw.get("express", False),
        counting_rule=raw["distance"]["rule"],
    )
