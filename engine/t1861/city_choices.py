"""A prompt's answer naming one city of the map: its two form fields and one quick answer per city.

A home city (10.4) and a token removed after a merger (14.3, R3) are both answered by a hex
and a city index; the web form offers the hexes and indexes in play, and the mail a one-click
answer per city.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.prompts import Choice, Field, QuickAnswer

City = tuple[str, int]


def city_fields(places: Sequence[City]) -> tuple[Field, Field]:
    """The ``hex`` and ``city`` fields offering exactly the hexes and city indexes of ``places``."""
    hexes = sorted({hex_id for hex_id, _ in places})
    cities = sorted({city for _, city in places})
    return (Field("hex", "choice", "Hex", choices=tuple(Choice(hex_id.lower(), hex_id) for hex_id in hexes)),
            Field("city", "choice", "City", choices=tuple(Choice(city, str(city)) for city in cities)))


def city_answers(places: Sequence[City], label: str, action: dict[str, Any]) -> tuple[QuickAnswer, ...]:
    """One quick answer per city: ``label`` and the hex (the city index added where it is not 0)."""
    return tuple(QuickAnswer(f"{label} {hex_id}" + (f" (city {city})" if city else ""),
                             {**action, "hex": hex_id.lower(), "city": city})
                 for hex_id, city in places)
