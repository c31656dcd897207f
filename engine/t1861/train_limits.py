"""Train limits per company kind and phase, and the discards they force (sections 5, 12.9, 16).

The limit comes from the phase's ``train_limit`` in the data file: a minor 2 (phases 2-3)
then 1, a major 4 (phase 3), 3 (4-5), 2 (6-8); the RSR has none (23 C1).  A kind the phase
does not list (majors in phase 2, minors in phase 8) cannot exist then and may hold nothing.
A company over its limit after a phase change discards trains of its president's choice to
the open market (12.9; ``depot.discard``); buying may never take it over (12.10).

Public API::

    train_limit("major", "4")                     # 3 (None: unlimited)
    excess("minor", "4", ("2-0", "3-1"))          # 1 train too many
    discard_choices("minor", "4", trains)         # the trains it may discard now (all of them)
    has_room("major", "6", trains)                # may it buy one more?
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Literal

from engine.t1861.data import DATA

CompanyKind = Literal["minor", "major", "national"]


@cache  # a fact of the data file, read at every step of every turn (issue 13's replay speed)
def train_limit(kind: CompanyKind, phase: str) -> int | None:
    """The most trains a ``kind`` of company may hold in ``phase``; ``None`` = unlimited."""
    if kind == "national":
        return None
    return dict(DATA.phase(phase).train_limit).get(kind, 0)


def excess(kind: CompanyKind, phase: str, trains: Sequence[str]) -> int:
    """How many of ``trains`` the company must discard to be within its limit."""
    limit = train_limit(kind, phase)
    return 0 if limit is None else max(0, len(trains) - limit)


def discard_choices(kind: CompanyKind, phase: str, trains: Sequence[str]) -> tuple[str, ...]:
    """The trains a company over its limit may discard now: any of its own (12.9), none if within."""
    return tuple(trains) if excess(kind, phase, trains) else ()


def has_room(kind: CompanyKind, phase: str, trains: Sequence[str]) -> bool:
    """Whether one more train keeps the company within its limit (12.10)."""
    limit = train_limit(kind, phase)
    return limit is None or len(trains) < limit
