"""Final worth and standings (rules sections 13, 17; the engine contract's ``standings``).

A player's final worth is their cash, plus the face value of every private they hold, plus
for each major share they hold the major's share price after it has moved one step left per
loan the major still owes (:func:`engine.t1861.market_events.at_game_end`; 18xx.games makes
these moves on the board too), plus 2 x price for a minor (none is left after phase 8, but
the formula keeps a mid-game valuation honest).  The RSR belongs to nobody and counts for no
one.  Standings order players by worth, best first; tied players share a place (competition
ranking 1, 1, 3) and are listed by seat.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.ranking import competition_standings
from engine.t1861.data import DATA
from engine.t1861.dividends import SHARE_PERCENT
from engine.t1861.market import Cell, CompanyKind, Market
from engine.t1861.market_events import at_game_end

# A minor is one certificate priced as two notional shares (section 4).
MINOR_NOTIONAL_SHARES = DATA.raw["minors"][0]["certificate"]["notional_shares_for_pricing"]


@dataclass(frozen=True)
class PlayerHoldings:
    """What a player owns at the end: cash, privates' face values, major percents, minors."""

    seat: int
    name: str
    cash: int
    private_face_values: tuple[int, ...] = ()
    major_percents: Mapping[str, int] | None = None
    minors: tuple[str, ...] = ()


def scoring_prices(
    market: Market, cells: Mapping[str, Cell], kinds: Mapping[str, CompanyKind], loans: Mapping[str, int]
) -> dict[str, int]:
    """Each company's scoring price: its cell moved one step left per outstanding loan (17)."""
    return {
        company: at_game_end(market, cell, kinds[company], loans.get(company, 0)).price
        for company, cell in cells.items()
    }


def final_worth(holdings: PlayerHoldings, prices: Mapping[str, int]) -> int:
    """Cash + privates at face value + major shares and minors at their scoring prices (17)."""
    shares = sum(percent // SHARE_PERCENT * prices[major] for major, percent in (holdings.major_percents or {}).items())
    minors = sum(MINOR_NOTIONAL_SHARES * prices[minor] for minor in holdings.minors)
    return holdings.cash + sum(holdings.private_face_values) + shares + minors


def final_standings(players: Iterable[PlayerHoldings], prices: Mapping[str, int]) -> list[dict[str, Any]]:
    """The contract's ``standings``: seat, name, score (final worth), cash and place, best first."""
    return competition_standings(
        [
            {"seat": player.seat, "name": player.name, "score": final_worth(player, prices), "cash": player.cash}
            for player in players
        ]
    )
