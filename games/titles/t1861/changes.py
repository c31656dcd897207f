"""The hexes that changed since a player's last move, read from the log they may read (for the turn mail).

Mail clients block SVG, so a mail cannot draw the map; it lists what changed where instead
("Kharkov (G15): tile 57 (green) laid by GR; GR's token placed"), beside a link to the
game page's map.  Only the log lines' public data is read (every 1861 line is public), so a
mail says nothing the game page does not.
"""

from __future__ import annotations

from typing import Any

from engine.t1861.data import DATA

MAP_ANCHOR = "#map"  # the map's card on the game page (games/boards/1861.html)


def changed_hexes(events: list[dict[str, Any]]) -> list[str]:
    """One line per hex a tile lay or a token changed, in the order the hexes first changed."""
    changes: dict[str, list[str]] = {}
    for event in events:
        change = _change(event.get("kind", ""), event.get("data") or {})
        if change is not None:
            changes.setdefault(str(event["data"]["hex"]).upper(), []).append(change)
    return [f"{_hex_name(hex_id)}: {'; '.join(parts)}" for hex_id, parts in changes.items()]


def _change(kind: str, data: dict[str, Any]) -> str | None:
    company = str(data.get("company", "")).upper()
    if "hex" not in data:
        return None
    if kind == "lay_tile":
        tile = DATA.tiles.get(str(data.get("tile")))
        colour = f" ({tile.colour})" if tile is not None else ""
        return f"tile {data.get('tile')}{colour} laid by {company}"
    if kind == "place_token":
        return f"{company}'s token placed"
    if kind == "remove_token":
        return f"{company}'s token removed"
    return None


def _hex_name(hex_id: str) -> str:
    """``"Kharkov (G15)"`` for a named hex, else the bare id."""
    printed = DATA.hexes.get(hex_id)
    return printed.display_name() if printed is not None else hex_id
