"""Options and the deal (R5, R8-R10, D2, D3, the record contract's dealing paragraph)."""

import pytest

from engine.acquire.setup import shuffled_bag
from engine.acquire.tiles import ALL_TILES
from engine.core import game
from engine.core.errors import MalformedRecord

from .scenario import Game


def new(players=("ann", "bob", "cy"), seed=5, **options):
    return game.new_game("acquire", list(players), seed, options)


def test_bag_is_the_tile_bag_then_the_rest_shuffled_by_seed():
    bag = shuffled_bag(9, ["5C", "1A"])
    assert bag[:2] == ["5C", "1A"] and sorted(bag) == sorted(ALL_TILES)
    assert bag == shuffled_bag(9, ["5C", "1A"]) and bag != shuffled_bag(10, ["5C", "1A"])


def test_r8_d2_row_letter_beats_column_9a_starts_before_1b():
    state = new(tile_bag=["1B", "9A", "12A"])
    assert state.current == 1


def test_d3_starting_tiles_stay_unincorporated_even_when_adjacent():
    state = new(tile_bag=["5C", "6C", "7C"])
    summary = game.summary(state)
    assert summary["board"] == {"5C": None, "6C": None, "7C": None}
    assert all(chain["size"] == 0 for chain in summary["chains"].values())


def test_hands_are_dealt_from_the_first_player_in_turn_order():
    bag = ["3D", "2A", "9I"] + [f"{column}F" for column in range(1, 13)] + [f"{column}G" for column in range(1, 7)]
    state = new(tile_bag=bag)
    assert state.current == 1
    assert state.hands[1] == bag[3:9] and state.hands[2] == bag[9:15] and state.hands[0] == bag[15:21]
    assert game.summary(state)["waiting_for"] == [{"seat": 1, "prompt": "place_tile"}]


def test_r5_everyone_starts_with_6000_and_no_shares():
    players = game.summary(new())["players"]
    assert [(p["cash"], p["shares"]) for p in players] == [(6000, {})] * 3


def test_setup_counts_all_108_tiles():
    state = new(players=["a", "b", "c", "d", "e", "f"])
    assert len(state.bag) == 108 - 6 - 36 and len(state.board) == 6


@pytest.mark.parametrize(
    "options, complaint",
    [
        ({"colour": "red"}, "Unknown Acquire option"),
        ({"tile_bag": "5C"}, "list"),
        ({"tile_bag": ["5C", "5C"]}, "twice"),
        ({"tile_bag": ["13A"]}, "not a tile"),
        ({"tile_bag": ["5c"]}, "not a tile"),
        ({"tile_bag": [5]}, "not a tile"),
        ({"open_holdings": "yes"}, "open_holdings"),
    ],
)
def test_bad_options_are_malformed(options, complaint):
    with pytest.raises(MalformedRecord, match=complaint):
        new(**options)


@pytest.mark.parametrize("count", [1, 7])
def test_two_to_six_players(count):
    with pytest.raises(MalformedRecord, match="2 to 6"):
        new(players=[f"p{n}" for n in range(count)])


def test_scenario_builder_deals_each_move_in_time():
    play = Game(["4E", "9E"], ["1A", "3A", "2A"])
    play.turns("1A", "3A", ("2A", "tower"))
    assert play.summary()["board"]["2A"] == "tower"


def test_r8_the_log_opens_with_the_starting_draws_and_who_starts_and_each_hand_only_for_its_seat():
    state = new(tile_bag=["1B", "9A", "12A", "2C", "3C", "4C", "5C", "6C", "7C"])
    lines = {seat: [event.seen_by(seat) for event in game.opening_events(state)] for seat in (0, 1, None)}
    assert lines[None] == ["ann drew 1B, bob drew 9A and cy drew 12A: bob starts, with the tile closest to 1A (R8).",
                           "bob drew 6 tiles.", "cy drew 6 tiles.", "ann drew 6 tiles."]
    assert lines[1][1] == "bob drew 2C, 3C, 4C, 5C, 6C and 7C."  # bob starts: he takes the first six
    assert lines[0][1] == "bob drew 6 tiles." and all(tile in lines[0][3] for tile in state.hands[0])
