"""Dividends of minors and majors and the moves they cause (rules sections 7.3, 12.7)."""

from fractions import Fraction

import pytest

from engine.t1861.data import DATA
from engine.t1861.dividends import DividendKind, major_dividend, major_dividend_direction, minor_dividend
from engine.t1861.market import Direction

GRID = DATA.market()


def at(row, column):
    return GRID.cell(row, column)


def test_a_minor_keeps_half_rounded_down_and_its_owner_gets_the_rest():
    dividend = minor_dividend(GRID, at(5, 3), 75)
    assert (dividend.to_minor, dividend.to_owner) == (37, 38)
    assert dividend.cell_after == at(5, 4)


def test_a_minor_that_earns_nothing_moves_left():
    dividend = minor_dividend(GRID, at(5, 3), 0)
    assert (dividend.to_minor, dividend.to_owner) == (0, 0)
    assert dividend.cell_after == at(5, 2)


def test_a_payout_pays_every_holder_per_share_and_the_treasury_to_the_company():
    """Revenue 250 at price 100: ₽25 a share; president 40%, one other 20%, treasury 30%, pool 10%."""
    dividend = major_dividend(GRID, at(3, 4), DividendKind.PAYOUT, 250, {"ann": 40, "bob": 20}, 30)
    assert dividend.per_share == 25
    assert dict(dividend.to_holders) == {"ann": 100, "bob": 50}
    assert dividend.to_treasury == 75 and dividend.withheld == 0
    assert dividend.unpaid == 25  # the pool's share stays in the bank
    assert dividend.cell_after == at(3, 5)  # 250 >= 100: right


def test_half_keeps_half_rounded_down_to_ten_and_pays_the_rest():
    """Revenue 170: the company keeps 80, pays 90 = ₽9 a share; 90 < price 100: no move."""
    dividend = major_dividend(GRID, at(3, 4), DividendKind.HALF, 170, {"ann": 60}, 40)
    assert dividend.withheld == 80 and dividend.per_share == 9
    assert dict(dividend.to_holders) == {"ann": 54} and dividend.to_treasury == 36
    assert dividend.to_company == 116
    assert dividend.distributed == 90
    assert dividend.cell_after == at(3, 4)


def test_the_threshold_compares_the_total_distributed_with_the_price():
    assert major_dividend(GRID, at(3, 4), DividendKind.HALF, 200, {"ann": 20}, 80).cell_after == at(3, 5)
    assert major_dividend(GRID, at(3, 4), DividendKind.PAYOUT, 90, {"ann": 20}, 80).cell_after == at(3, 4)
    assert major_dividend_direction(100, 100) is Direction.RIGHT
    assert major_dividend_direction(99, 100) is None
    assert major_dividend_direction(0, 100) is Direction.LEFT


def test_withholding_keeps_everything_and_moves_left():
    dividend = major_dividend(GRID, at(3, 4), DividendKind.WITHHOLD, 300, {"ann": 60}, 40)
    assert dividend.to_company == 300 and dividend.to_holders == () and dividend.per_share == 0
    assert dividend.cell_after == at(3, 3)


def test_a_run_of_nothing_is_a_withhold_whatever_was_asked():
    dividend = major_dividend(GRID, at(3, 4), DividendKind.PAYOUT, 0, {"ann": 60}, 40)
    assert dividend.kind is DividendKind.WITHHOLD and dividend.cell_after == at(3, 3)


def test_each_holders_dividend_is_rounded_up():
    """₽85 is ₽8.50 a share: three shares earn ₽26 (25.50 up), one ₽9, the pool's six nothing."""
    dividend = major_dividend(GRID, at(3, 4), DividendKind.PAYOUT, 85, {"ann": 30}, 10)
    assert dividend.per_share == Fraction(17, 2)
    assert dividend.to_holders == (("ann", 26),) and dividend.to_treasury == 9
    assert dividend.unpaid == 50


def test_a_holding_that_is_not_whole_shares_is_refused():
    with pytest.raises(ValueError, match="whole number of shares"):
        major_dividend(GRID, at(3, 4), DividendKind.PAYOUT, 100, {"ann": 25}, 0)


def test_holdings_above_the_whole_company_are_refused():
    with pytest.raises(ValueError, match="more than the whole company"):
        major_dividend(GRID, at(3, 4), DividendKind.PAYOUT, 100, {"ann": 60, "bob": 30}, 20)
