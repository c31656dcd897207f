"""Price tokens on the market: stacking in a cell and the operating order (sections 7.3, 7.4).

Several companies can share a cell.  A token entering a cell - by a move, on its first
placement, on conversion or merger - goes to the **bottom** of the tokens already there
(7.3); a move that leaves a token where it was (an edge of the market) does not reorder the
stack, as 18xx.games does.  :class:`MarketTokens` keeps every token in the order it arrived
in its present cell, which is exactly what the stacks and the operating order need.

Operating order (7.4): minors first, then majors, then the RSR; within minors and within
majors by higher price, then the token further right (higher column), then the higher row
(smaller row index), then the token that arrived in the cell first (the one on top).  The
order is fixed when an operating round starts; callers compute it then.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.t1861.market import Cell


@dataclass(frozen=True)
class MarketTokens:
    """Every company's price token, as (company, cell) pairs in order of arrival in their cells."""

    placements: tuple[tuple[str, Cell], ...] = ()

    def cell_of(self, company: str) -> Cell | None:
        """The cell of ``company``'s token, or None while it has none on the market."""
        for placed, cell in self.placements:
            if placed == company:
                return cell
        return None

    def stack(self, cell: Cell) -> tuple[str, ...]:
        """The companies in ``cell``, top (arrived first) to bottom."""
        return tuple(company for company, placed in self.placements if placed == cell)


def placed(tokens: MarketTokens, company: str, cell: Cell) -> MarketTokens:
    """``company``'s token put on ``cell``: at the bottom of its stack, unless it is already there."""
    if tokens.cell_of(company) == cell:
        return tokens
    return MarketTokens((*removed(tokens, company).placements, (company, cell)))


def removed(tokens: MarketTokens, company: str) -> MarketTokens:
    """``company``'s token taken off the market (a closed minor, a nationalised major)."""
    return MarketTokens(tuple(entry for entry in tokens.placements if entry[0] != company))


def operating_order(
    tokens: MarketTokens, minors: Iterable[str], majors: Iterable[str], national: str | None = None
) -> tuple[str, ...]:
    """The floated ``minors``, then the ``majors``, each in market order; then ``national``, if given."""
    order = (*_by_market(tokens, minors), *_by_market(tokens, majors))
    return (*order, national) if national is not None else order


def _by_market(tokens: MarketTokens, companies: Iterable[str]) -> list[str]:
    arrival = {company: index for index, (company, _cell) in enumerate(tokens.placements)}

    def key(company: str) -> tuple[int, int, int, int]:
        cell = tokens.cell_of(company)
        if cell is None:
            raise KeyError(f"{company} has no price token on the market.")
        return (-cell.price, -cell.column, cell.row, arrival[company])

    return sorted(companies, key=key)
