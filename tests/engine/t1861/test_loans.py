"""Automatic loans, interest and repayment (rules sections 12.8, 13, 15.3, 23 G5, G6, G11)."""

from engine.t1861.data import DATA
from engine.t1861.loans import (
    borrow_to_cover,
    buying_power,
    interest_due,
    loan_step,
    loans_available,
    repay_on_nationalisation,
)

RULES = DATA.loans


def test_the_constants_are_section_13s():
    assert (RULES.face_value, RULES.cash_received, RULES.interest_per_loan, RULES.supply) == (50, 45, 5, 172)
    assert (RULES.maximum("minor"), RULES.maximum("major"), RULES.maximum("national")) == (2, 5, 100)


def test_a_lay_takes_loans_one_at_a_time_until_cash_covers_it():
    """G11: terrain 80 + fee 20 = 100 with ₽5 cash: two loans (₽95) fall short, so three."""
    borrowing = borrow_to_cover(RULES, "major", cash=5, loans=0, supply=172, amount=100)
    assert (borrowing.loans_taken, borrowing.cash, borrowing.loans, borrowing.supply) == (3, 140, 3, 169)
    assert borrow_to_cover(RULES, "major", cash=10, loans=0, supply=172, amount=100).loans_taken == 2


def test_no_loan_is_taken_when_cash_suffices():
    borrowing = borrow_to_cover(RULES, "minor", cash=20, loans=0, supply=172, amount=20)
    assert borrowing.loans_taken == 0 and borrowing.cash == 20


def test_an_amount_the_maximum_loans_cannot_cover_is_refused():
    """A minor with ₽0 and no loans can raise ₽90; a ₽100 cost is illegal (G11)."""
    assert borrow_to_cover(RULES, "minor", cash=0, loans=0, supply=172, amount=100) is None
    assert borrow_to_cover(RULES, "minor", cash=10, loans=0, supply=172, amount=100).loans_taken == 2
    assert buying_power(RULES, "minor", cash=0, loans=0) == 90


def test_an_empty_supply_lends_nothing():
    assert loans_available(RULES, "major", loans=0, supply=1) == 1
    assert borrow_to_cover(RULES, "major", cash=0, loans=0, supply=1, amount=50) is None


def test_a_merged_major_above_its_maximum_cannot_borrow():
    """G6: six loans from three minors stay; no new loan until below five."""
    assert loans_available(RULES, "major", loans=6, supply=100) == 0
    assert borrow_to_cover(RULES, "major", cash=30, loans=6, supply=100, amount=40) is None
    # 18xx.games counts the sixth loan against the company's buying power (kept for replay).
    assert buying_power(RULES, "major", cash=30, loans=6) == -15


def test_interest_is_charged_on_the_loans_held_when_the_round_started():
    assert interest_due(RULES, 3) == 15
    step = loan_step(RULES, "major", cash=200, loans=4, supply=100, loans_at_round_start=3)
    assert step.interest_paid == 15 and step.loans_taken == 0
    assert (step.loans_repaid, step.cash, step.loans, step.supply) == (3, 35, 1, 103)


def test_short_interest_is_borrowed_and_then_nothing_can_be_repaid():
    step = loan_step(RULES, "minor", cash=3, loans=1, supply=100, loans_at_round_start=1)
    assert (step.loans_taken, step.interest_paid, step.cash, step.loans, step.loans_repaid) == (1, 5, 43, 2, 0)
    assert not step.cannot_pay


def test_interest_unpayable_at_the_maximum_means_nationalisation():
    """Six loans after a merger (G6), ₽20 cash, ₽30 owed: no loan can be taken."""
    step = loan_step(RULES, "major", cash=20, loans=6, supply=100, loans_at_round_start=6)
    assert step.cannot_pay and step.interest_paid == 0 and step.cash == 20


def test_repayment_needs_fifty_roubles_per_loan():
    step = loan_step(RULES, "major", cash=149, loans=5, supply=100, loans_at_round_start=0)
    assert (step.loans_repaid, step.cash, step.loans) == (2, 49, 3)


def test_a_nationalised_companys_remaining_loans_leave_the_game():
    """15.3 step 1: ₽150 repays three of four loans; G5: the fourth is cancelled, not returned."""
    repayment = repay_on_nationalisation(RULES, cash=150, loans=4, supply=100)
    assert (repayment.loans_repaid, repayment.cash, repayment.loans_cancelled, repayment.supply) == (3, 0, 1, 103)


def test_the_loan_step_reads_as_what_happened() -> None:
    """The log once read 'MV pays ₽10 interest and repays 0 loan(s).': only what happened, counted in words."""
    from engine.t1861.company_turn import LOANS
    from engine.t1861.loans import loan_step_words, loans_words

    assert loan_step_words(LOANS, "MV", 10, 0, 0) == "MV pays ₽10 interest."
    assert loan_step_words(LOANS, "OK", 5, 1, 0) == "OK pays ₽5 interest and repays 1 loan (₽50)."
    assert loan_step_words(LOANS, "KR", 5, 0, 1) == "KR takes 1 loan and pays ₽5 interest."
    assert loan_step_words(LOANS, "The RSR", 0, 2, 0) == "The RSR repays 2 loans (₽100)."
    assert (loans_words(1), loans_words(2)) == ("1 loan", "2 loans")
