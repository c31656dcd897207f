"""The board as state: immutable changes, tokens following their cities, held slots, snapshots."""

import pytest

from engine.core.errors import IllegalAction, MalformedRecord
from engine.t1861.board import Board
from engine.t1861.track_network import build_network

from .boards import built


def test_a_change_returns_a_new_board_and_leaves_the_old_one_alone():
    empty = Board.empty()
    laid = empty.lay("F18", "57", 0)
    assert empty.laid == {} and laid.laid["F18"].number == "57"
    assert empty.supply.count("57") == 2 and laid.supply.count("57") == 1


def test_a_lay_that_does_not_fit_is_refused_and_changes_nothing():
    board = Board.empty()
    with pytest.raises(IllegalAction, match="the number of cities stays the same"):
        board.lay("F18", "9", 0)
    assert board == Board.empty()


def test_12_3_tokens_stay_on_their_city_through_kievs_green_tile():
    board = Board.empty().place_token("KB", "D14", 1)  # Kiev's north-west city
    board = board.lay("D14", "635", 1)  # turned: the north-west edge now ends at the tile's city 0
    assert board.tokens_in("D14") == (("KB",), (), ())
    assert board.reserved_in("D14") == ((), ("KK",), ())


def test_12_3_tokens_and_held_slots_move_to_the_merged_city_in_k_m_and_s():
    board = Board.empty().place_token("KB", "D14", 1).place_token("KK", "D14", 2)
    board = board.lay("D14", "635", 0).lay("D14", "636", 0)
    assert board.tokens_in("D14") == (("KB", "KK"),)
    petersburg = Board.empty().place_token("SPW", "E1", 0).lay("E1", "641", 0)
    assert petersburg.tokens_in("E1") == (("SPW",),)
    assert petersburg.reserved_in("E1") == (("RSR",),)


def test_6_gray_moscow_places_the_rsr_token_at_once():
    board = built(Board.empty().place_token("N", "H8", 1), "H8", "637", "638", "639")
    assert board.tokens_in("H8") == (("N", "RSR"),)
    assert board.contents("H8").cities[0].slots == 4


def test_4_a_held_slot_is_free_only_for_its_company():
    board = Board.empty()
    assert board.free_slots("B4", 0, "RO") == 1
    assert board.free_slots("B4", 0, "NW") == 0
    with pytest.raises(IllegalAction, match="no slot free for NW"):
        board.place_token("NW", "B4", 0)
    board = board.place_token("RO", "B4", 0)
    assert board.reserved_in("B4") == ((),) and board.tokens_in("B4") == (("RO",),)


def test_4_a_minor_removed_unstarted_frees_its_held_slot():
    board = Board.empty().release_reservations("RO")
    assert board.free_slots("B4", 0, "NW") == 1


def test_remove_token_frees_the_slot_and_refuses_a_token_that_is_not_there():
    board = Board.empty().place_token("RO", "B4", 0).remove_token("RO", "B4", 0)
    assert board.tokens_in("B4") == ((),)
    with pytest.raises(IllegalAction, match="RO has no token in that city of Riga"):
        board.remove_token("RO", "B4", 0)


def test_rename_tokens_hands_a_minors_tokens_to_its_major():
    board = Board.empty().place_token("RO", "B4", 0).rename_tokens("RO", "NW")
    assert board.token_hexes("NW") == ["B4"] and board.token_hexes("RO") == []


def test_r3_two_merging_minors_in_one_city_leave_one_token_of_the_major():
    board = built(Board.empty().place_token("N", "H8", 1).place_token("M-K", "H8", 0), "H8", "637", "638")
    board = board.rename_tokens("N", "MKN").rename_tokens("M-K", "MKN")
    assert board.tokens_in("H8") == (("MKN",),)


def test_a_snapshot_round_trips_through_plain_json():
    import json

    board = built(Board.empty().place_token("N", "H8", 1), "H8", "637").lay("F18", "57", 2)
    text = json.dumps(board.to_json())
    assert Board.from_json(json.loads(text)) == board
    assert build_network(Board.from_json(json.loads(text)), "3") == build_network(board, "3")


@pytest.mark.parametrize(
    "raw",
    [
        {},
        {"tiles": [], "tokens": {}, "reserved": {}, "supply": {}},
        {"tiles": {"Z9": ["9", 0]}, "tokens": {}, "reserved": {}, "supply": {}},
    ],
)
def test_a_broken_snapshot_is_a_malformed_record(raw):
    with pytest.raises(MalformedRecord):
        Board.from_json(raw)
