"""Track lays and upgrades for a company (rules 12.3, 23's G3 and G11), each rule with its refusal."""

import pytest

from engine.core.errors import IllegalAction
from engine.t1861.board import Board
from engine.t1861.lays import LaysThisTurn, check_lay, legal_lays

from .boards import built, moscow_kursk, rotation_for


def _refusal(*args, **kwargs) -> str:
    with pytest.raises(IllegalAction) as refused:
        check_lay(*args, **kwargs)
    return str(refused.value)


def test_a_connected_yellow_lay_is_legal_and_listed():
    board = Board.empty().place_token("M-K", "H8", 0)
    lay = check_lay(board, "M-K", "2", "H10", "58", 3)
    assert (lay.hex, lay.tile, lay.rotation, lay.cost, lay.upgrade) == ("H10", "58", 3, 0, False)
    assert lay in legal_lays(board, "M-K", "2")


def test_every_listed_lay_passes_check_lay():
    board = moscow_kursk()
    lays = legal_lays(board, "M-K", "2")
    assert lays
    for lay in lays:
        assert check_lay(board, "M-K", "2", lay.hex, lay.tile, lay.rotation) == lay


# Colour, phase and supply ----------------------------------------------------------------


def test_12_3_the_phase_limits_colours():
    board = Board.empty().place_token("N", "H8", 1)
    assert _refusal(board, "N", "2", "H8", "637", 0) == "Tile 637 is green; phase 2 allows only yellow tiles."
    assert check_lay(board, "N", "3", "H8", "637", 0).upgrade


def test_12_3_a_tile_must_be_the_next_colour():
    board = Board.empty().place_token("N", "H8", 1)
    assert "so its next tile must be green" in _refusal(board, "N", "5", "H8", "638", 0)


def test_12_3_no_tile_left_in_the_supply():
    board = Board.empty().place_token("X", "F18", 0).place_token("MB", "E9", 0)
    board = board.lay("F18", "57", 0).lay("E9", "57", 0)
    assert board.supply.count("57") == 0
    board = board.place_token("Z", "L12", 0)
    assert _refusal(board, "Z", "2", "L12", "57", 0) == "No tile 57 is left in the supply."
    assert all(lay.tile != "57" for lay in legal_lays(board, "Z", "2"))


def test_12_3_a_replaced_tile_returns_to_the_supply_and_a_printed_picture_does_not():
    board = Board.empty().lay("F18", "57", 0)
    board = board.lay("F18", "15", rotation_for(board, "F18", "15"))
    assert (board.supply.count("57"), board.supply.count("15")) == (2, 1)
    printed = Board.empty().lay("H8", "637", 0)
    assert printed.supply.to_json() == {**Board.empty().supply.to_json(), "637": 0}


def test_12_3_hexes_are_closed_until_phase_3():
    board = Board.empty().place_token("SPW", "E1", 0)
    assert _refusal(board, "SPW", "2", "E3", "9", 0) == "E3 is closed to track until phase 3."
    assert "closed" not in _refusal(board, "SPW", "3", "E3", "9", 1)


# Fitting: track kept, labels, counts, exits ----------------------------------------------


def test_12_3_every_old_path_must_be_kept():
    board = Board.empty().place_token("X", "F18", 0).lay("F18", "57", 0)  # city between south and north
    refusal = _refusal(board, "X", "3", "F18", "14", 1)
    assert refusal.startswith("Tile 14 at rotation 1 in Ekaterinoslav (F18) would not keep the track from")
    assert refusal.endswith("a new tile must keep every old path.")


def test_12_3_labels_must_match():
    board = Board.empty().place_token("RO", "B4", 0).place_token("X", "F18", 0)
    assert (
        _refusal(board, "RO", "2", "B4", "5", 0)
        == "Tile 5 has no label, but Riga (B4) takes only tiles labelled Y here."
    )
    assert _refusal(board, "X", "2", "F18", "201", 0) == (
        "Tile 201 is labelled Y, but Ekaterinoslav (F18) takes only unlabelled tiles."
    )


def test_12_3_kharkov_takes_y_tiles_then_the_kh_gray_tile_which_no_other_y_city_takes():
    kharkov = built(Board.empty(), "G15", "201", "207", "623").place_token("KR", "G15", 0)
    assert check_lay(kharkov, "KR", "6", "G15", "640", rotation_for(kharkov, "G15", "640")).tile == "640"
    odessa = built(Board.empty(), "D20", "201", "207", "801").place_token("OK", "D20", 0)
    assert _refusal(odessa, "OK", "6", "D20", "640", 0) == (
        "Tile 640 is labelled Kh, but Odessa (D20) takes only tiles labelled Y here."
    )


def test_12_3_towns_stay_towns_and_cities_stay_cities():
    board = Board.empty().place_token("M-K", "H8", 0)
    assert _refusal(board, "M-K", "2", "H10", "9", 0) == (
        "Tile 9 has no town, but Tula (H10) has 1; the number of towns stays the same."
    )
    assert "the number of cities stays the same" in _refusal(board.place_token("X", "F18", 0), "X", "2", "F18", "9", 0)


def test_12_3_exits_may_not_point_off_the_map():
    board = Board.empty().place_token("RO", "B4", 0)
    assert _refusal(board, "RO", "2", "B4", "201", 1) == (
        "Tile 201 at rotation 1 in Riga (B4) would point track off the map at its north-west edge."
    )


def test_12_3_exits_may_not_point_into_a_red_hex_without_track_towards_it():
    refusal = _refusal(Board.empty(), "V", "2", "H20", "9", 2)
    assert refusal == (
        "Tile 9 at rotation 2 in H20 would point track into I21 at its south-east edge,"
        " where that red hex has no track."
    )


# Connection -------------------------------------------------------------------------------


def test_12_3_a_lay_must_touch_track_the_company_reaches():
    board = Board.empty().place_token("M-K", "H8", 0)
    assert _refusal(board, "M-K", "2", "G9", "9", 0) == (
        "G9 is not connected to M-K's track: no track M-K can use reaches it."
    )


def test_12_3_an_exit_must_be_on_a_reachable_edge():
    board = Board.empty().place_token("M-K", "H8", 0)
    assert _refusal(board, "M-K", "2", "H10", "58", 0) == (
        "Tile 58 at rotation 0 in Tula (H10) would not connect to M-K's track, which reaches only its north edge."
    )


def test_12_3_track_beyond_a_city_filled_by_others_is_not_reachable():
    # I11's tile 8 runs on south into Voronezh (I13); MV's token fills it, so M-K stops there.
    board = moscow_kursk().place_token("MV", "I13", 0).lay("I13", "57", 0)
    beyond = "I15"  # south of Voronezh, where 57's track leads
    assert beyond not in {lay.hex for lay in legal_lays(board, "M-K", "2")}
    assert beyond in {lay.hex for lay in legal_lays(board.remove_token("MV", "I13", 0), "M-K", "2")}
    assert (
        _refusal(board, "M-K", "2", beyond, "9", 0)
        == "I15 is not connected to M-K's track: no track M-K can use reaches it."
    )


def test_12_3_every_edge_of_a_token_hex_counts():
    board = Board.empty().place_token("X", "F18", 0)
    assert {lay.rotation for lay in legal_lays(board, "X", "2") if lay.tile == "57"} == set(range(6))


# Semi-restrictive -----------------------------------------------------------------------


def test_12_3_an_upgrade_must_add_usable_track_or_change_a_city():
    board = moscow_kursk()  # I11 holds tile 8 from the south to the north-west, entered from the north-west
    refusal = _refusal(board, "M-K", "3", "I11", "16", 0)
    assert refusal == "Tile 16 at rotation 0 in I11 would add no track M-K can use and change no city's value."
    # 24 adds a branch at the south edge, where M-K arrives only to leave the hex: not usable.
    assert _refusal(board, "M-K", "3", "I11", "24", 0).endswith(
        "would add no track M-K can use and change no city's value."
    )
    # 25 turned to branch at the north-west edge, where M-K comes in: usable.
    assert check_lay(board, "M-K", "3", "I11", "25", 2).upgrade


def _kr_loop() -> Board:
    """KR's token in Kharkov (G15) with track through F16, F14 (a straight), F12, and Kursk's town
    (G13) whose track comes back to F14's north-east edge, where nothing meets it yet."""
    board = Board.empty().lay("G15", "621", 1).lay("F16", "7", 3).lay("F14", "9", 0).lay("F12", "7", 5)
    return board.lay("G13", "3", 1).place_token("KR", "G15", 0)


def test_12_3_new_track_reached_only_round_a_loop_is_not_usable():
    """18xx.games (random seed 69, 6 players, column market, action 249) refuses 27 turned to
    join F14's north and north-east edges: a train reaches that edge only round the loop
    through F14's straight, F12 and Kursk, and must then run back along the straight."""
    board = _kr_loop()
    offered = {(lay.hex, lay.tile, lay.rotation) for lay in legal_lays(board, "KR", "3")}
    assert ("F14", "27", 3) not in offered
    # 27 turned to branch at the south edge, where KR's track comes in: usable, and offered.
    assert ("F14", "27", 0) in offered and check_lay(board, "KR", "3", "F14", "27", 0).upgrade
    # A menu filter, as 18xx.games checks it only for a move made, never for a game loaded: a
    # recorded lay of that kind is still accepted (the reach rule alone judges it).
    assert check_lay(board, "KR", "3", "F14", "27", 3).upgrade


def _riga_behind_the_minsk_loop() -> Board:
    """MVR at St Petersburg (E1) runs out through D2, D4 and C5 to the fork in C7, round Minsk
    (C9) and Vilna (B8) and back into C7; Riga (B4, yellow 201, ₽30, one slot) lies beyond D2's
    fork towards C3, full with MK's token.  Only the reach walk gets there: back along the
    C5-D4 line, turning at D2 (the board of ``test_token_reach_by_route``)."""
    board = Board.empty()
    for hex_id, tile, rotation in [("D2", "30", 0), ("C7", "23", 3), ("C9", "4", 5), ("C9", "204", 5),
                                   ("B8", "4", 1), ("B8", "87", 4), ("C3", "9", 4), ("B4", "201", 4)]:
        board = board.lay(hex_id, tile, rotation)
    board = board.release_reservations("RO").release_reservations("SPW")
    return board.place_token("MK", "B4", 0).place_token("MVR", "E1", 0)


def test_12_3_a_city_whose_value_changes_counts_only_where_a_train_could_reach_it():
    """18xx.games refuses a lay that only changes the value of a city its walk does not reach
    ("... is not legally rotated"): random seeds 253 (6 on I13), 298 (5 to 619 on I19) and 314
    (5 to 15 on E9), each city reached only by coming back along a line after a loop and turning
    off at a fork.  Upgrading Riga to 207 (₽40, a second slot) adds track no train of MVR runs
    along, and no route of MVR reaches Riga, so the menu leaves it out."""
    board = _riga_behind_the_minsk_loop()
    assert not [lay for lay in legal_lays(board, "MVR", "3") if lay.hex == "B4"]
    # A menu filter: the reach rule alone still judges a recorded or submitted lay.
    assert check_lay(board, "MVR", "3", "B4", "207", 4).upgrade


# Most exits (G3) ------------------------------------------------------------------------


def test_g3_city_upgrades_offer_only_the_most_exits_but_accept_fewer():
    board = built(Board.empty(), "F18", "57", "15").place_token("X", "F18", 0)
    offered = {lay.tile for lay in legal_lays(board, "X", "5") if lay.hex == "F18"}
    assert offered == {"63"}
    assert check_lay(board, "X", "5", "F18", "611", rotation_for(board, "F18", "611")).tile == "611"


# Costs ----------------------------------------------------------------------------------


def test_12_3_terrain_is_paid_with_the_first_tile_only():
    board = Board.empty().place_token("X", "F18", 0)
    assert check_lay(board, "X", "2", "F18", "57", 0).cost == 40
    board = board.lay("F18", "57", 0)
    assert check_lay(board, "X", "3", "F18", "15", rotation_for(board, "F18", "15")).cost == 0


def test_12_3_nizhnii_novgorod_pays_its_water_with_the_green_upgrade():
    board = Board.empty().place_token("X", "K7", 0)
    assert check_lay(board, "X", "3", "K7", "622", 1).cost == 20
    board = board.lay("K7", "622", 1)
    assert check_lay(board, "X", "5", "K7", "623", rotation_for(board, "K7", "623")).cost == 0


def test_12_3_kiev_green_635_carries_40_paid_when_it_becomes_brown():
    board = Board.empty().place_token("KB", "D14", 1)
    assert check_lay(board, "KB", "3", "D14", "635", 0).cost == 0
    board = board.lay("D14", "635", 0)
    assert check_lay(board, "KB", "5", "D14", "636", 0).cost == 40


# Two actions a turn ---------------------------------------------------------------------


def test_12_3_the_second_lay_costs_20_more():
    board = Board.empty().place_token("X", "F18", 0)
    first = check_lay(board, "X", "2", "F18", "57", 0)
    board = board.lay("F18", "57", 0)
    second = check_lay(board, "X", "2", "F16", "9", 0, LaysThisTurn().after(first))
    assert second.cost == 40 + 20  # F16's water and the second lay's fee


def test_12_3_the_second_lay_must_be_in_another_hex():
    board = Board.empty().place_token("X", "F18", 0)
    done = LaysThisTurn().after(check_lay(board, "X", "3", "F18", "57", 0))
    board = board.lay("F18", "57", 0)
    assert _refusal(board, "X", "3", "F18", "15", rotation_for(board, "F18", "15"), done) == (
        "X has already laid a tile in Ekaterinoslav (F18) this turn; its second lay must be in another hex."
    )


def test_12_3_never_two_upgrades_in_a_turn():
    board = Board.empty().place_token("N", "H8", 1)
    done = LaysThisTurn().after(check_lay(board, "N", "3", "H8", "637", 0))
    board = board.lay("H8", "637", 0).place_token("N2", "K7", 0)
    assert _refusal(board, "N", "3", "G7", "23", 0, done).startswith("N has already upgraded a tile this turn")
    assert all(not lay.upgrade for lay in legal_lays(board, "N", "3", done))


def test_12_3_no_third_lay():
    board = Board.empty().place_token("X", "F18", 0)
    done = LaysThisTurn(("A1", "A3"))
    assert _refusal(board, "X", "2", "F18", "57", 0, done) == "X has already made its 2 tile lays this turn."
    assert legal_lays(board, "X", "2", done) == []


# Bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hex_id", "tile", "rotation", "refusal"),
    [
        ("Z9", "9", 0, "There is no hex Z9 on the 1861 map."),
        ("F18", "999", 0, "1861 has no tile 999."),
        ("F18", "57", 6, "A rotation is a number from 0 to 5, not 6."),
        ("A5", "9", 0, "A5 is a gray hex; its track is fixed and takes no tile."),
    ],
)
def test_malformed_lays_are_refused_in_words(hex_id, tile, rotation, refusal):
    assert _refusal(Board.empty(), "X", "2", hex_id, tile, rotation) == refusal
