"""The stock market's cells, moves, start prices, stacks and operating order (sections 7, 11, 14, 23 G9)."""

import pytest

from engine.t1861.data import DATA
from engine.t1861.market import Direction, in_convert_range, moved
from engine.t1861.market_events import (
    after_nationalisation,
    after_sale,
    after_stock_round,
    at_game_end,
    end_of_stock_round,
)
from engine.t1861.market_tokens import MarketTokens, operating_order, placed, removed
from engine.t1861.par_prices import conversion_price, merger_price, minor_start_price, par_cell

GRID = DATA.market()
COLUMN = DATA.market(column_market=True)
UP, DOWN, LEFT, RIGHT = Direction.UP, Direction.DOWN, Direction.LEFT, Direction.RIGHT


def at(row, column, market=GRID):
    cell = market.cell(row, column)
    assert cell is not None
    return cell


def test_the_grid_is_the_table_of_section_7_1():
    assert [cell.price for cell in GRID.rows[0] if cell] == [
        135, 150, 165, 180, 200, 220, 245, 270, 300, 330, 360, 400, 440, 490, 540,
    ]  # fmt: skip
    assert at(9, 0).price == 35 and GRID.cell(9, 3) is None and GRID.cell(0, 3) is None
    assert {cell.price for cell in GRID.cells() if in_convert_range(cell)} == {100, 110, 120, 135, 150, 165}
    assert {cell.column for cell in GRID.cells() if in_convert_range(cell)} == {6}


def test_the_column_is_section_7_2_in_one_row():
    assert [cell.price for cell in COLUMN.cells()][:4] == [35, 40, 45, 50]
    assert COLUMN.cells()[-1].price == 540 and len(COLUMN.cells()) == 28
    assert [cell.price for cell in COLUMN.cells() if in_convert_range(cell)] == [100, 110, 120, 135, 150, 165]


def test_cells_are_named_as_18xx_games_records_name_them():
    assert at(1, 8).id == "180,1,8"
    assert GRID.cell_by_id("200,0,8") == at(0, 8)
    with pytest.raises(KeyError):
        GRID.cell_by_id("210,0,8")


@pytest.mark.parametrize(
    ("start", "direction", "kind", "end"),
    [
        ((4, 4), RIGHT, "major", (4, 5)),  # 90 -> 100
        ((3, 11), RIGHT, "major", (2, 11)),  # right end of row 3: up
        ((2, 6), RIGHT, "minor", (1, 6)),  # minor ceiling: up instead of right
        ((0, 6), RIGHT, "minor", (0, 6)),  # minor at 165 stays
        ((0, 6), RIGHT, "major", (0, 7)),  # the ceiling is for minors only
        ((3, 5), UP, "major", (2, 5)),
        ((0, 4), UP, "major", (1, 5)),  # row 0: down-right, same price 135
        ((0, 4), UP, "minor", (0, 4)),  # a minor in row 0 stays
        ((0, 18), UP, "major", (0, 18)),  # 540 stays (23 G9)
        ((0, 18), RIGHT, "major", (0, 18)),  # 540 stays (23 G9)
        ((1, 3), UP, "major", (1, 3)),  # blank above 110
        ((4, 0), UP, "major", (4, 0)),  # blank above 60
        ((5, 3), LEFT, "minor", (5, 2)),
        ((4, 0), LEFT, "major", (5, 0)),  # left end: down
        ((9, 0), LEFT, "major", (9, 0)),  # bottom-left corner stays
        ((4, 4), DOWN, "major", (5, 4)),
        ((9, 1), DOWN, "major", (9, 1)),  # bottom row
        ((2, 14), DOWN, "major", (2, 14)),  # row 3 ends at column 11
        ((5, 6), DOWN, "major", (5, 6)),  # row 6 ends at column 5
    ],
)
def test_moves_on_the_grid_follow_section_7_3(start, direction, kind, end):
    assert moved(GRID, at(*start), direction, kind) == at(*end)


@pytest.mark.parametrize(
    ("start", "direction", "kind", "end"),
    [
        (10, RIGHT, "major", 11),
        (15, RIGHT, "minor", 15),  # a minor at 165 stays
        (15, UP, "major", 16),  # up is right
        (27, RIGHT, "major", 27),  # 540 is the top
        (0, LEFT, "major", 0),  # 35 is the bottom
        (5, DOWN, "minor", 4),  # down is left
    ],
)
def test_moves_on_the_column_follow_section_7_3(start, direction, kind, end):
    assert moved(COLUMN, at(0, start, COLUMN), direction, kind) == at(0, end, COLUMN)


def test_a_presidents_sale_moves_down_once_and_others_do_not():
    cell = at(3, 5)
    assert after_sale(GRID, cell, by_president=True) == at(4, 5)
    assert after_sale(GRID, cell, by_president=False) == cell


def test_a_sold_out_major_moves_up_at_the_end_of_the_stock_round():
    assert after_stock_round(GRID, at(2, 7), 100) == at(1, 7)
    assert after_stock_round(GRID, at(2, 7), 90) == at(2, 7)


def test_sold_out_majors_move_up_one_by_one_in_operating_order():
    """NW and SW share 150 (NW on top); sold out, both rise to 165 under MK, NW first (10.5)."""
    tokens = placed(placed(placed(MarketTokens(), "NW", at(2, 7)), "SW", at(2, 7)), "MK", at(1, 7))
    tokens = end_of_stock_round(GRID, tokens, {"NW": 100, "SW": 100, "MK": 80})
    assert tokens.stack(at(1, 7)) == ("MK", "NW", "SW")
    assert tokens.stack(at(2, 7)) == ()


def test_nationalisation_moves_left_once_plus_once_per_loan_and_game_end_once_per_loan():
    assert after_nationalisation(GRID, at(2, 7), "major", 0) == at(2, 6)
    assert after_nationalisation(GRID, at(2, 7), "major", 2) == at(2, 4)
    assert at_game_end(GRID, at(2, 7), "major", 0) == at(2, 7)
    assert at_game_end(GRID, at(4, 1), "major", 3) == at(6, 0)  # 65, 60, left end: down to 55, 50


@pytest.mark.parametrize(
    ("bid", "price"), [(140, 70), (130, 65), (110, 55), (100, 50), (135, 65), (270, 135), (400, 135)]
)
def test_a_minors_start_price_comes_from_its_winning_bid(bid, price):
    """Section 11's worked examples."""
    assert minor_start_price(GRID, DATA.start_prices, bid) == price


def test_start_cells_are_in_the_right_zones():
    assert par_cell(GRID, 60, "minor") == at(6, 2)
    assert par_cell(GRID, 70, "minor") == par_cell(GRID, 70, "major") == at(5, 3)
    assert par_cell(GRID, 180, "major") == at(1, 8)
    with pytest.raises(ValueError, match="cannot start"):
        par_cell(GRID, 60, "major")
    with pytest.raises(ValueError, match="cannot start"):
        par_cell(GRID, 150, "minor")


def test_conversion_and_merger_prices_follow_sections_14_2_and_14_3():
    assert conversion_price(GRID, 165) == 165
    assert conversion_price(GRID, 100) == 100
    assert merger_price(GRID, DATA.start_prices, [50, 55]) == 100  # 105 -> highest par 100
    assert merger_price(GRID, DATA.start_prices, [90, 80, 120]) == 200  # 80 + 120 = 200
    assert merger_price(GRID, DATA.start_prices, [135, 165]) == 200  # clamp at 200
    assert merger_price(GRID, DATA.start_prices, [70, 75]) == 135  # 145 -> 135
    assert merger_price(GRID, DATA.start_prices, [40, 45]) == 100  # clamp at 100


def test_a_token_entering_a_cell_goes_under_the_ones_there():
    tokens = placed(placed(MarketTokens(), "NW", at(2, 7)), "SW", at(2, 7))
    assert tokens.stack(at(2, 7)) == ("NW", "SW")
    tokens = placed(tokens, "NW", at(2, 8))
    tokens = placed(tokens, "NW", at(2, 7))
    assert tokens.stack(at(2, 7)) == ("SW", "NW")
    assert placed(tokens, "SW", at(2, 7)) == tokens  # staying put keeps its place
    assert removed(tokens, "SW").stack(at(2, 7)) == ("NW",)


def test_operating_order_is_minors_then_majors_by_price_column_row_and_arrival():
    tokens = MarketTokens()
    for company, cell in [
        ("N", at(4, 4)),  # 90
        ("KR", at(5, 5)),  # 90 too, but further right
        ("RO", at(4, 4)),  # 90 under N
        ("OK", at(3, 6)),  # 120
        ("NW", at(1, 5)),  # 135, column 5
        ("SW", at(0, 4)),  # 135, column 4: after NW
        ("MK", at(2, 6)),  # 135, column 6: first
    ]:
        tokens = placed(tokens, company, cell)
    order = operating_order(tokens, ["N", "KR", "RO", "OK"], ["NW", "SW", "MK"], national="RSR")
    assert order == ("OK", "KR", "N", "RO", "MK", "NW", "SW", "RSR")
