"""Buying trains: from the bank, from another company, forced purchases and the RSR's buying.

Section 12.10 (with 23 R1 step 11):

- From the bank: any train of ``depot.bank_offer`` at face value, within the train limit.
- From another company (minor or major, any owner): any price from ₽1 to the buyer's cash,
  agreed by the presidents; never from the RSR; never with loans.
- Forced purchase: a company with no train that can afford the cheapest bank train with its
  cash plus every loan it may still take (₽45 each; above the maximum, G6, see
  :func:`must_buy`) must buy one; it may then buy any bank
  train it can so finance, loans taken one at a time as needed.  **The president never
  contributes money and never sells shares** (12.10): in 1861 only loans close the gap.  A
  company still trainless after this step is nationalised (section 15).
- The RSR (section 6): with no train it buys the cheapest bank train on loans (up to 100);
  then, while its cash covers the next train of the line, it buys that one too.  No limit.

Loans follow ``engine.t1861.loans`` (``DATA.loans``): whether a purchase is forced is its
:func:`~engine.t1861.loans.buying_power`, what is lent is its
:func:`~engine.t1861.loans.borrow_to_cover` (capped by the maximum and the supply).  These
functions only say how many loans a purchase takes; the caller books them in the ledger.

Public API::

    buyer = Buyer("MK", "major", cash=120, loans=1, trains=())
    must_buy(buyer, depot, phase)                          # forced purchase applies?
    buy_step_waits(buyer, depot, phase, others_own_trains) # 23 R1 step 11: prompt, or skip?
    bank_purchase(buyer, "4-0", depot, phase)              # -> Purchase(train, price, loans)
    company_purchase(buyer, "KR", "3-1", 50, phase)        # -> Purchase (never loans)
    rsr_purchases(depot, phase, cash, loans, has_train)    # the RSR's automatic buys, in order
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.errors import IllegalAction
from engine.t1861.data import DATA
from engine.t1861.depot import Depot, cheapest_offer, next_train, require_offered, sell, train_def, train_type_of
from engine.t1861.loans import borrow_to_cover, buying_power
from engine.t1861.phase_changes import phase_after
from engine.t1861.train_limits import CompanyKind, has_room

RSR = DATA.companies.rsr_id  # the national, as the data file names it


@dataclass(frozen=True)
class Buyer:
    """The buying company as the purchase rules see it."""

    company: str
    kind: CompanyKind
    cash: int
    loans: int
    trains: tuple[str, ...]
    supply: int = DATA.loans.supply  # loans left in the game's supply (section 13)


@dataclass(frozen=True)
class Purchase:
    """A legal purchase: what the buyer pays (``price``) and the loans it takes first."""

    train: str
    price: int
    loans: int = 0


def must_buy(buyer: Buyer, depot: Depot, phase: str) -> bool:
    """12.10's forced purchase: trainless, and the cheapest bank train within its buying power.

    Buying power is cash plus ₽45 per loan below the maximum (``loans.buying_power``, as
    18xx.games decides it, 23 R1 step 11).  Up to the maximum this is "cash plus every loan it
    may still take"; a merged major above its maximum (G6) has less than its cash, so with
    cash just over the price it is not forced and may pass (and is nationalised, 15.1).
    """
    cheapest = cheapest_offer(depot, phase)
    if buyer.trains or cheapest is None:
        return False
    return buying_power(DATA.loans, buyer.kind, buyer.cash, buyer.loans) >= train_def(cheapest).price


def buy_step_waits(buyer: Buyer, depot: Depot, phase: str, others_own_trains: bool) -> bool:
    """23 R1 step 11: whether the buy-trains step asks (``buy_train`` or ``pass``) or is skipped.

    It asks a forced buyer (who may not pass), and otherwise a company with room whose cash
    covers the cheapest candidate: the cheapest bank train at face value, or ₽1 when any other
    company owns a train.  The RSR's trains count here although they cannot be bought
    (18xx.games does so, and recorded games carry the resulting ``pass``)."""
    if must_buy(buyer, depot, phase):
        return True
    if not has_room(buyer.kind, phase, buyer.trains):
        return False
    cheapest = cheapest_offer(depot, phase)
    prices = ([train_def(cheapest).price] if cheapest else []) + ([1] if others_own_trains else [])
    return bool(prices) and buyer.cash >= min(prices)


def bank_purchase(buyer: Buyer, train_id: str, depot: Depot, phase: str) -> Purchase:
    """The purchase of ``train_id`` from the bank at face value; loans only when forced."""
    require_offered(depot, train_id, phase)
    _check_room(buyer, phase)
    price = train_def(train_id).price
    if price <= buyer.cash:
        return Purchase(train_id, price)
    if must_buy(buyer, depot, phase):
        borrowing = borrow_to_cover(DATA.loans, buyer.kind, buyer.cash, buyer.loans, buyer.supply, price)
        if borrowing is not None:
            return Purchase(train_id, price, borrowing.loans_taken)
    raise IllegalAction(
        f"{buyer.company} has ₽{buyer.cash:,} and cannot pay ₽{price:,} for the {train_id} train"
        + ("." if buyer.trains else " even with every loan it may still take.")
    )


def company_purchase(buyer: Buyer, seller: str, train_id: str, price: int, phase: str) -> Purchase:
    """A train bought from ``seller`` for an agreed ``price`` (₽1 to the buyer's cash, no loans)."""
    if seller == RSR:
        raise IllegalAction("No company may buy a train from the RSR.")
    if seller == buyer.company:
        raise IllegalAction(f"{buyer.company} cannot buy its own {train_id} train.")
    if not 1 <= price <= buyer.cash:
        raise IllegalAction(
            f"A train bought from another company costs ₽1 to ₽{buyer.cash:,} ({buyer.company}'s cash), not ₽{price:,}."
        )
    _check_room(buyer, phase)
    return Purchase(train_id, price)


def rsr_purchases(
    depot: Depot, phase: str, cash: int, loans: int, has_train: bool, supply: int = DATA.loans.supply
) -> tuple[Purchase, ...]:
    """The RSR's automatic buys at the end of its turn, in order (section 6)."""
    bought: list[Purchase] = []
    if not has_train and (first := cheapest_offer(depot, phase)) is not None:
        price = train_def(first).price
        borrowing = borrow_to_cover(DATA.loans, "national", cash, loans, supply, price)
        if borrowing is not None:
            bought.append(Purchase(first, price, borrowing.loans_taken))
            cash = borrowing.cash - price
            depot, phase = sell(depot, first, phase), phase_after(phase, train_type_of(first))
    while (line := next_train(depot)) is not None and cash >= train_def(line).price:
        bought.append(Purchase(line, train_def(line).price))
        cash -= train_def(line).price
        depot, phase = sell(depot, line, phase), phase_after(phase, train_type_of(line))
    return tuple(bought)


def _check_room(buyer: Buyer, phase: str) -> None:
    if not has_room(buyer.kind, phase, buyer.trains):
        raise IllegalAction(f"{buyer.company} already holds as many trains as phase {phase} allows.")
