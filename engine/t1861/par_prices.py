"""Where a company's price token starts (rules sections 5, 7.1, 10.4, 11, 14.2, 14.3).

Each start price belongs to exactly one cell of either market: a minor starts on an orange
(``par_minor_only``) or pink (``par_any``) cell, a major on a pink or turquoise
(``par_major_only``) cell.  The price itself comes from the market's par lists:

- a minor won at auction: the highest minor par price not above min(bid / 2, 135) (11);
- a converted minor: the highest major par price not above the minor's price (14.2);
- a merger of minors priced low ... high: the highest major par price not above
  low + high clamped to 100 ... 200 (14.3);
- a major parred in a stock round: any major par price the president chooses (10.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.t1861.market import Cell, CompanyKind, Market

_START_ZONES: dict[str, frozenset[str]] = {
    "minor": frozenset({"par_any", "par_minor_only"}),
    "major": frozenset({"par_any", "par_major_only"}),
}


@dataclass(frozen=True)
class StartPriceRules:
    """The data file's constants for start prices (``game.minor_auction``, ``game.merger``)."""

    max_minor_par: int
    minimum_minor_price: int
    merged_price_floor: int
    merged_price_ceiling: int


def start_price_rules_from_json(game: dict[str, Any]) -> StartPriceRules:
    """The start-price constants of the data file's ``game`` section."""
    floor, ceiling = game["merger"]["merged_price_clamp"]
    return StartPriceRules(
        max_minor_par=game["minor_auction"]["max_minor_par"],
        minimum_minor_price=game["minor_auction"]["minimum_minor_price"],
        merged_price_floor=floor,
        merged_price_ceiling=ceiling,
    )


def par_cell(market: Market, price: int, kind: CompanyKind) -> Cell:
    """The cell a ``kind`` company starts on at ``price``; a price it may not start at is refused."""
    for cell in market.cells():
        if cell.price == price and cell.zones & _START_ZONES[kind]:
            return cell
    raise ValueError(f"A {kind} cannot start at ₽{price:,}.")


def minor_start_price(market: Market, rules: StartPriceRules, winning_bid: int) -> int:
    """A minor's price from its winning bid: highest minor par ≤ min(bid / 2, 135) (section 11)."""
    limit = min(winning_bid, 2 * rules.max_minor_par)
    fitting = [price for price in market.minor_par_prices if 2 * price <= limit]
    return max(fitting, default=rules.minimum_minor_price)


def conversion_price(market: Market, minor_price: int) -> int:
    """A converted minor's major price: the highest major par ≤ the minor's price (14.2)."""
    return _highest_major_par_at_most(market, minor_price)


def merger_price(market: Market, rules: StartPriceRules, minor_prices: list[int]) -> int:
    """A merged major's price from its minors' prices (14.3): par ≤ clamp(low + high, 100, 200)."""
    total = min(minor_prices) + max(minor_prices)
    return _highest_major_par_at_most(market, max(rules.merged_price_floor, min(rules.merged_price_ceiling, total)))


def _highest_major_par_at_most(market: Market, limit: int) -> int:
    fitting = [price for price in market.major_par_prices if price <= limit]
    if not fitting:
        raise ValueError(f"No major starts at ₽{limit:,} or less.")
    return max(fitting)
