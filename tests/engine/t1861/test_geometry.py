"""Hex geometry: coordinates, neighbours across each edge, rotation and crow-flies distance (12.4)."""

import pytest

from engine.t1861.data import DATA
from engine.t1861.geometry import coordinates, distance, hex_name, neighbour, opposite, rotate


def test_coordinates_follow_the_letter_and_number():
    assert coordinates("G10") == (6, 9)
    assert coordinates("P0") == (15, -1)
    assert hex_name(6, 9) == "G10"


def test_every_neighbour_in_the_data_file_is_across_the_edge_geometry_gives():
    for hexdef in DATA.hexes.values():
        for edge, other in hexdef.neighbours.items():
            assert neighbour(hexdef.id, edge) == other
            assert DATA.hexes[other].neighbours[opposite(edge)] == hexdef.id


def test_rotation_turns_edges_clockwise_and_wraps():
    assert rotate(0, 1) == 1
    assert rotate(5, 2) == 1


@pytest.mark.parametrize(
    ("a", "b", "hexes"),
    [("G10", "G10", 0), ("G10", "G12", 1), ("G10", "H11", 1), ("G10", "G16", 3), ("A9", "E9", 4), ("E1", "H8", 3 + 2)],
)
def test_12_4_distance_is_dx_plus_the_vertical_excess(a, b, hexes):
    assert distance(a, b) == hexes
    assert distance(b, a) == hexes
