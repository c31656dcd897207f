"""Any title without its own mail summary: each player's plain facts (numbers and words) as the view shows them."""

from __future__ import annotations

from typing import Any


def generic_position(view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    players = []
    for player in view.get("players", []):
        facts = {k: v for k, v in player.items() if isinstance(v, str | int) and k not in ("seat", "name")}
        players.append({"name": player.get("name", ""), "facts": ", ".join(f"{k} {v}" for k, v in facts.items())})
    return {"players": players}
