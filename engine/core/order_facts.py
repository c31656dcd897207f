"""Order facts: what a move changed that a standing order may have taken for granted.

A standing order ("pass for the rest of this stock round", "always withhold for NW") is an
answer given in advance, on the position as its player saw it.  Some changes make that
position a different one: another player sells shares the player holds, a new phase begins,
a company's trains rust, the round the order was for ends.  A title that offers such orders
reads its move's events into these facts (``Title.order_facts``, optional); the site's orders
declare which fact kinds disarm them and match facts by seat and company, knowing no rules.
"""

from __future__ import annotations

from dataclasses import dataclass

SHARES_SOLD = "shares_sold"  # ``seats``: the other holders of ``companies``; ``because``: who sold what
PHASE_CHANGED = "phase_changed"  # every seat
TRAIN_RUSTED = "train_rusted"  # ``companies``: those that lost trains
STOCK_ROUND_ENDED = "stock_round_ended"  # every seat: an order for "this stock round" has run its course

FACT_KINDS = (SHARES_SOLD, PHASE_CHANGED, TRAIN_RUSTED, STOCK_ROUND_ENDED)


@dataclass(frozen=True)
class OrderFact:
    """One change, in player words (``because``, after "cancelled because"), with whom it concerns.

    ``seats`` None means every seat; ``companies`` None means the fact is about no company in
    particular (an order about one company is then touched by it as any order is).
    """

    kind: str
    because: str
    seats: frozenset[int] | None = None
    companies: frozenset[str] | None = None

    def touches(self, seat: int, company: str | None) -> bool:
        """Whether an order of ``seat`` (about ``company``, if any) assumed what this fact changed."""
        if self.seats is not None and seat not in self.seats:
            return False
        return self.companies is None or company is None or company in self.companies
