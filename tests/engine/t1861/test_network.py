"""track_network.build_network(): the seam the route layer reads (engine/t1861/network.py's docstring)."""

from engine.t1861.board import Board
from engine.t1861.data import DATA
from engine.t1861.track_network import build_network


def test_every_path_of_every_hex_is_one_segment_named_by_hex_and_path_index():
    network = build_network(Board.empty(), "2")
    printed = sum(len(hexdef.paths) for hexdef in DATA.hexes.values())
    assert len(network.segments) == printed
    assert {segment.id for segment in network.segments} >= {"H8/0", "H8/1", "H8/2", "C5/2"}


def test_a_border_junction_names_both_sides_sorted_and_joins_both_hexes_track():
    network = build_network(Board.empty(), "2")
    junction = "G7.5|H8.2"  # Moscow's north-west edge is G7's south-east edge
    assert {segment.hex for segment in network.touching[junction]} == {"G7", "H8"}
    assert ("G7.5|H8.2", "H8:c1") in [segment.ends for segment in network.touching[junction]]


def test_dunaberg_has_a_town_and_a_separate_straight_track():
    network = build_network(Board.empty(), "2")
    town = [segment for segment in network.segments if segment.hex == "C5" and "C5:t0" in segment.ends]
    straight = [segment for segment in network.segments if segment.id == "C5/2"]
    assert len(town) == 2
    assert straight[0].ends == ("C5.0|C7.3", "C5.4|D4.1")


def test_off_board_values_follow_the_phase_colour_and_carry_their_area():
    assert build_network(Board.empty(), "2").stops["A9:o0"].revenue == 30
    assert build_network(Board.empty(), "5").stops["A9:o0"].revenue == 50
    caucasus = build_network(Board.empty(), "6").stops["J20:o0"]
    assert (caucasus.kind, caucasus.revenue, caucasus.area) == ("offboard", 60, "Caucasus")
    assert build_network(Board.empty(), "6").phase_colour == "gray"


def test_cities_carry_the_current_tiles_revenue_slots_tokens_and_held_slots():
    board = Board.empty().place_token("N", "H8", 1)
    stops = build_network(board, "2").stops
    assert stops["H8:c1"].tokens == ("N",) and stops["H8:c1"].revenue == 40
    assert stops["H8:c0"].reserved_for == ("M-K",)
    board = board.lay("H8", "637", 0).lay("H8", "638", 0)
    merged = build_network(board, "5").stops["H8:c0"]
    assert (merged.revenue, merged.slots, merged.tokens, merged.reserved_for) == (70, 3, ("N",), ("M-K", "MNN"))
    assert "H8:c1" not in build_network(board, "5").stops


def test_a_laid_tile_adds_its_turned_paths_and_a_town_stop():
    board = Board.empty().lay("H10", "4", 1)  # Tula: town track from the south-west to the north-east
    segments = [segment for segment in build_network(board, "2").segments if segment.hex == "H10"]
    assert [segment.ends for segment in segments] == [("G11.4|H10.1", "H10:t0"), ("H10:t0", "H10.4|I9.1")]
    assert build_network(board, "2").stops["H10:t0"].revenue == 10


def test_a_company_network_keeps_only_what_its_tokens_reach():
    board = Board.empty().place_token("N", "H8", 1)
    network = build_network(board, "2", "N")
    assert set(network.stops) == {"H8:c1", "G5:t0", "E1:c1"}
    assert {segment.hex for segment in network.segments} == {"H8", "G7", "G5", "F4", "F2", "E1"}
    assert build_network(Board.empty(), "2", "N").segments == ()
