"""Merger-round arithmetic and a major's token charter (rules section 14, 23 R2, R3, G6)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.t1861.data import DATA
from engine.t1861.market import Cell, Market
from engine.t1861.merger_tokens import (
    converted_tokens,
    finish_formation,
    merged_tokens,
    needs_reduction,
    next_token_price,
    place_token,
    placed,
    removable,
    remove_token,
)
from engine.t1861.mergers import (
    Assets,
    can_add,
    can_convert,
    closes_automatically,
    combine,
    conversion_price,
    exchange,
    merger_price,
    someone_can_be_president,
)


def test_14_2_only_a_minor_in_the_blue_range_converts_at_the_highest_major_par_not_above_its_price() -> None:
    """7.1: the grid's blue cells are column 6 (₽165 at the top to ₽100); other cells of those
    prices are not in the range.  7.2: the column's ₽100-165."""
    grid, column = DATA.grid_market, DATA.column_market
    on_grid = [(5, 5), (5, 6), (0, 6), (0, 7), (4, 5), (2, 7)]  # ₽90, ₽100, ₽165, ₽180, ₽100 par, ₽150
    assert [can_convert(_cell(grid, *at)) for at in on_grid] == [False, True, True, False, False, False]
    assert [cell.price for cell in column.cells() if can_convert(cell)] == [100, 110, 120, 135, 150, 165]
    assert conversion_price(_cell(grid, 0, 6)) == 165
    assert conversion_price(_cell(grid, 5, 6)) == 100
    assert conversion_price(_cell(column, 0, 13)) == 135
    for at in ((5, 5), (4, 5)):
        with pytest.raises(IllegalAction, match="convert range"):
            conversion_price(_cell(grid, *at))


def _cell(market: Market, row: int, column: int) -> Cell:
    cell = market.cell(row, column)
    assert cell is not None
    return cell


def test_14_3_the_merged_price_is_the_par_below_low_plus_high_clamped_to_100_200() -> None:
    assert merger_price([60, 90]) == 150
    assert merger_price([50, 55]) == 100  # 105 -> the par at most 105
    assert merger_price([45, 45]) == 100  # clamped up
    assert merger_price([135, 120, 165]) == 200  # clamped down
    assert merger_price([65, 65, 70]) == 135


def test_14_3_at_most_10_minors_and_6_from_one_owner() -> None:
    assert can_add(["A"] * 5, "A")
    assert not can_add(["A"] * 6, "A")
    assert can_add(["A"] * 6, "B")
    assert not can_add(["A"] * 5 + ["B"] * 5, "C")


def test_r2_the_merger_closes_itself_when_no_further_minor_can_join() -> None:
    assert closes_automatically(["A", "B"], [])
    assert not closes_automatically(["A", "B"], ["C"])
    assert closes_automatically(["A"] * 6, ["A"])
    assert not closes_automatically(["A"], [])  # nothing added yet: the minor may still convert or pass


def test_14_3_the_first_owner_to_receive_a_second_share_becomes_president() -> None:
    deal = exchange(["B", "A", "A", "B"])
    assert deal.president == "A"
    assert (deal.percent_of("A"), deal.percent_of("B")) == (20, 20)
    assert exchange(["A", "B"]).president is None


def test_14_3_a_merger_needs_an_owner_who_can_reach_20_percent() -> None:
    deal = exchange(["A", "B"])
    assert not someone_can_be_president(deal, 150, {"A": 100, "B": 149})
    assert someone_can_be_president(deal, 150, {"A": 100, "B": 150})


def test_g6_the_major_takes_every_loan_of_its_minors_even_above_five() -> None:
    major = combine([Assets(100, ("2-0",), ("TSR",), 2)] * 3)
    assert (major.cash, len(major.trains), major.loans) == (300, 3, 6)


def test_r3_a_converted_major_pays_20_a_hex_for_its_next_token_then_40() -> None:
    charter = converted_tokens(("G15", 0))
    assert next_token_price(charter) == 20
    assert next_token_price(place_token(charter, ("I19", 0))) == 40


def test_r3_two_minors_in_separate_hexes_keep_both_tokens_and_the_next_costs_40() -> None:
    # 29683 id 461: GRR, merged from E and MNN, pays 40 x 3 hexes for I13.
    charter = merged_tokens([("Q3", 0), ("H8", 2)])
    assert not needs_reduction(charter)
    assert next_token_price(finish_formation(charter, reduced=False)) == 40


def test_r3_two_minors_in_one_city_leave_one_token_there_without_a_choice() -> None:
    charter = merged_tokens([("H8", 0), ("H8", 0), ("D14", 2)])
    assert placed(charter) == (("H8", 0), ("D14", 2))
    assert not needs_reduction(charter)


def test_r3_tokens_in_one_hex_go_first_and_removing_t0_makes_the_next_token_free() -> None:
    charter = merged_tokens([("H8", 0), ("H8", 1)])  # N and M-K in two Moscow cities
    assert removable(charter) == (("H8", 0), ("H8", 1))
    charter = remove_token(charter, ("H8", 0))
    assert not needs_reduction(charter)
    charter = finish_formation(charter, reduced=True)
    assert [token.price for token in charter] == [20, 0, 40]
    assert next_token_price(charter) == 0


def test_r3_more_than_two_tokens_on_the_map_must_be_reduced_and_leave_one_40_token() -> None:
    charter = merged_tokens([("B4", 0), ("D20", 0), ("K17", 0)])
    assert removable(charter) == (("B4", 0), ("D20", 0), ("K17", 0))
    with pytest.raises(IllegalAction):
        remove_token(charter, ("E9", 0))
    charter = finish_formation(remove_token(charter, ("D20", 0)), reduced=True)
    assert placed(charter) == (("B4", 0), ("K17", 0))
    assert [token.price for token in charter if token.city is None] == [40]


def test_a_token_whose_removal_leaves_every_token_in_one_hex_is_kept() -> None:
    charter = merged_tokens([("H8", 0), ("H8", 1), ("D14", 2)])
    assert removable(charter) == (("H8", 0), ("H8", 1))  # without D14 both left would be in Moscow


def test_tokens_go_in_any_order_as_18xx_games_takes_them_not_crowded_hex_first() -> None:
    """R3 says duplicates in one hex first; 18xx.games takes any token, and a recorded merger
    (oracle seed 173) removed a lone K17 token before one of two in D14."""
    charter = merged_tokens([("D14", 0), ("D14", 1), ("K17", 0), ("B4", 0)])
    assert removable(charter) == (("D14", 0), ("D14", 1), ("K17", 0), ("B4", 0))
    charter = remove_token(charter, ("K17", 0))
    assert needs_reduction(charter) and removable(charter) == (("D14", 0), ("D14", 1))
    charter = remove_token(charter, ("D14", 1))
    assert not needs_reduction(charter) and placed(charter) == (("D14", 0), ("B4", 0))
