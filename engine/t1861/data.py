"""The 1861 data file, loaded once at import into frozen structures.

``engine/t1861/data/1861-data.json`` is a copy of the public facts (map, tiles, phases,
trains, companies) in the schema of rules section 0.  Nothing in it is restated in Python:
every module reads the map and the manifest from :data:`DATA`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any

from engine.t1861.company_rules import CompanyRules, company_rules_from_json
from engine.t1861.hexes import HexDef, hex_from_json
from engine.t1861.loans import LoanRules, loan_rules_from_json
from engine.t1861.market import COLUMN, GRID, Market, market_from_json
from engine.t1861.par_prices import StartPriceRules, start_price_rules_from_json
from engine.t1861.phases import PhaseDef, TrainDef, phase_from_json, train_from_json
from engine.t1861.tiles import TileDef, tile_from_json

DATA_FILE = "1861-data.json"


@dataclass(frozen=True, eq=False)
class Rulebook:
    """Every fact of the data file the map layer and the rounds need."""

    tiles: Mapping[str, TileDef]
    hexes: Mapping[str, HexDef]
    phases: tuple[PhaseDef, ...]
    trains: tuple[TrainDef, ...]
    grid_market: Market  # section 7.1, the default
    column_market: Market  # section 7.2, option ``column_market``
    start_prices: StartPriceRules
    loans: LoanRules
    bank: int
    companies: CompanyRules
    # The parts only the rounds read (companies, market, game constants), as the file has them.
    raw: dict[str, Any]

    def phase(self, name: str) -> PhaseDef:
        """The phase called ``name`` ("2" ... "8")."""
        for phase in self.phases:
            if phase.name == name:
                return phase
        raise KeyError(f"1861 has no phase {name!r}")

    def market(self, column_market: bool = False) -> Market:
        """The stock market a game plays on: the grid, or the column with option ``column_market``."""
        return self.column_market if column_market else self.grid_market

    def company(self, group: str, company: str) -> dict[str, Any]:
        """The data file's entry of ``company`` (our lower-case id) among its ``group``: "minors",
        "majors" or "privates" (names, homes and face values for the words players read)."""
        for entry in self.raw[group]:
            if entry["id"].lower() == company:
                return entry
        raise KeyError(f"1861 has no {group[:-1]} {company!r}")

    def train(self, name: str) -> TrainDef:
        """The train type called ``name`` ("2" ... "8", "2+2", "5+5E")."""
        for train in self.trains:
            if train.name == name:
                return train
        raise KeyError(f"1861 has no {name}-train")


def read_raw() -> dict[str, Any]:
    """The data file as parsed JSON (read from the installed package)."""
    text = resources.files("engine.t1861").joinpath("data", DATA_FILE).read_text(encoding="utf-8")
    return json.loads(text)


def load(raw: dict[str, Any]) -> Rulebook:
    """Build the frozen structures from a parsed data file."""
    return Rulebook(
        tiles=MappingProxyType({number: tile_from_json(number, tile) for number, tile in raw["tiles"].items()}),
        hexes=MappingProxyType({coord: hex_from_json(entry) for coord, entry in raw["hexes"].items()}),
        phases=tuple(phase_from_json(phase) for phase in raw["phases"]),
        trains=tuple(train_from_json(train) for train in raw["trains"]),
        grid_market=market_from_json(raw["stock_market"], GRID),
        column_market=market_from_json(raw["stock_market"], COLUMN),
        start_prices=start_price_rules_from_json(raw["game"]),
        loans=loan_rules_from_json(raw["game"]),
        bank=raw["game"]["bank"],
        companies=company_rules_from_json(raw),
        raw=raw,
    )


DATA = load(read_raw())
