"""Loans and interest, all automatic (rules sections 12.8, 13, 15.3, 23 G5, G6, G11).

A loan has a face value of ₽50 of which the company receives ₽45 (the bank keeps ₽5); it
costs ₽5 interest per operating round.  A minor may hold 2, a major 5, the RSR 100; all of
them draw on one supply of 172 loans.  Players never choose a loan: a company takes them one
at a time, only when its cash is short for

- track costs: terrain plus the ₽20 second-lay fee, charged together; if even its maximum
  loans cannot cover the whole amount, the lay is illegal (23 G11);
- a forced train purchase from the bank (12.10), or the RSR's obligatory train (6);
- interest (13).

The loan step of a company's turn (12.8, 13): it owes ₽5 per loan it held when the
operating round started (loans taken later are charged from the next round); if cash is
short it borrows up to its maximum; if it still cannot pay it is nationalised (and pays
nothing).  Then, while it has loans and at least ₽50, it repays ₽50 per loan; repaid loans
go back to the supply.

- A merged major keeps every loan of its minors, even above its maximum; it pays interest
  on all of them and can borrow again only once below the maximum (23 G6).
- Whether a step waits for a lay or forces a train purchase is decided on
  :func:`buying_power` (18xx.games' figure; see its docstring); what is actually lent is
  capped by the maximum and the supply (:func:`loans_available`).
- On nationalisation the company first repays ₽50 loans while it has at least ₽50 (15.3);
  loans still owed after that are cancelled and leave the game - the supply does not get them
  back (23 G5).

Money: a loan moves ``cash_received`` from the bank to the company, a repayment
``face_value`` back, interest goes to the bank.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

LoanTaker = str  # "minor", "major" or "national" (the RSR)


@dataclass(frozen=True)
class LoanRules:
    """The data file's ``game.loans`` constants."""

    face_value: int
    cash_received: int
    interest_per_loan: int
    max_loans: Mapping[LoanTaker, int]
    supply: int  # loans in the game at the start

    def maximum(self, kind: LoanTaker) -> int:
        """The most loans a company of ``kind`` may take (it may hold more after a merger, G6)."""
        return self.max_loans[kind]


@dataclass(frozen=True)
class Borrowing:
    """Loans taken to cover an amount, and the company's cash, loans and the supply afterwards."""

    loans_taken: int
    cash: int
    loans: int
    supply: int


@dataclass(frozen=True)
class LoanStep:
    """The outcome of a company's loan step (12.8): interest, new loans, repayments."""

    interest_paid: int
    loans_taken: int
    loans_repaid: int
    cash: int
    loans: int
    supply: int
    cannot_pay: bool  # interest unpaid even at the maximum: the company is nationalised (13)


@dataclass(frozen=True)
class NationalisationRepayment:
    """What happens to a nationalised company's loans (15.3 step 1, 23 G5)."""

    loans_repaid: int
    cash: int
    loans_cancelled: int  # owed after repaying: they leave the game
    supply: int


def loan_rules_from_json(game: dict[str, Any]) -> LoanRules:
    """The loan constants of the data file's ``game`` section."""
    loans = game["loans"]
    return LoanRules(
        face_value=loans["face_value"],
        cash_received=loans["cash_received"],
        interest_per_loan=loans["interest_per_loan_per_or"],
        max_loans=MappingProxyType(dict(loans["max_per_company"])),
        supply=loans["loans_in_supply"],
    )


def loans_available(rules: LoanRules, kind: LoanTaker, loans: int, supply: int) -> int:
    """How many more loans the company may take now (none while at or above its maximum)."""
    return max(0, min(rules.maximum(kind) - loans, supply))


def buying_power(rules: LoanRules, kind: LoanTaker, cash: int, loans: int) -> int:
    """Cash plus ₽45 per loan below the maximum: what a lay or a forced purchase may cost (23 R1).

    This is 18xx.games' figure, kept for replay: it ignores the supply, and above the maximum
    (a merged major, G6) it is *less* than the cash - six loans count as minus one loan.
    """
    return cash + rules.cash_received * (rules.maximum(kind) - loans)


def borrow_to_cover(
    rules: LoanRules, kind: LoanTaker, cash: int, loans: int, supply: int, amount: int
) -> Borrowing | None:
    """Loans taken one at a time until cash covers ``amount``; None if the maximum cannot (G11)."""
    short = max(0, amount - cash)
    needed = -(-short // rules.cash_received)
    if needed > loans_available(rules, kind, loans, supply):
        return None
    return Borrowing(needed, cash + needed * rules.cash_received, loans + needed, supply - needed)


def interest_due(rules: LoanRules, loans_at_round_start: int) -> int:
    """₽5 per loan held when the operating round started (13)."""
    return rules.interest_per_loan * loans_at_round_start


def loan_step(
    rules: LoanRules, kind: LoanTaker, cash: int, loans: int, supply: int, loans_at_round_start: int
) -> LoanStep:
    """Interest (borrowing if short), then repayment while cash ≥ ₽50 (12.8, 13)."""
    owed = interest_due(rules, loans_at_round_start)
    taken = 0
    while owed > cash and loans_available(rules, kind, loans, supply):
        cash, loans, supply, taken = cash + rules.cash_received, loans + 1, supply - 1, taken + 1
    if owed > cash:
        return LoanStep(0, taken, 0, cash, loans, supply, cannot_pay=True)
    cash -= owed
    repaid = min(loans, cash // rules.face_value)
    return LoanStep(
        owed, taken, repaid, cash - repaid * rules.face_value, loans - repaid, supply + repaid, cannot_pay=False
    )


def repay_on_nationalisation(rules: LoanRules, cash: int, loans: int, supply: int) -> NationalisationRepayment:
    """Repay ₽50 per loan while cash allows; the rest of the loans are cancelled (15.3, G5)."""
    repaid = min(loans, cash // rules.face_value)
    return NationalisationRepayment(repaid, cash - repaid * rules.face_value, loans - repaid, supply + repaid)


def loans_words(count: int) -> str:
    """"1 loan", "3 loans": a log line's count, without "loan(s)"."""
    return f"{count} loan{'' if count == 1 else 's'}"


def loan_step_words(rules: LoanRules, name: str, interest: int, repaid: int, taken: int) -> str:
    """"MV takes 1 loan, pays ₽10 interest and repays 2 loans (₽100).": only what happened."""
    done = ([f"takes {loans_words(taken)}"] if taken else []) + ([f"pays ₽{interest:,} interest"] if interest else []) \
        + ([f"repays {loans_words(repaid)} (₽{repaid * rules.face_value:,})"] if repaid else [])
    said = done[0] if len(done) == 1 else ", ".join(done[:-1]) + " and " + done[-1]
    return f"{name} {said}."
