"""Competition ranking shared by every title's final standings."""

from __future__ import annotations

from typing import Any


def competition_standings(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Order entries by ``score`` (best first, ties by seat) and add ``place`` as 1, 1, 3."""
    return placed_in_order(sorted(entries, key=lambda entry: (-entry["score"], entry["seat"])))


def placed_in_order(ordered: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Entries already best first, each with ``place`` from 1: equal scores share a place (1, 1, 3).

    The service re-places the engine's standings with it once resigned players are taken out.
    """
    standings: list[dict[str, Any]] = []
    for index, entry in enumerate(ordered):
        tied_with_previous = index > 0 and entry.get("score") == ordered[index - 1].get("score")
        place = standings[-1]["place"] if tied_with_previous else index + 1
        standings.append({**entry, "place": place})
    return standings
