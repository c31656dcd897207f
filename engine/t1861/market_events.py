"""Which events move a price token, and how far (sections 7.3, 10.2, 10.5, 15.3, 17).

Dividends are in :mod:`engine.t1861.dividends`; the other triggers are here:

- a sell action in a stock round by whoever was the major's president before it: one step down,
  however many shares it sold; a non-president's sale does not move the price (7.3, 10.2;
  18xx.games moves once per sell action, section 20 point 1);
- sold out at the end of a stock round: a started major whose shares are all held by players
  (none in its treasury or the pool) moves up; minors never do (7.3, 10.5).  The majors move
  one after another in operating order, which decides their order in a shared cell
  (:func:`end_of_stock_round`);
- nationalisation: one step left, then one more per loan still owed after repaying (15.3);
- end of game: one step left per loan still owed, before scoring (13, 17).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.t1861.market import Cell, CompanyKind, Direction, Market, moved, moved_times
from engine.t1861.market_tokens import MarketTokens, operating_order, placed

ALL_SHARES_PERCENT = 100


def after_sale(market: Market, cell: Cell, *, by_president: bool) -> Cell:
    """The price after one sell action of a major's shares (down once if the president sold)."""
    return moved(market, cell, Direction.DOWN, "major") if by_president else cell


def is_sold_out(percent_held_by_players: int) -> bool:
    """Are all of a major's shares in players' hands (none in treasury or pool)?"""
    return percent_held_by_players >= ALL_SHARES_PERCENT


def after_stock_round(market: Market, cell: Cell, percent_held_by_players: int) -> Cell:
    """A started major's price at the end of a stock round: up once if it is sold out."""
    return moved(market, cell, Direction.UP, "major") if is_sold_out(percent_held_by_players) else cell


def end_of_stock_round(
    market: Market, tokens: MarketTokens, percent_held_by_players: Mapping[str, int]
) -> MarketTokens:
    """Every started major (the keys) moved up if sold out, one by one in operating order (10.5)."""
    for major in operating_order(tokens, (), percent_held_by_players):
        cell = tokens.cell_of(major)
        assert cell is not None  # operating_order refuses a major without a token
        tokens = placed(tokens, major, after_stock_round(market, cell, percent_held_by_players[major]))
    return tokens


def after_nationalisation(market: Market, cell: Cell, kind: CompanyKind, loans_still_owed: int) -> Cell:
    """The price paid out on nationalisation: one left, plus one left per loan still owed (15.3)."""
    return moved_times(market, cell, Direction.LEFT, kind, 1 + loans_still_owed)


def at_game_end(market: Market, cell: Cell, kind: CompanyKind, loans_outstanding: int) -> Cell:
    """The price that scores: one left per outstanding loan (13, 17)."""
    return moved_times(market, cell, Direction.LEFT, kind, loans_outstanding)
