"""The colours the 1861 map is painted in: tile colours, and each company's from the data file.

Company colours are facts of the game (``color`` in ``1861-data.json``) so they are read,
never typed; the ink on a token is the data file's ``text_color`` when it gives one, else
black or white, whichever reads better on the fill.
"""

from __future__ import annotations

from functools import cache

from engine.t1861.data import DATA

# The usual 18xx printing colours for hexes, tiles and the off-board value boxes.
HEX_FILLS = {
    "white": "#eae0c8",
    "yellow": "#fde900",
    "green": "#71bf44",
    "brown": "#cb7745",
    "gray": "#bcbdc0",
    "red": "#ec232a",
}
UNKNOWN_FILL = "#ffffff"
UNKNOWN_COMPANY = ("#9aa0a6", "#ffffff")


def hex_fill(colour: str | None) -> str:
    return HEX_FILLS.get(colour or "", UNKNOWN_FILL)


@cache
def company_colours() -> dict[str, tuple[str, str]]:
    """Company id -> (fill, ink) for every minor, major and the national."""
    raw = DATA.raw
    companies = [*raw["minors"], *raw["majors"], raw["national"]]
    return {entry["id"]: (entry["color"], entry.get("text_color") or _readable_ink(entry["color"]))
            for entry in companies}


def company_colour(company: str) -> tuple[str, str]:
    return company_colours().get(company, UNKNOWN_COMPANY)


def is_pale(fill: str) -> bool:
    """Too light to show as a thin ring on white (the RSR's cream)."""
    return _luminance(fill) > 0.85


def _readable_ink(fill: str) -> str:
    """Black on light fills, white on dark ones."""
    return "#000000" if _luminance(fill) > 0.45 else "#ffffff"


def _luminance(fill: str) -> float:
    """Relative luminance with WCAG's weights, 0 (black) to 1 (white)."""
    red, green, blue = (int(fill.lstrip("#")[index:index + 2], 16) / 255 for index in (0, 2, 4))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue
