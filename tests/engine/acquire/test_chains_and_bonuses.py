"""The information card (§1.10) and the bonus split rules (R29-R31, D1)."""

import pytest

from engine.acquire.bonuses import bonus_awards
from engine.acquire.chains import majority_bonus, minority_bonus, price


@pytest.mark.parametrize(
    "chain, size, expected",
    [
        ("tower", 2, 200), ("luxor", 5, 500), ("tower", 6, 600), ("luxor", 10, 600), ("tower", 11, 700),
        ("american", 2, 300), ("worldwide", 20, 800), ("festival", 21, 900), ("american", 40, 1000),
        ("festival", 41, 1100), ("imperial", 2, 400), ("continental", 30, 1000), ("imperial", 31, 1100),
        ("continental", 108, 1200), ("tower", 0, 0),
    ],
)
def test_price_card(chain, size, expected):
    assert price(chain, size) == expected


def test_bonuses_are_ten_and_five_times_the_price():
    assert (majority_bonus("american", 4), minority_bonus("american", 4)) == (5000, 2500)


def awards(holdings, chain, size):
    return sorted((a.seat, a.amount) for a in bonus_awards(holdings, majority_bonus(chain, size),
                                                              minority_bonus(chain, size)))


# R31's six worked vectors, each one a test (D1: every split part rounds up to $100).
def test_r31_american_2_two_tied_first_get_2300_each():
    assert awards([4, 4, 1], "american", 2) == [(0, 2300), (1, 2300)]


def test_r31_tower_2_four_tied_first_get_800_each():
    assert awards([2, 2, 2, 2], "tower", 2) == [(0, 800), (1, 800), (2, 800), (3, 800)]


def test_r31_luxor_2_three_tied_second_get_400_each():
    assert awards([5, 1, 1, 1], "luxor", 2) == [(0, 2000), (1, 400), (2, 400), (3, 400)]


def test_r31_festival_4_two_tied_second_get_1300_each():
    assert awards([6, 3, 3], "festival", 4) == [(0, 5000), (1, 1300), (2, 1300)]


def test_r31_imperial_5_three_tied_first_get_3500_each():
    assert awards([3, 3, 3], "imperial", 5) == [(0, 3500), (1, 3500), (2, 3500)]


def test_r31_sole_holder_of_continental_11_gets_13500():
    assert awards([0, 7, 0], "continental", 11) == [(1, 13500)]


def test_r30_clear_majority_and_minority_holders():
    assert awards([2, 5, 3], "tower", 3) == [(1, 3000), (2, 1500)]


def test_r30_tie_for_first_leaves_no_minority_bonus():
    assert awards([4, 4, 3], "tower", 2) == [(0, 1500), (1, 1500)]


def test_r30_zero_shares_never_qualify():
    assert awards([0, 0, 0], "tower", 2) == []
    assert awards([1, 0], "tower", 2) == [(0, 3000)]
