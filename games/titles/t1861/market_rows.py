"""The 1861 market as rows for the board partial: cells with their zones and token stacks.

The grid (7.1) keeps its rows and columns, an empty corner as a gap; the column (7.2, option
``column_market``) reads top to bottom from the highest price, so on a phone it is a list, not
a 28-cell line.  Each cell lists its tokens top first, as ``games.titles.t1861.facts`` stacked
them (7.3), and names its zones by CSS class and in words.
"""

from __future__ import annotations

from typing import Any

from games.titles.t1861.colours import company_colour

# What each zone of the data file means to a reader (7.1, 10, 11, 18).
ZONE_WORDS = {
    "par_any": "a minor or major may start here",
    "par_minor_only": "only a minor may start here",
    "par_major_only": "only a major may start here",
    "minor_max_price": "the highest a minor's price goes",
    "convert_range": "a minor here may convert",
}


def market_rows(market: dict[str, Any] | None, names: dict[Any, str]) -> dict[str, Any] | None:
    """``{"kind", "rows": [[cell or None]]}``; a column market comes as one cell a row, highest first."""
    if not market:
        return None
    rows = [[_cell(cell, names) if cell else None for cell in row] for row in market["rows"]]
    if market["kind"] == "column":
        rows = [[cell] for cell in reversed(rows[0])]
    return {"kind": market["kind"], "rows": rows, "zones": list(ZONE_WORDS.items()), "stacks": _stacks(rows)}


def _stacks(rows: list[list[dict[str, Any] | None]]) -> list[dict[str, Any]]:
    """The occupied cells, highest price first: on a phone the grid's top prices lie beyond the screen's edge."""
    occupied = [cell for row in rows for cell in row if cell and cell["tokens"]]
    return sorted(occupied, key=lambda cell: -cell["price"])


def _cell(cell: dict[str, Any], names: dict[Any, str]) -> dict[str, Any]:
    zones = cell.get("zones", [])
    tokens = []
    for key in cell.get("companies", []):
        short = names.get(key, key)
        fill, ink = company_colour(short)
        tokens.append({"id": key, "short": short, "fill": fill, "ink": ink})
    return {"price": cell["price"], "classes": " ".join(f"zone-{zone}" for zone in zones),
            "title": "; ".join(ZONE_WORDS.get(zone, zone) for zone in zones), "tokens": tokens}
