"""Buying trains: from the bank, from another company, forced purchases and the RSR's buying.

Section 12.10 (with 23 R1 step 11):

- From the bank: any train of ``depot.bank_offer`` at face value, within the train limit.
- From another company (minor or major, any owner): any price from ₽1 to the buyer's cash,
  agreed by the presidents; never from the RSR; never with loans.
- Forced purchase: a company with no train that can afford the cheapest bank train with its
  cash plus every loan it may still take (₽45 each) must buy one; it may then buy any bank
  train it can so finance, loans taken one at a time as needed.  **The president never
  contributes money and never sells shares** (12.10): in 1861 only loans close the gap.  A
  company still trainless after this step is nationalised (section 15).
- The RSR (section 6): with no train it buys the cheapest bank train on loans (up to 100);
  then, while its cash covers the next train of the line, it buys that one too.  No limit.

Loans are counted here with the data file's terms (``DATA.companies.loans``); the market
branch owns the loan ledger (supply, interest), so these functions only say how many loans a
purchase takes and the caller books them.

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
from engine.t1861.phase_changes import phase_after
from engine.t1861.train_limits import CompanyKind, has_room

RSR = "RSR"


@dataclass(frozen=True)
class Buyer:
    """The buying company as the purchase rules see it."""

    company: str
    kind: CompanyKind
    cash: int
    loans: int
    trains: tuple[str, ...]

    @property
    def loans_left(self) -> int:
        """Loans it may still take (section 13's maximum for its kind)."""
        return max(0, DATA.companies.loans.max_for(self.kind) - self.loans)


@dataclass(frozen=True)
class Purchase:
    """A legal purchase: what the buyer pays (``price``) and the loans it takes first."""

    train: str
    price: int
    loans: int = 0


def loans_needed(cash: int, price: int) -> int:
    """Loans (₽45 received each, section 13) that bring ``cash`` up to ``price``."""
    short = price - cash
    received = DATA.companies.loans.cash_received
    return 0 if short <= 0 else -(-short // received)


def financeable(buyer: Buyer, price: int) -> bool:
    """Whether ``price`` is within cash plus every loan the buyer may still take."""
    return loans_needed(buyer.cash, price) <= buyer.loans_left


def must_buy(buyer: Buyer, depot: Depot, phase: str) -> bool:
    """12.10's forced purchase: trainless, and the cheapest bank train is financeable."""
    cheapest = cheapest_offer(depot, phase)
    return not buyer.trains and cheapest is not None and financeable(buyer, train_def(cheapest).price)


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
    if must_buy(buyer, depot, phase) and financeable(buyer, price):
        return Purchase(train_id, price, loans_needed(buyer.cash, price))
    raise IllegalAction(
        f"{buyer.company} has ₽{buyer.cash} and cannot pay ₽{price} for the {train_id} train"
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
            f"A train bought from another company costs ₽1 to ₽{buyer.cash} ({buyer.company}'s cash), not ₽{price}."
        )
    _check_room(buyer, phase)
    return Purchase(train_id, price)


def rsr_purchases(depot: Depot, phase: str, cash: int, loans: int, has_train: bool) -> tuple[Purchase, ...]:
    """The RSR's automatic buys at the end of its turn, in order (section 6)."""
    bought: list[Purchase] = []
    max_loans = DATA.companies.loans.max_for("national")
    if not has_train and (first := cheapest_offer(depot, phase)) is not None:
        price = train_def(first).price
        taken = min(loans_needed(cash, price), max_loans - loans)
        if cash + taken * DATA.companies.loans.cash_received >= price:
            bought.append(Purchase(first, price, taken))
            cash, loans = cash + taken * DATA.companies.loans.cash_received - price, loans + taken
            depot, phase = sell(depot, first, phase), phase_after(phase, train_type_of(first))
    while (line := next_train(depot)) is not None and cash >= train_def(line).price:
        bought.append(Purchase(line, train_def(line).price))
        cash -= train_def(line).price
        depot, phase = sell(depot, line, phase), phase_after(phase, train_type_of(line))
    return tuple(bought)


def _check_room(buyer: Buyer, phase: str) -> None:
    if not has_room(buyer.kind, phase, buyer.trains):
        raise IllegalAction(f"{buyer.company} already holds as many trains as phase {phase} allows.")
