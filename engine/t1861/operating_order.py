"""The operating order of this moment (7.4): the started minors, then the started majors, each by its
price token (the better price first; in a shared cell the token on top, the earliest arrival).

The operating round fixes it when it begins; the trainless check (15.1) takes it at the purchase
that makes companies trainless; the merger round takes its minors in it.  All read it here.
"""

from __future__ import annotations

from typing import cast

from engine.t1861.market import Cell
from engine.t1861.market_tokens import MarketTokens, operating_order
from engine.t1861.prices import market_of
from engine.t1861.state import State


def order_now(state: State) -> tuple[str, ...]:
    """7.4: the floated minors, then the floated majors, by their price tokens."""
    minors = [minor for minor, company in state.minors.items() if company["status"] == "started"]
    majors = [major for major, company in state.majors.items() if company["status"] == "started"]
    return operating_order(_market_tokens(state, [*minors, *majors]), minors, majors)


def _market_tokens(state: State, companies: list[str]) -> MarketTokens:
    """The state's price tokens as the market-token module sees them (arrival order kept)."""
    market = market_of(state)
    entries = {**state.minors, **state.majors}
    placed = sorted(companies, key=lambda company: entries[company]["arrival"])
    # A company's "cell" is only ever written from a cell of its market (prices.place), so the
    # lookup finds one; the cast says so to the type checker and checks nothing at run time.
    return MarketTokens(tuple((company, cast(Cell, market.cell(*entries[company]["cell"]))) for company in placed))
