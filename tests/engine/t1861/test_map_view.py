"""The map view: what the map page draws, as plain JSON-ready data."""

import json

from engine.t1861.board import Board
from engine.t1861.map_view import map_view


def _hex(view, hex_id):
    return next(entry for entry in view["hexes"] if entry["id"] == hex_id)


def test_every_hex_is_drawn_and_the_view_is_plain_json():
    view = map_view(Board.empty(), "2")
    assert len(view["hexes"]) == 144
    assert json.loads(json.dumps(view)) == view


def test_a_laid_tile_shows_its_number_rotation_turned_paths_and_value():
    board = Board.empty().place_token("X", "F18", 0).lay("F18", "57", 1)
    entry = _hex(map_view(board, "2"), "F18")
    assert (entry["tile"], entry["rotation"], entry["colour"], entry["printed_colour"]) == ("57", 1, "yellow", "white")
    assert entry["paths"] == [["e1", "c0"], ["c0", "e4"]]
    assert entry["cities"] == [
        {"index": 0, "revenue": 20, "slots": 1, "tokens": ["X"], "reserved_for": [], "loc": None}
    ]
    assert entry["cost_to_build"] == 0


def test_a_white_hex_shows_its_city_without_a_value_and_the_water_still_to_pay():
    entry = _hex(map_view(Board.empty(), "2"), "F18")
    assert entry["cities"][0]["revenue"] is None
    assert (entry["terrain"], entry["cost_to_build"]) == ("water", 40)


def test_off_boards_show_the_phases_value_and_their_area():
    assert _hex(map_view(Board.empty(), "2"), "A9")["offboard"]["revenue"] == 30
    assert _hex(map_view(Board.empty(), "6"), "A9")["offboard"] == {
        "revenue": 70,
        "values": {"yellow": 30, "green": 40, "brown": 50, "gray": 70},
        "area": "Poland",
    }


def test_multi_city_tiles_turn_their_city_positions_with_the_tile():
    board = Board.empty().lay("H8", "637", 1)
    locations = [city["loc"] for city in _hex(map_view(board, "3"), "H8")["cities"]]
    assert locations == [1.5, 3.5, 5.5]


def test_closed_hexes_show_closed_until_phase_3():
    assert _hex(map_view(Board.empty(), "2"), "E3")["closed"] is True
    assert _hex(map_view(Board.empty(), "3"), "E3")["closed"] is False
