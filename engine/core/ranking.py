"""Competition ranking shared by every title's final standings."""

from __future__ import annotations

from typing import Any


def competition_standings(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Order entries by ``score`` (best first, ties by seat) and add ``place`` as 1, 1, 3."""
    ordered = sorted(entries, key=lambda entry: (-entry["score"], entry["seat"]))
    standings = []
    for index, entry in enumerate(ordered):
        tied_with_previous = index > 0 and entry["score"] == ordered[index - 1]["score"]
        place = standings[-1]["place"] if tied_with_previous else index + 1
        standings.append({**entry, "place": place})
    return standings
