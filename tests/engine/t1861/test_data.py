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


def _upgrades_seen(hex_id):
    """Tile -> tiles that fit on it in ``hex_id``, over every chain of fitting lays from the empty hex."""
    from engine.t1861.contents import LaidTile
    from engine.t1861.fitting import candidates

    seen: dict[str, set[str]] = {}
    pending, visited = [None], set()
    while pending:
        current = pending.pop()
        for number, fitted in candidates(hex_id, current):
            if current is not None:
                seen.setdefault(current.number, set()).add(number)
            for fit in fitted:
                laid = LaidTile(number, fit.rotation)
                if laid not in visited:
                    visited.add(laid)
                    pending.append(laid)
    return seen


@pytest.mark.parametrize("hex_id", ["G9", "F18", "H10", "G15", "B4", "D20", "N10", "K7", "D14", "H8", "E1", "I5"])
def test_12_3_the_fitting_rules_only_upgrade_along_the_data_files_upgrade_lists(hex_id):
    for tile, upgrades in _upgrades_seen(hex_id).items():
        allowed = set(DATA.tiles[tile].upgrades_to)
        if hex_id == "G15":
            allowed |= set(DATA.tiles[tile].upgrades_to_on_g15_only)
        assert upgrades <= allowed, tile


def test_12_3_kharkov_alone_reaches_gray_640():
    assert "640" in _upgrades_seen("G15")["623"]
    assert all("640" not in upgrades for upgrades in _upgrades_seen("N10").values())
