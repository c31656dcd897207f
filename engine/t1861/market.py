"""The stock market: its cells and how one price token moves (rules sections 7.1-7.3, 23 G9).

1861 has two markets, both in the data file's ``stock_market`` section: the default 2-D grid
(7.1, ``rows[r][c]`` = ``null`` or ``{price, zones}``, row 0 at the top) and the 1-D column of
1867 (7.2, option ``column_market``), which is kept here as a grid of one row so a cell is
always named by ``(row, column)``, exactly as 18xx.games names it: ``"<price>,<row>,<column>"``.

A token moves one step at a time in one of four directions (:class:`Direction`); which events
ask for which steps is :mod:`engine.t1861.market_events` and :mod:`engine.t1861.dividends`.
The moves differ for minors and majors only at the edges:

- right: a minor on the minor ceiling (zone ``minor_max_price``) moves up instead on the grid
  and stays on the column; otherwise one cell right, or up at the right end of a row;
- up: one row up if that cell exists; from row 0 a major goes one down and one right (the same
  price, 7.3) unless that cell is missing, as for the 540 top-right cell (23 G9); a minor in
  row 0 stays; on the column up is right;
- left: one cell left, or down at the left end of a row; on the column it stops at the bottom;
- down: one row down if that cell exists, otherwise the token stays; on the column down is left.

Zones carry no movement of their own beyond the minor ceiling: they say where companies may
start (:mod:`engine.t1861.par_prices`) and which minors may convert (:func:`in_convert_range`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal

CompanyKind = Literal["minor", "major"]

GRID = "grid"
COLUMN = "column"

MINOR_CEILING = "minor_max_price"
CONVERT_RANGE = "convert_range"


class Direction(StrEnum):
    """One step of a price token (section 7.3)."""

    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"


@dataclass(frozen=True)
class Cell:
    """One market cell: its price, its zones and where it lies."""

    price: int
    zones: frozenset[str]
    row: int
    column: int

    @property
    def id(self) -> str:
        """The cell as 18xx.games records name it: ``"<price>,<row>,<column>"``."""
        return f"{self.price},{self.row},{self.column}"


@dataclass(frozen=True)
class Market:
    """One of the two markets: ``kind`` is ``"grid"`` or ``"column"``; ``rows[r][c]`` a cell or None."""

    kind: str
    rows: tuple[tuple[Cell | None, ...], ...]
    major_par_prices: tuple[int, ...]  # highest first, as the data file lists them
    minor_par_prices: tuple[int, ...]

    def cell(self, row: int, column: int) -> Cell | None:
        """The cell at ``(row, column)``, or None where the market has none."""
        if 0 <= row < len(self.rows) and 0 <= column < len(self.rows[row]):
            return self.rows[row][column]
        return None

    def cell_by_id(self, cell_id: str) -> Cell:
        """The cell an 18xx.games record names ``"<price>,<row>,<column>"``."""
        price, row, column = (int(part) for part in cell_id.split(","))
        cell = self.cell(row, column)
        if cell is None or cell.price != price:
            raise KeyError(f"The {self.kind} market has no cell {cell_id!r}.")
        return cell

    def cells(self) -> tuple[Cell, ...]:
        """Every cell, row by row."""
        return tuple(cell for row in self.rows for cell in row if cell is not None)


def market_from_json(raw: dict[str, Any], kind: str) -> Market:
    """The data file's ``stock_market`` section read as the grid or the column."""
    if kind == GRID:
        rows = tuple(
            tuple(None if entry is None else _cell(entry, r, c) for c, entry in enumerate(row))
            for r, row in enumerate(raw["grid"]["rows"])
        )
    elif kind == COLUMN:
        rows = (tuple(_cell(entry, 0, c) for c, entry in enumerate(raw["column"]["cells"])),)
    else:
        raise ValueError(f"1861 has no {kind!r} market")
    return Market(
        kind=kind,
        rows=rows,
        major_par_prices=tuple(raw[f"major_par_prices_{kind}"]),
        minor_par_prices=tuple(raw[f"minor_par_prices_{kind}"]),
    )


def moved(market: Market, cell: Cell, direction: Direction, kind: CompanyKind) -> Cell:
    """Where a ``kind`` company's token at ``cell`` ends after one step ``direction``."""
    if market.kind == COLUMN:
        return _moved_on_column(market, cell, direction, kind)
    return _GRID_MOVES[direction](market, cell, kind)


def moved_times(market: Market, cell: Cell, direction: Direction, kind: CompanyKind, times: int) -> Cell:
    """``times`` single steps in one direction (nationalisation and game end move left per loan)."""
    for _ in range(times):
        cell = moved(market, cell, direction, kind)
    return cell


def in_convert_range(cell: Cell) -> bool:
    """May a minor at this price convert to a major in a merger round (7.1 blue zone, 14.2)?"""
    return CONVERT_RANGE in cell.zones


def _grid_right(market: Market, cell: Cell, kind: CompanyKind) -> Cell:
    if kind == "minor" and MINOR_CEILING in cell.zones:
        return _grid_up(market, cell, kind)
    return market.cell(cell.row, cell.column + 1) or _grid_up(market, cell, kind)


def _grid_up(market: Market, cell: Cell, kind: CompanyKind) -> Cell:
    if cell.row > 0:
        return market.cell(cell.row - 1, cell.column) or cell
    if kind == "major":
        # Row 0: same price one row down and one right; the 540 cell has none (23 G9).
        return market.cell(cell.row + 1, cell.column + 1) or cell
    return cell


def _grid_left(market: Market, cell: Cell, kind: CompanyKind) -> Cell:
    return market.cell(cell.row, cell.column - 1) or _grid_down(market, cell, kind)


def _grid_down(market: Market, cell: Cell, kind: CompanyKind) -> Cell:
    return market.cell(cell.row + 1, cell.column) or cell


_GRID_MOVES = {
    Direction.RIGHT: _grid_right,
    Direction.UP: _grid_up,
    Direction.LEFT: _grid_left,
    Direction.DOWN: _grid_down,
}


def _moved_on_column(market: Market, cell: Cell, direction: Direction, kind: CompanyKind) -> Cell:
    if direction in (Direction.RIGHT, Direction.UP):
        if kind == "minor" and MINOR_CEILING in cell.zones:
            return cell
        return market.cell(0, cell.column + 1) or cell
    return market.cell(0, cell.column - 1) or cell


def _cell(entry: dict[str, Any], row: int, column: int) -> Cell:
    return Cell(price=entry["price"], zones=frozenset(entry["zones"]), row=row, column=column)
