"""The data file as loaded: counts from rules section 1 and the first-tile oracle of section 0."""

import pytest

from engine.t1861.data import DATA
from engine.t1861.fitting import fits


def test_the_map_has_the_hexes_and_the_manifest_the_tiles_of_section_1():
    colours = [hexdef.colour for hexdef in DATA.hexes.values()]
    assert len(DATA.hexes) == 144
    assert (colours.count("white"), colours.count("yellow"), colours.count("green")) == (114, 10, 1)
    assert (colours.count("gray"), colours.count("red")) == (8, 11)
    assert len(DATA.tiles) == 62
    assert [number for number, tile in DATA.tiles.items() if tile.count is None] == ["7", "8", "9"]


def test_phases_allow_the_colours_of_12_3():
    assert [phase.tile_colours[-1] for phase in DATA.phases] == [
        "yellow",
        "green",
        "green",
        "brown",
        "gray",
        "gray",
        "gray",
    ]


@pytest.mark.parametrize("hex_id", sorted(DATA.hexes))
def test_section_0_oracle_first_tiles_and_rotations_on_the_empty_board(hex_id):
    found = {number: tuple(fit.rotation for fit in fits(hex_id, None, number)) for number in DATA.tiles}
    assert {number: rotations for number, rotations in found.items() if rotations} == dict(
        DATA.hexes[hex_id].first_tile_options
    )


def test_the_data_file_ships_with_the_installed_package():
    from importlib import resources

    assert resources.files("engine.t1861").joinpath("data", "1861-data.json").is_file()
