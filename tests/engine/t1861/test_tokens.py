"""Station tokens (rules 12.4) and a parred major's home city (23's G8)."""

import pytest

from engine.core.errors import IllegalAction
from engine.t1861.board import Board
from engine.t1861.tokens import check_home_token, check_token, home_city_options, legal_tokens, token_cost

from .boards import moscow_kursk


def _refusal(*args) -> str:
    with pytest.raises(IllegalAction) as refused:
        check_token(*args)
    return str(refused.value)


def _voronezh_line() -> Board:
    """M-K's track from Moscow through Tula and I11 into Voronezh (I13), which has a yellow city."""
    return moscow_kursk().lay("I13", "57", 0).release_reservations("MV")


def test_12_4_a_reachable_city_with_room_costs_price_times_distance():
    board = _voronezh_line()
    placement = check_token(board, "M-K", "I13", 0, 20)
    assert (placement.hex, placement.city, placement.cost) == ("I13", 0, 20 * 3)
    assert placement in legal_tokens(board, "M-K", 20)


def test_12_4_distance_is_from_the_nearest_own_token():
    board = _voronezh_line().place_token("M-K", "F18", 0)
    assert token_cost(board, "M-K", "I13", 40) == 40 * 3
    assert token_cost(board, "M-K", "E17", 40) == 40 * 1


def test_12_4_an_unreachable_city_is_refused():
    board = _voronezh_line()
    assert (
        _refusal(board, "M-K", "F18", 0, 20)
        == "M-K cannot reach the city in Ekaterinoslav (F18) along track it may use."
    )


def test_12_4_a_slot_held_for_an_unstarted_minor_is_not_free():
    board = moscow_kursk().lay("I13", "57", 0)
    assert _refusal(board, "M-K", "I13", 0, 20) == "The free slot in Voronezh (I13) is held for MV."
    assert legal_tokens(board, "M-K", 20) == []


def test_12_4_a_full_city_is_refused():
    board = _voronezh_line().place_token("MV", "I13", 0)
    assert _refusal(board, "M-K", "I13", 0, 20) == "The city in Voronezh (I13) has no free slot."


def test_12_4_one_token_per_hex():
    board = Board.empty().place_token("N", "H8", 1).release_reservations("M-K")
    assert _refusal(board, "N", "H8", 0, 20) == (
        "N already has a token in Moscow (H8); a company has at most one token in a hex."
    )


def test_a_city_index_the_hex_does_not_have_is_refused():
    assert _refusal(Board.empty(), "N", "F18", 3, 20) == "Ekaterinoslav (F18) has no city 3; it has 1 now."
    assert _refusal(Board.empty(), "N", "G9", 0, 20) == "G9 has no city."


def test_4_a_home_token_needs_no_reach_but_a_slot():
    placement = check_home_token(Board.empty(), "RO", "B4", 0)
    assert placement.cost == 0
    with pytest.raises(IllegalAction, match="held for RO"):
        check_home_token(Board.empty(), "NW", "B4", 0)


def test_10_4_g8_a_parred_major_homes_only_in_an_empty_unconnected_city():
    board = Board.empty().release_reservations("MV")
    options = home_city_options(board)
    assert ("F18", 0) in options and ("I13", 0) in options
    assert ("B4", 0) not in options  # held for RO
    assert ("Q3", 0) not in options  # Ekaterinburg: held for E, and gray track leads on
    connected = moscow_kursk().lay("I13", "57", 0).release_reservations("MV")
    assert ("I13", 0) not in home_city_options(connected)  # its track leads to Tula's town
    dead_end = board.lay("F18", "57", 0)
    assert ("F18", 0) in home_city_options(dead_end)  # track that leads nowhere is fine


def test_10_4_the_chosen_city_must_be_empty_not_every_city_of_its_hex():
    """10.4 ("a city that holds no tokens at all") and 18xx.games (random seeds 2069, 3066 and
    3164 there: SW homes in Kiev while the RSR holds another Kiev city) judge the chosen city;
    23 G8's "no city of the hex holds a token" reads 1867's code, which 1861's overrides."""
    board = Board.empty()
    assert ("D14", 0) in home_city_options(board)  # Kiev's other cities are held for KB and KK
    assert ("D14", 1) not in home_city_options(board) and ("D14", 2) not in home_city_options(board)
    nationalised = board.release_reservations("KB").place_token("RSR", "D14", 1)
    assert ("D14", 0) in home_city_options(nationalised) and ("D14", 1) not in home_city_options(nationalised)
    with_a_major = board.place_token("SW", "D14", 0)
    assert not any(hex_id == "D14" for hex_id, _ in home_city_options(with_a_major))


def test_g8_track_looping_back_into_the_city_leads_on():
    """18xx.games (random seed 27, 4 players, column market, action 755): with E gone and a
    plain curve in P4, Ekaterinburg's own track runs Q3-P4-Q5 and back into Q3 along its
    gray track; 18xx.games counts that as leading to a city and refuses Q3 as a home."""
    board = Board.empty().release_reservations("E")
    assert ("Q3", 0) in home_city_options(board)  # the gray track through Q5 ends at P4 and P6
    assert ("Q3", 0) not in home_city_options(board.lay("P4", "7", 4))


def test_g8_track_is_walked_across_borders_never_back_into_the_hex_it_left():
    """Tile 23 in G17 takes F18's track to its shared edge, which borders no track; the
    tile's other track from that edge runs to Alexandrovsk's town, but a walk (a train's,
    and 18xx.games') must cross that border, not turn back, so F18's track leads nowhere."""
    board = Board.empty().lay("F18", "57", 1).lay("G17", "9", 3).lay("G17", "23", 3)
    for rotation in (2, 3):  # the town's track meets the curve from the shared edge
        assert ("F18", 0) in home_city_options(board.lay("G19", "3", rotation))
