"""Dividends: who receives a company's revenue, and how its price moves (sections 7.3, 12.7).

The bank pays every amount here; revenue is new money, so the figures say what the bank pays
to whom.  What it does not pay - the bank pool's shares' part - simply stays in the bank:
:attr:`MajorDividend.unpaid`.  In every case ``withheld + to_treasury + sum(to_holders) +
unpaid == revenue``.  (Rounding up per holder can make ``unpaid`` a few roubles smaller, even
below zero, when the paid amount is not a multiple of ₽10; 1861's revenues always are.)

- **Minor** (automatic): the minor keeps half its revenue rounded down, its owner gets the
  rest; price right if revenue > 0, left if it is 0.
- **Major**, as its president chooses (a run of ₽0 is an automatic withhold):
  - *payout*: per share = revenue ÷ 10; each holder gets per share x its shares, rounded up
    per holder (a president's certificate is two shares); shares in the company's treasury pay
    the company; shares in the bank pool pay nobody;
  - *half*: the company keeps floor(revenue / 20) x 10 and pays the rest out as above;
  - *withhold*: the company keeps everything.
  Price: right if the amount distributed (the whole payout, or the paid half - not the
  per-share amount) is at least the share price; no move if it is smaller but positive; left
  if nothing was distributed.
- **RSR**: keeps everything; it has no price.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from engine.t1861.data import DATA
from engine.t1861.market import Cell, Direction, Market, moved

# One share of a major (10%): its 100% is ten shares, the president's 20% certificate two.
SHARE_PERCENT = min(DATA.raw["majors"][0]["shares"])
TOTAL_SHARES = sum(DATA.raw["majors"][0]["shares"]) // SHARE_PERCENT


class DividendKind(StrEnum):
    """A major president's choice (section 12.7)."""

    PAYOUT = "payout"
    HALF = "half"
    WITHHOLD = "withhold"


@dataclass(frozen=True)
class MinorDividend:
    """A minor's revenue split: what the minor keeps, what its owner receives, where its price goes."""

    revenue: int
    to_minor: int
    to_owner: int
    cell_after: Cell


@dataclass(frozen=True)
class MajorDividend:
    """A major's dividend: every rouble of its revenue, and its price afterwards."""

    kind: DividendKind
    revenue: int
    withheld: int  # kept by the company before any payout
    to_treasury: int  # paid to the company for the shares in its own treasury
    to_holders: tuple[tuple[str, int], ...]  # (holder, amount) for every holder paid
    unpaid: int  # the pool's shares' part, less rounding up: stays in the bank
    cell_after: Cell

    @property
    def per_share(self) -> Fraction:
        """What one share earns (exact; each holder's total is rounded up)."""
        return Fraction(self.distributed, TOTAL_SHARES)

    @property
    def distributed(self) -> int:
        """What was paid out (the amount the price movement compares with the share price)."""
        return self.revenue - self.withheld

    @property
    def to_company(self) -> int:
        """Everything the company receives: its withheld part and its treasury shares' dividend."""
        return self.withheld + self.to_treasury


def per_share_words(paid: MajorDividend) -> str:
    """What one share earns, as mails and logs say it ("₽6 a share"; to a tenth when not whole)."""
    per = paid.per_share
    return f"₽{per.numerator:,} a share" if per.denominator == 1 else f"₽{float(per):.1f} a share"


def minor_dividend(market: Market, cell: Cell, revenue: int) -> MinorDividend:
    """A minor's automatic 50/50 split (section 12.7) and its move (right if revenue > 0, else left)."""
    _check_revenue(revenue)
    to_minor = revenue // 2
    direction = Direction.RIGHT if revenue > 0 else Direction.LEFT
    return MinorDividend(revenue, to_minor, revenue - to_minor, moved(market, cell, direction, "minor"))


def major_dividend(
    market: Market,
    cell: Cell,
    kind: DividendKind,
    revenue: int,
    holders: Mapping[str, int],
    treasury_percent: int,
) -> MajorDividend:
    """A major's dividend of ``kind``; ``holders`` maps each holder to the percent it holds.

    Percent in the bank pool is what neither ``holders`` nor the treasury hold.
    """
    _check_revenue(revenue)
    if sum(holders.values()) + treasury_percent > TOTAL_SHARES * SHARE_PERCENT:
        raise ValueError("The holdings add up to more than the whole company.")
    if revenue == 0:
        kind = DividendKind.WITHHOLD
    withheld = _withheld(kind, revenue)
    distributed = revenue - withheld
    to_holders = tuple(
        (holder, _dividend(percent, distributed))
        for holder, percent in holders.items()
        if _dividend(percent, distributed)
    )
    to_treasury = _dividend(treasury_percent, distributed)
    unpaid = distributed - to_treasury - sum(amount for _holder, amount in to_holders)
    direction = major_dividend_direction(distributed, cell.price)
    cell_after = moved(market, cell, direction, "major") if direction else cell
    return MajorDividend(kind, revenue, withheld, to_treasury, to_holders, unpaid, cell_after)


def major_dividend_direction(distributed: int, share_price: int) -> Direction | None:
    """Right if ``distributed`` ≥ the price, none if smaller but positive, left if nothing (7.3)."""
    if distributed <= 0:
        return Direction.LEFT
    return Direction.RIGHT if distributed >= share_price else None


def _withheld(kind: DividendKind, revenue: int) -> int:
    if kind is DividendKind.WITHHOLD:
        return revenue
    if kind is DividendKind.HALF:
        return revenue // 2 // TOTAL_SHARES * TOTAL_SHARES
    return 0


def _dividend(percent: int, distributed: int) -> int:
    """A holding's part of ``distributed``: its shares x distributed / 10, rounded up (12.7)."""
    if percent < 0 or percent % SHARE_PERCENT:
        raise ValueError(f"A holding of {percent}% is not a whole number of shares.")
    return -(-(percent // SHARE_PERCENT) * distributed // TOTAL_SHARES)


def _check_revenue(revenue: int) -> None:
    if revenue < 0:
        raise ValueError("Revenue cannot be negative.")
