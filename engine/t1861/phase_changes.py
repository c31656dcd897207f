"""What the first purchase of a train type sets off (section 16, events from the data file).

Section 16's order: the phase changes (train limits, tile colours, off-board values), older
trains rust, the type's events fire, then the trainless check (``nationalisation``), then
excess-train discards (``train_limits``).  This module answers the first three; each phase
starts with the first purchase of the type its ``starts_when`` names, and phases only move
forward.

Public API::

    effects = first_purchase("4", phase="3", sold_types=frozenset({"2", "3"}))
    effects.phase     # "4" (None: the phase stays)
    effects.rusts     # ("2",): train types leaving the game
    effects.events    # ("majors_can_ipo", "trainless_nationalization")
    phase_after("3", "4")             # "4"
    events_fired({"2", "3"})          # every event so far: GREEN_MINORS_AVAILABLE in it
    ALL_MINORS_NATIONALISED etc.: the event ids the rounds react to
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from engine.t1861.data import DATA
from engine.t1861.depot import phase_index

# Event ids of the data file's ``events`` (the first purchase of a type fires its list).
GREEN_MINORS_AVAILABLE = "green_minors_available"
MAJORS_CAN_IPO = "majors_can_ipo"
TRAINLESS_NATIONALISATION = "trainless_nationalization"
MINORS_CANNOT_START = "minors_cannot_start"
PRIVATES_NATIONALISED = "nationalize_companies"
ALL_MINORS_NATIONALISED = "minors_nationalized"


@dataclass(frozen=True)
class FirstPurchase:
    """The effects of the first copy of ``train_type`` leaving the bank, in section 16's order."""

    train_type: str
    phase: str | None
    rusts: tuple[str, ...]
    events: tuple[str, ...]


def first_purchase(train_type: str, phase: str, sold_types: frozenset[str]) -> FirstPurchase | None:
    """The effects of buying a ``train_type`` in ``phase``, or ``None`` when one was sold before
    (``sold_types``: every type of which a copy has left the bank)."""
    if train_type in sold_types:
        return None
    started = phase_started_by().get(train_type)
    new_phase = started if started is not None and phase_index(started) > phase_index(phase) else None
    rusts = tuple(train.name for train in DATA.trains if train.rusts_on == train_type)
    return FirstPurchase(train_type, new_phase, rusts, DATA.train(train_type).events)


def events_fired(sold_types: Iterable[str]) -> frozenset[str]:
    """Every event the first purchases so far have fired: the standing permissions and bans
    (green minors on sale, majors may par, no minor may start) are read from these."""
    return frozenset(event for kind in sold_types for event in DATA.train(kind).events)


def phase_after(phase: str, train_type: str) -> str:
    """The phase once a ``train_type`` has been bought in ``phase`` (never backwards)."""
    started = phase_started_by().get(train_type)
    if started is None or phase_index(started) <= phase_index(phase):
        return phase
    return started


@cache
def phase_started_by() -> dict[str, str]:
    """Train type -> the phase its first purchase starts (read from ``starts_when``)."""
    starts: dict[str, str] = {}
    for phase in DATA.phases:
        found = re.match(r"first (\S+)-train bought", _starts_when(phase.name))
        if found:
            starts[found.group(1)] = phase.name
    return starts


def _starts_when(phase: str) -> str:
    return next(entry["starts_when"] for entry in DATA.raw["phases"] if entry["name"] == phase)
