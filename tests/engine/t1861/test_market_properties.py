"""Properties of the market, dividends and loans over random inputs (hypothesis).

- every move stays on the market, and a minor never goes right of its ceiling (7.3);
- the operating order is a permutation of the companies, minors before majors (7.4);
- every rouble of revenue ends somewhere: with the company, a holder, or unpaid in the bank
  (12.7); the price moves at most one cell;
- loans are never negative, never above the maximum unless they were before (G6), and the
  company's cash and the supply change exactly by what was lent and repaid (13).
"""

from hypothesis import given
from hypothesis import strategies as st

from engine.t1861.data import DATA
from engine.t1861.dividends import DividendKind, major_dividend, minor_dividend
from engine.t1861.loans import borrow_to_cover, loan_step, repay_on_nationalisation
from engine.t1861.market import Direction, moved
from engine.t1861.market_tokens import MarketTokens, operating_order, placed

MARKETS = [DATA.market(), DATA.market(column_market=True)]
RULES = DATA.loans
KINDS = st.sampled_from(["minor", "major"])
MAJOR_CELLS = st.sampled_from([cell for market in MARKETS for cell in market.cells()])


def _market_of(cell):
    return MARKETS[0] if cell in MARKETS[0].cells() else MARKETS[1]


def _minor_cells(market):
    """Cells a minor can reach: at or left of the ceiling column (7.1)."""
    ceiling = min(cell.column for cell in market.cells() if "minor_max_price" in cell.zones)
    return [cell for cell in market.cells() if cell.column <= ceiling]


@given(
    st.sampled_from([0, 1]),
    KINDS,
    st.data(),
    st.lists(st.sampled_from(list(Direction)), max_size=60),
)
def test_moves_stay_on_the_market_and_minors_under_their_ceiling(which, kind, data, directions):
    market = MARKETS[which]
    cells = _minor_cells(market) if kind == "minor" else list(market.cells())
    cell = data.draw(st.sampled_from(cells))
    for direction in directions:
        after = moved(market, cell, direction, kind)
        assert market.cell(after.row, after.column) == after
        if kind == "minor":
            assert after in cells
        if direction in (Direction.RIGHT, Direction.UP):
            assert after.price >= cell.price
        else:
            assert after.price <= cell.price
        cell = after


@given(st.lists(st.tuples(st.sampled_from(["N", "KR", "RO", "NW", "SW", "MK"]), MAJOR_CELLS), max_size=20))
def test_operating_order_is_every_company_once_minors_first(placements):
    tokens = MarketTokens()
    for company, cell in placements:
        tokens = placed(tokens, company, cell)
    present = {company for company, _cell in tokens.placements}
    minors = [company for company in ("N", "KR", "RO") if company in present]
    majors = [company for company in ("NW", "SW", "MK") if company in present]
    order = operating_order(tokens, minors, majors)
    assert sorted(order) == sorted(present)
    assert set(order[: len(minors)]) == set(minors)
    prices = [tokens.cell_of(company).price for company in order[len(minors) :]]
    assert prices == sorted(prices, reverse=True)


@given(
    MAJOR_CELLS,
    st.sampled_from(list(DividendKind)),
    st.integers(0, 3000),
    st.lists(st.integers(0, 6), min_size=1, max_size=6),
    st.integers(0, 10),
)
def test_every_rouble_of_a_major_dividend_ends_somewhere(cell, kind, revenue, holdings, treasury_shares):
    shares = []
    left = 10
    for count in holdings:
        shares.append(min(count, left))
        left -= shares[-1]
    treasury = min(treasury_shares, left)
    holders = {f"p{seat}": 10 * count for seat, count in enumerate(shares)}
    market = _market_of(cell)
    dividend = major_dividend(market, cell, kind, revenue, holders, 10 * treasury)
    paid = sum(amount for _holder, amount in dividend.to_holders)
    assert dividend.withheld + dividend.to_treasury + paid + dividend.unpaid == revenue
    assert min(dividend.withheld, dividend.to_treasury, paid) >= 0
    # the pool's part, less at most one rouble of rounding up per payee
    pool_part = (10 - sum(shares) - treasury) * dividend.per_share
    assert pool_part - (len(holders) + 1) <= dividend.unpaid <= pool_part
    assert abs(dividend.cell_after.column - cell.column) + abs(dividend.cell_after.row - cell.row) <= 2


@given(st.integers(0, 3000))
def test_every_rouble_of_a_minor_dividend_ends_somewhere(revenue):
    dividend = minor_dividend(MARKETS[0], MARKETS[0].cell(5, 3), revenue)
    assert dividend.to_minor + dividend.to_owner == revenue
    assert 0 <= dividend.to_owner - dividend.to_minor <= 1


LOAN_KINDS = st.sampled_from(["minor", "major", "national"])


@given(LOAN_KINDS, st.integers(0, 2000), st.integers(0, 8), st.integers(0, 172), st.integers(0, 2000))
def test_borrowing_never_goes_negative_or_past_the_maximum(kind, cash, loans, supply, amount):
    borrowing = borrow_to_cover(RULES, kind, cash, loans, supply, amount)
    if borrowing is None:
        return
    assert borrowing.cash >= amount
    assert borrowing.loans >= loans and borrowing.supply >= 0
    assert borrowing.loans <= max(loans, RULES.maximum(kind))
    assert borrowing.cash - cash == RULES.cash_received * borrowing.loans_taken
    assert supply - borrowing.supply == borrowing.loans_taken
    assert borrowing.cash - RULES.cash_received < amount or borrowing.loans_taken == 0  # one at a time


@given(LOAN_KINDS, st.integers(0, 2000), st.integers(0, 8), st.integers(0, 172), st.integers(0, 8))
def test_the_loan_step_keeps_the_books(kind, cash, loans, supply, at_start):
    step = loan_step(RULES, kind, cash, loans, supply, at_start)
    assert step.loans >= 0 and step.supply >= 0 and step.cash >= 0
    assert step.loans <= max(loans, RULES.maximum(kind))
    lent = RULES.cash_received * step.loans_taken
    assert step.cash == cash + lent - step.interest_paid - RULES.face_value * step.loans_repaid
    assert step.loans == loans + step.loans_taken - step.loans_repaid
    assert step.supply == supply - step.loans_taken + step.loans_repaid
    if not step.cannot_pay:
        assert step.interest_paid == RULES.interest_per_loan * at_start
        assert step.loans == 0 or step.cash < RULES.face_value


@given(st.integers(0, 2000), st.integers(0, 8), st.integers(0, 172))
def test_nationalisation_repays_then_cancels_never_below_zero(cash, loans, supply):
    repayment = repay_on_nationalisation(RULES, cash, loans, supply)
    assert repayment.cash >= 0 and repayment.loans_cancelled >= 0
    assert repayment.loans_repaid + repayment.loans_cancelled == loans
    assert repayment.supply == supply + repayment.loans_repaid
