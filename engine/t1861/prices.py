"""Share prices in the game state: start cells, moves and operating order, over ``engine.t1861.market``.

A company's entry in the state keeps its market position as ``cell`` (``[row, column]``; the
column market is one row, as :mod:`engine.t1861.market` names it), its ``price``, and an
``arrival`` stamp taken from ``state.arrivals`` whenever it enters a cell: 7.3 puts a newcomer
under the tokens already there, so the earlier stamp is on top, and a move that leaves a
token where it was does not restamp it.  Movement and start prices are the market modules'.
"""

from __future__ import annotations

from typing import Any

from engine.t1861 import par_prices
from engine.t1861.data import DATA
from engine.t1861.market import Cell, CompanyKind, Direction, Market, moved


def market_of(state: Any) -> Market:
    return DATA.market(state.options["column_market"])


def major_pars(state: Any) -> tuple[int, ...]:
    return market_of(state).major_par_prices


def minor_start_price(state: Any, bid: int) -> int:
    """11: the highest minor par price not above min(bid / 2, 135)."""
    return par_prices.minor_start_price(market_of(state), DATA.start_prices, bid)


def start(state: Any, company: dict[str, Any], price: int, kind: CompanyKind) -> None:
    """Put a starting company's token on its par cell (under any tokens there)."""
    _place(state, company, par_prices.par_cell(market_of(state), price, kind))


def move(state: Any, company: dict[str, Any], direction: Direction, kind: CompanyKind) -> None:
    """One 7.3 step of the company's token."""
    _place(state, company, moved(market_of(state), cell_of(state, company), direction, kind))


def place(state: Any, company: dict[str, Any], cell: Cell) -> None:
    """Put the company's token on ``cell`` (a dividend's move), restamped only if it moved."""
    _place(state, company, cell)


def order_key(company: dict[str, Any]) -> tuple[int, int, int, int]:
    """7.4: higher price, then further right, then higher row, then earlier arrival."""
    row, column = company["cell"]
    return (-company["price"], -column, row, company["arrival"])


def cell_of(state: Any, company: dict[str, Any]) -> Cell:
    """The market cell the company's price token is on (its zones say, e.g., whether a minor may
    convert: the price alone does not, 14.2)."""
    row, column = company["cell"]
    found = market_of(state).cell(row, column)
    assert found is not None
    return found


def _place(state: Any, company: dict[str, Any], cell: Cell) -> None:
    if company["cell"] != [cell.row, cell.column]:
        state.arrivals += 1
        company["arrival"] = state.arrivals
    company["cell"] = [cell.row, cell.column]
    company["price"] = cell.price
