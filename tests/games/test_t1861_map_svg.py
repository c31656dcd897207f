"""1861's map as SVG: what a player sees on the map, drawn from the engine's map view.

The golden files in ``tests/games/golden/t1861-map/`` are the drawing at five positions of
the two recorded games (``tests/games/t1861_map_positions.py``).  After a deliberate change
to the drawing, rewrite them with

    TURNPOST_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/games/test_t1861_map_svg.py

and look at them (a browser opens the ``.svg`` files; ``chromium --headless
--screenshot=map.png map.svg`` makes a picture) before committing.
"""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path
from xml.etree import ElementTree

import pytest

from engine.t1861.board import Board
from engine.t1861.data import DATA
from engine.t1861.map_view import map_view
from games.titles.t1861 import map_svg as map_svg_module
from games.titles.t1861.map_svg import map_svg
from tests.games.t1861_map_positions import NAMED, named_view

GOLDEN = Path(__file__).resolve().parent / "golden" / "t1861-map"
REGENERATE = "TURNPOST_REGENERATE_GOLDEN"  # set to 1 to rewrite the files from the current drawing
SVG = "{http://www.w3.org/2000/svg}"


def _hex_group(svg: str, hex_id: str) -> ElementTree.Element:
    root = ElementTree.fromstring(svg)
    return next(group for group in root.iter(f"{SVG}g") if group.get("data-hex") == hex_id)


@pytest.mark.parametrize("name", list(NAMED))
def test_the_map_is_drawn_as_in_its_golden_file(name: str) -> None:
    drawn = map_svg(named_view(name))
    path = GOLDEN / f"{name}.svg"
    if os.environ.get(REGENERATE) == "1":
        path.write_text(drawn)
    assert path.read_text() == drawn, f"{path.name} differs; see this module's docstring to regenerate"


def test_a_late_game_map_is_well_formed_svg_under_150_kb() -> None:
    drawn = map_svg(named_view("167259-end"))
    assert ElementTree.fromstring(drawn).tag == f"{SVG}svg"
    assert len(drawn.encode()) < 150_000


def test_every_hex_shows_its_coordinates() -> None:
    drawn = map_svg(map_view(Board.empty(), "2"))
    texts = {element.text for element in ElementTree.fromstring(drawn).iter(f"{SVG}text")}
    assert set(DATA.hexes) <= texts


def test_the_map_scales_by_its_viewbox_so_it_is_usable_without_script() -> None:
    root = ElementTree.fromstring(map_svg(map_view(Board.empty(), "2")))
    assert root.get("width") == "100%" and len(root.get("viewBox", "").split()) == 4
    assert root.get("data-zoom") is not None  # what the zoom-and-pan script looks for


def test_station_tokens_are_drawn_in_their_companys_colour_from_the_data_file() -> None:
    board = Board.empty().lay("F18", "57", 1).place_token("NW", "F18", 0)
    token = _hex_group(map_svg(map_view(board, "4")), "F18")
    nw = next(entry for entry in DATA.raw["majors"] if entry["id"] == "NW")
    fills = {circle.get("fill") for circle in token.iter(f"{SVG}circle")}
    assert nw["color"] in fills
    assert "NW" in {text.text for text in token.iter(f"{SVG}text")}


def test_a_slot_held_for_a_minors_home_is_marked_with_its_id() -> None:
    riga = _hex_group(map_svg(map_view(Board.empty(), "2")), "B4")  # RO's home (section 8)
    assert "RO" in {text.text for text in riga.iter(f"{SVG}text")}
    assert "held for RO" in riga.find(f"{SVG}title").text


def test_an_off_board_boxes_the_current_phases_value() -> None:
    """Off-board values follow the phase's colour (section 12.5): 30 in phase 2, 70 in phase 6."""
    for phase, value in (("2", "30"), ("6", "70")):
        poland = _hex_group(map_svg(map_view(Board.empty(), phase)), "A9")
        bold = [text.text for text in poland.iter(f"{SVG}text") if text.get("font-weight") == "700"]
        assert bold == [value]


def test_a_laid_tile_draws_its_track_curve_and_city_revenue() -> None:
    group = _hex_group(map_svg(map_view(Board.empty().lay("F18", "57", 1), "2")), "F18")
    track = [path.get("d") for path in group.iter(f"{SVG}path") if path.get("stroke") == map_svg_module.INK]
    assert track and track[0].count("M") == 2  # tile 57: two pieces of track into the city
    assert "20" in {text.text for text in group.iter(f"{SVG}text")}


def test_gentle_and_sharp_curves_are_arcs_and_a_straight_is_a_line() -> None:
    board = Board.empty().lay("E5", "8", 0).lay("E7", "9", 0).lay("G9", "7", 0)
    drawn = map_svg(map_view(board, "2"))
    shapes = {hex_id: next(path.get("d") for path in _hex_group(drawn, hex_id).iter(f"{SVG}path")
                           if path.get("stroke") == map_svg_module.INK) for hex_id in ("E5", "E7", "G9")}
    assert re.search(r"A75 75 ", shapes["E5"])  # tile 8: a gentle curve, radius 1.5 R
    assert "A" not in shapes["E7"] and "L" in shapes["E7"]  # tile 9: straight across
    assert re.search(r"A25 25 ", shapes["G9"])  # tile 7: a sharp curve, radius R / 2


def test_closed_hexes_are_hatched_until_phase_3() -> None:
    assert 'fill="url(#closed)"' in ElementTree.tostring(_hex_group(map_svg(map_view(Board.empty(), "2")), "E3"),
                                                         encoding="unicode")
    assert "url(#closed)" not in ElementTree.tostring(_hex_group(map_svg(map_view(Board.empty(), "3")), "E3"),
                                                      encoding="unicode")


def test_the_drawing_imports_no_django_and_no_rules() -> None:
    """A pure function of the view: templates only embed it, and no rule is decided in it."""
    package = Path(map_svg_module.__file__).parent
    for module in package.glob("*.py"):
        imported = [node.module or "" for node in ast.walk(ast.parse(module.read_text()))
                    if isinstance(node, ast.ImportFrom)]
        imported += [alias.name for node in ast.walk(ast.parse(module.read_text())) if isinstance(node, ast.Import)
                     for alias in node.names]
        assert not [name for name in imported if name.startswith("django")], module.name
        assert set(imported) & {"engine.t1861.board", "engine.t1861.lays", "engine.t1861.rules"} == set()
