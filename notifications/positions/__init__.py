"""Position summaries for mails, per title, built from one seat's view (never from the state)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from notifications.positions.acquire import acquire_position
from notifications.positions.generic import generic_position
from notifications.positions.railroad_barons import railroad_barons_position
from notifications.positions.t1861 import t1861_position

POSITIONS: dict[str, Callable[[dict[str, Any], int | None], dict[str, Any]]] = {
    "acquire": acquire_position,
    "railroad-barons": railroad_barons_position,
    "1861": t1861_position,
}


def position_for(title: str, view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    return POSITIONS.get(title, generic_position)(view, seat)


def position_template(title: str) -> str:
    """The mail include for ``title`` (without .txt/.html): its own when it has a summary here, else generic."""
    return f"emails/includes/position-{title if title in POSITIONS else 'generic'}"
