"""The market rules against the recorded games (rules sections 7.3, 11, 14.2, 22).

18xx.games records name a market cell only when a major is parred, and a minor's price only
through its winning bid; so the checkpoints here follow a minor from its auction to the
moment its owner converts it, using nothing but the recorded actions:

- its start price from the winning bid (section 11);
- one move per operating turn: right if its routes earned anything, left if not (7.3, 12.7);
- a conversion is only legal in the blue convert range (14.2), so the price the moves reach
  must lie there.

A minor's operating turn is a run of consecutive actions with the minor as entity.  From the
first 3-train on, merger rounds follow operating rounds and every minor answers them with a
lone ``pass``; such a run is a merger-round answer, not a turn.  (A minor's operating turn
always has its track step, and in these games no minor had a turn of a single pass then.)
"""

from engine.t1861.data import DATA
from engine.t1861.market import Cell, Direction, in_convert_range, moved
from engine.t1861.par_prices import conversion_price, minor_start_price, par_cell
from tests.engine.t1861.fixtures import fixture_export

GRID = DATA.market()


def _winning_bids(actions):
    """The last bid on each minor (the auction's winning bid)."""
    return {
        action["corporation"]: action["price"]
        for action in actions
        if action["type"] == "bid" and "corporation" in action
    }


def _operating_revenues(actions, minor, until_id):
    """The route revenue of each operating turn ``minor`` had before action ``until_id``."""
    turns: list[list[dict]] = []
    previous = None
    merger_rounds = False
    for action in actions:
        if action.get("id") == until_id:
            break
        if action["type"] == "buy_train" and action["train"].startswith("3-"):
            merger_rounds = True
        if action["entity"] == minor and action["type"] != "bid":
            if previous != minor:
                turns.append([])
            turns[-1].append(action)
        previous = action["entity"]
    return [
        sum(route["revenue"] for action in turn if action["type"] == "run_routes" for route in action["routes"])
        for turn in turns
        if not (merger_rounds and [action["type"] for action in turn] == ["pass"])
    ]


def _price_at(actions, minor, until_id) -> Cell:
    bid = _winning_bids(actions)[minor]
    cell = par_cell(GRID, minor_start_price(GRID, DATA.start_prices, bid), "minor")
    for revenue in _operating_revenues(actions, minor, until_id):
        cell = moved(GRID, cell, Direction.RIGHT if revenue > 0 else Direction.LEFT, "minor")
    return cell


def test_every_recorded_conversion_happens_in_the_convert_range():
    actions = fixture_export("167259").effective_actions()
    conversions = [action for action in actions if action["type"] == "convert"]
    assert [action["entity"] for action in conversions] == ["KR", "N", "M-K"]
    prices = {action["entity"]: _price_at(actions, action["entity"], action["id"]) for action in conversions}
    assert all(in_convert_range(cell) for cell in prices.values()), prices
    # KR: bid 200 -> 100; no train (left), 80, 80, 90: 90, 100, 110, then up from the ceiling: 120.
    assert prices["KR"] == GRID.cell(3, 6)
    assert conversion_price(GRID, prices["KR"].price) == 120


def test_recorded_par_cells_are_major_start_cells():
    for game in ("167259", "29683"):
        for action in fixture_export(game).effective_actions():
            if action["type"] == "par":
                cell = GRID.cell_by_id(action["share_price"])
                assert par_cell(GRID, cell.price, "major") == cell
