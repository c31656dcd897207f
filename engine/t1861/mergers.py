"""Merger-round arithmetic: conversion, minors merging into a major (section 14, 23 R2, R7).

Pure functions over plain values; the merger round (prompts, share buying, order) lives with
the rounds.  Token hand-over and prices are ``merger_tokens``; the start prices are
``par_prices``' (checked here for the merger round: a minor outside the convert range, a
"merger" of one; the grid's and the column's major par prices are the same list, so the
grid's is used); this module has the rest:

- 14.2 conversion: allowed when the minor's market cell is in the data's ``convert_range``
  zone (the grid's column 6, the column's ₽100-165; 7.1-7.2): the cell, not the price, since
  the grid's other ₽100-165 cells are outside it; the major starts at the highest major par
  price not above the minor's price.
- 14.3 price: the highest major par price not above clamp(low + high, 100, 200).
- 14.3 limits: at most 10 minors, at most 6 from one owner (``game.merger``); R2: when no
  further minor can be added the merger closes by itself (the next action names the major).
- 14.3 exchange: minors in operating order, one 10% share each to the owner; the first owner
  to receive a second share swaps the pair for the 20% president's certificate.
- 14.3 legality: some involved owner must be able to hold 20% (two minors, or cash for one
  more share at the new price).
- 14.2/14.3, 23 G6 assets: cash, trains, privates and every loan move to the major, no cap.

Public API::

    can_convert(cell)                             # in the blue convert range?
    conversion_price(cell)                        # the major's starting price
    merger_price([60, 90])                        # 150
    can_add(owners_in_merger, candidate_owner)    # 14.3 limits
    closes_automatically(owners_in_merger, candidate_owners)   # R2
    exchange(["A", "B", "A"])                     # Exchange(holdings, president)
    someone_can_be_president(exchange, price, cash_by_owner)
    combine([Assets(...), ...])                   # the major's assets
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.core.errors import IllegalAction
from engine.t1861 import par_prices
from engine.t1861.data import DATA
from engine.t1861.market import Cell, in_convert_range

Owner = str | int  # a player's id (18xx.games ids are numbers)
# The owners of one exchange are all of one kind: the engine's seats (int), or ids as a caller names them.
OwnerT = TypeVar("OwnerT", bound=Owner)


@dataclass(frozen=True)
class Exchange(Generic[OwnerT]):
    """What the minors' owners hold after the exchange: percent per owner, and the president."""

    holdings: tuple[tuple[OwnerT, int], ...]  # in the order the owners first received a share
    president: OwnerT | None  # None until someone buys up to 20% (R7)

    def percent_of(self, owner: OwnerT) -> int:
        """Percent of the major ``owner`` holds after the exchange."""
        return dict(self.holdings).get(owner, 0)


@dataclass(frozen=True)
class Assets:
    """What a company brings into a major (and, for nationalisation, hands to the RSR)."""

    cash: int = 0
    trains: tuple[str, ...] = ()
    privates: tuple[str, ...] = ()
    loans: int = 0


def can_convert(cell: Cell) -> bool:
    """Whether a minor whose price token is on ``cell`` may convert (14.2): the cell must be in
    the blue zone (7.1's column 6 on the grid).  A grid cell of the same price elsewhere, such
    as the ₽100 par cell of row 3, does not count; 18xx.games asks the cell too."""
    return in_convert_range(cell)


def conversion_price(cell: Cell) -> int:
    """The converted major's price: the highest major par price not above the minor's (14.2)."""
    if not can_convert(cell):
        raise IllegalAction(f"A minor at ₽{cell.price:,} is outside the convert range and cannot convert.")
    return par_prices.conversion_price(DATA.grid_market, cell.price)


def merger_price(minor_prices: Sequence[int]) -> int:
    """The merged major's price (14.3): par at most clamp(lowest + highest, 100, 200)."""
    if len(minor_prices) < 2:
        raise IllegalAction("A merger needs at least two minors.")
    return par_prices.merger_price(DATA.grid_market, DATA.start_prices, list(minor_prices))


def can_add(owners_in_merger: Sequence[Owner], candidate_owner: Owner) -> bool:
    """Whether one more minor of ``candidate_owner`` fits the merger's limits (14.3)."""
    limits = DATA.companies.merger
    if len(owners_in_merger) >= limits.max_minors:
        return False
    return Counter(owners_in_merger)[candidate_owner] < limits.max_minors_per_owner


def closes_automatically(owners_in_merger: Sequence[Owner], candidate_owners: Sequence[Owner]) -> bool:
    """R2: after a minor is added, no connected candidate (their owners given) can still join.

    Only once at least one partner has joined (a lone minor has not started a merger)."""
    return len(owners_in_merger) >= 2 and not any(can_add(owners_in_merger, owner) for owner in candidate_owners)


def exchange(owners_in_operating_order: Sequence[OwnerT]) -> Exchange[OwnerT]:
    """One 10% share per minor; the first owner to get a second swaps for the president's 20%."""
    received: Counter[OwnerT] = Counter()
    president: OwnerT | None = None
    for owner in owners_in_operating_order:
        received[owner] += 1
        if president is None and received[owner] == 2:
            president = owner
    return Exchange(tuple((owner, 10 * count) for owner, count in received.items()), president)


def someone_can_be_president(deal: Exchange[OwnerT], price: int, cash_by_owner: Mapping[OwnerT, int]) -> bool:
    """14.3: an owner already at 20%, or one who can afford one more share at ``price``."""
    if deal.president is not None:
        return True
    return any(cash_by_owner.get(owner, 0) >= price for owner, _ in deal.holdings)


def combine(parts: Sequence[Assets]) -> Assets:
    """Everything the minors bring, summed; loans above the major's maximum stay (23 G6)."""
    return Assets(
        cash=sum(part.cash for part in parts),
        trains=tuple(train for part in parts for train in part.trains),
        privates=tuple(private for part in parts for private in part.privates),
        loans=sum(part.loans for part in parts),
    )
