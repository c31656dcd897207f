"""Share prices as the stock round needs them: par cells, a minor's starting price (11), the
president's-sale "down" and the sold-out "up" moves (7.3), and operating order (7.4).

**Stand-in.** The full market (every move, G9, dividends, loans) is ``engine.t1861.market``
from the t1861-market branch; when it lands, these functions delegate to it or go.  They
read the grid and the column from the data file and follow 7.3 for the two moves the stock
round makes.  A market position (``cell``) is ``[row, column]`` on the grid or ``[index]``
on the column.
"""

from __future__ import annotations

from typing import Any

from engine.t1861.data import DATA

MARKET = DATA.raw["stock_market"]
GRID: list[list[dict[str, Any] | None]] = MARKET["grid"]["rows"]
COLUMN: list[dict[str, Any]] = MARKET["column"]["cells"]
MINOR_PAR_ZONES = ("par_any", "par_minor_only")
MAJOR_PAR_ZONES = ("par_any", "par_major_only")
MINOR_PARS: tuple[int, ...] = tuple(MARKET["minor_par_prices_grid"])
MAJOR_PARS: tuple[int, ...] = tuple(MARKET["major_par_prices_grid"])
MINOR_AUCTION = DATA.raw["game"]["minor_auction"]


def minor_start_price(bid: int) -> int:
    """11: the highest minor par price not above min(bid / 2, 135)."""
    ceiling = min(bid / 2, MINOR_AUCTION["max_minor_par"])
    return max((price for price in MINOR_PARS if price <= ceiling), default=MINOR_AUCTION["minimum_minor_price"])


def par_cell(price: int, zones: tuple[str, ...], column_market: bool) -> list[int]:
    """The market position where a company starting at ``price`` is placed."""
    if column_market:
        return next([index] for index, cell in enumerate(COLUMN)
                    if cell["price"] == price and set(cell["zones"]) & set(zones))
    for row_index, row in enumerate(GRID):
        for column, cell in enumerate(row):
            if cell and cell["price"] == price and set(cell["zones"]) & set(zones):
                return [row_index, column]
    raise ValueError(f"no par cell at {price}")


def cell_price(cell: list[int]) -> int:
    if len(cell) == 1:
        return COLUMN[cell[0]]["price"]
    row, column = cell
    found = GRID[row][column]
    assert found is not None
    return found["price"]


def _grid_cell(row: int, column: int) -> bool:
    return 0 <= row < len(GRID) and 0 <= column < len(GRID[row]) and GRID[row][column] is not None


def moved_down(cell: list[int]) -> list[int]:
    """7.3 "down": one row down if that cell exists, else stays; on the column, one left."""
    if len(cell) == 1:
        return [max(cell[0] - 1, 0)]
    row, column = cell
    return [row + 1, column] if _grid_cell(row + 1, column) else list(cell)


def moved_up_major(cell: list[int]) -> list[int]:
    """7.3 "up" for a major: one row up; from row 0 to (row 1, column + 1), same price, except
    at ₽540 (G9); a blank cell above means no move.  On the column, one right (stop at 540)."""
    if len(cell) == 1:
        return [min(cell[0] + 1, len(COLUMN) - 1)]
    row, column = cell
    if row == 0:
        return [1, column + 1] if _grid_cell(1, column + 1) else list(cell)
    return [row - 1, column] if _grid_cell(row - 1, column) else list(cell)


def place(state: Any, company: dict[str, Any], cell: list[int]) -> None:
    """Put a company's token in ``cell``, under those already there (7.3 stacking)."""
    if company["cell"] != cell:
        state.arrivals += 1
        company["arrival"] = state.arrivals
    company["cell"] = list(cell)
    company["price"] = cell_price(cell)


def order_key(company: dict[str, Any]) -> tuple[int, int, int, int]:
    """7.4: higher price, then further right, then higher row, then earlier arrival."""
    cell = company["cell"]
    column, row = (cell[1], cell[0]) if len(cell) == 2 else (cell[0], 0)
    return (-company["price"], -column, row, company["arrival"])
