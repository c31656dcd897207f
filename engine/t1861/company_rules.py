"""The company constants the trains, mergers and nationalisation read (sections 5, 6, 14, 18).

Loaded by ``engine.t1861.data`` from the data file's ``game``, ``majors``, ``national`` and
``stock_market`` parts, so no number is restated in Python.  The loan terms (section 13) are
not here: they are ``engine.t1861.loans.LoanRules``, loaded once as ``DATA.loans``; nor are the
major par prices (``Market.major_par_prices``, used by ``par_prices``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class MergerLimits:
    """Section 14.3 and 18: how large a merger may be and what the major keeps.

    The merged major's price clamp is ``DATA.start_prices`` (``par_prices``)."""

    max_minors: int
    max_minors_per_owner: int
    max_tokens_kept: int
    token_total: int


@dataclass(frozen=True)
class CompanyRules:
    """Every company constant outside the map, phases and trains."""

    merger: MergerLimits
    major_token_prices: tuple[int, ...]  # T0, T1, T2: price per hex of distance (12.4, R3)
    rsr_id: str  # the national's company id ("RSR")
    rsr_tokens: int
    rsr_reserved: tuple[tuple[str, int | None], ...]  # (hex, city index or None: any city there)
    two_player_trains_removed: tuple[tuple[str, int], ...]


def company_rules_from_json(raw: dict[str, Any]) -> CompanyRules:
    """The constants, from the whole parsed data file."""
    game, national = raw["game"], raw["national"]
    merger = game["merger"]
    return CompanyRules(
        merger=MergerLimits(
            max_minors=merger["max_minors_in_one_merger"],
            max_minors_per_owner=merger["max_minors_from_one_owner"],
            max_tokens_kept=merger["max_tokens_kept_on_map"],
            token_total=merger["major_token_total_after_merger"],
        ),
        major_token_prices=tuple(raw["majors"][0]["tokens"]),
        rsr_id=national["id"],
        rsr_tokens=national["tokens"],
        rsr_reserved=(
            (national["reserved_home"]["hex"], national["reserved_home"]["city_index"]),
            (national["reserved_moscow"]["hex"], None),
        ),
        two_player_trains_removed=tuple(game["two_player"]["trains_removed"].items()),
    )
