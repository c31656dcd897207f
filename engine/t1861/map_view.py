"""The map as plain data for drawing: every hex with what it shows now.

The map page draws its SVG from :func:`map_view` without knowing any rule: each hex carries
its position, current colour and label, the tile and rotation, its track as absolute paths
(``["e0", "c0"]``: from the south edge into city 0), cities with their value, slots, tokens
and held slots, towns, an off-board's value in this phase, the terrain cost still to pay,
borders, and whether the hex is still closed.  The result is JSON-ready.
"""

from __future__ import annotations

import math
from typing import Any

from engine.t1861.board import Board
from engine.t1861.contents import HexContents
from engine.t1861.data import DATA
from engine.t1861.hexes import HexDef
from engine.t1861.tiles import End

_OPEN_FROM = [phase.name for phase in DATA.phases].index("3")


def map_view(board: Board, phase: str) -> dict[str, Any]:
    """Every hex of the map, in the data file's order, as drawn in ``phase``."""
    offboard_colour = DATA.phase(phase).offboard_colour
    closed = [known.name for known in DATA.phases].index(phase) < _OPEN_FROM
    return {
        "phase": phase,
        "offboard_colour": offboard_colour,
        "hexes": [_hex_view(board, hexdef, offboard_colour, closed) for hexdef in DATA.hexes.values()],
    }


def hex_view(board: Board, hex_id: str, phase: str) -> dict[str, Any]:
    """One hex as :func:`map_view` draws it in ``phase`` (a lay's preview: the board after the lay)."""
    closed = [known.name for known in DATA.phases].index(phase) < _OPEN_FROM
    return _hex_view(board, DATA.hexes[hex_id], DATA.phase(phase).offboard_colour, closed)


def hex_after_lay(board: Board, hex_id: str, tile: str, rotation: int, phase: str) -> dict[str, Any]:
    """The hex as it would be drawn once ``tile`` is laid there at ``rotation`` (a lay's preview);
    whether the lay is legal is ``lays.check_lay``'s question, asked before a lay is offered."""
    return hex_view(board.lay(hex_id, tile, rotation), hex_id, phase)


def _hex_view(board: Board, hexdef: HexDef, offboard_colour: str, closed: bool) -> dict[str, Any]:
    contents = board.contents(hexdef.id)
    tile = contents.tile
    return {
        "id": hexdef.id,
        "x": hexdef.x,
        "y": hexdef.y,
        # Centre in units of the hex's circumradius (y grows southwards).
        "centre": [1.5 * hexdef.x, round(math.sqrt(3) / 2 * hexdef.y, 6)],
        "name": hexdef.name,
        "printed_colour": hexdef.colour,
        "colour": contents.colour,
        "label": contents.label,
        "tile": tile.number if tile else None,
        "rotation": tile.rotation if tile else None,
        "paths": [[_end_text(end) for end in path] for path in contents.paths],
        "cities": _cities(board, contents),
        "towns": [{"revenue": _value(contents, town.revenue)} for town in contents.towns],
        "offboard": _offboard(contents, offboard_colour),
        "terrain": hexdef.terrain,
        "cost_to_build": (hexdef.terrain_cost if contents.is_printed else 0) + contents.upgrade_cost,
        "borders": list(hexdef.borders),
        "closed": hexdef.blocked_until_phase_3 and closed,
        "bonus": dict(hexdef.special_revenue) if hexdef.special_revenue else None,
    }


def _cities(board: Board, contents: HexContents) -> list[dict[str, Any]]:
    tokens, reserved = board.tokens_in(contents.hex), board.reserved_in(contents.hex)
    rotation = contents.tile.rotation if contents.tile else 0
    return [
        {
            "index": index,
            "revenue": _value(contents, city.revenue),
            "slots": city.slots,
            "tokens": list(tokens[index]),
            "reserved_for": list(reserved[index]),
            # Where the city sits on a multi-city tile, as an edge number (x.5: between two edges).
            "loc": None if city.loc is None else (city.loc + rotation) % 6,
        }
        for index, city in enumerate(contents.cities)
    ]


def _offboard(contents: HexContents, colour: str) -> dict[str, Any] | None:
    offboard = contents.offboard
    if offboard is None:
        return None
    return {"revenue": offboard.revenue[colour], "values": dict(offboard.revenue), "area": offboard.area}


def _value(contents: HexContents, revenue: int) -> int | None:
    """A white hex's city or town shows no value until a tile brings one."""
    return None if contents.colour == "white" else revenue


def _end_text(end: End) -> str:
    kind, index = end
    return f"{kind}{index}"
