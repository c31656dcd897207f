"""Railroad cards in play: ownership, income, operator tokens and obsolescence (P-2 .. P-4, D-16)."""

from __future__ import annotations

from engine.core.events import Event
from engine.railroad_barons import names, tables
from engine.railroad_barons.company import Company
from engine.railroad_barons.state import State


def face(railroad_id: str, side: str) -> tables.Side:
    return tables.RAILROADS[railroad_id].sides[side]


def owner_of(state: State, railroad_id: str) -> str | None:
    """The holding that owns the railroad, or None (in the pile, on the investor or out of the game)."""
    for company in state.companies.values():
        if railroad_id in company.railroads:
            return company.id
    return None


def income(company: Company) -> int:
    """Income of the railroads the holding owns now (b.7 #56)."""
    return sum(face(railroad_id, side).income for railroad_id, side in company.railroads.items())


def free_tokens(company: Company) -> int:
    """Operator tokens not on a railroad (P-4)."""
    return tables.HOLDING_BY_ID[company.id].tokens - len(company.railroads)


def live_sides(state: State, railroad_id: str) -> list[str]:
    """Sides of a card that are not of an obsolete level (P-3)."""
    sides = tables.RAILROADS[railroad_id].sides
    return [name for name, side in sides.items() if side.level not in state.obsolete_levels]


def top_card(state: State) -> str | None:
    return state.pile[0] if state.pile else None


def retire_level(state: State, level_bought: int) -> list[Event]:
    """After a bank purchase on a side of ``level_bought``: make the lower level obsolete if this is its trigger.

    Removes railroads bought on that level from every holding (tokens come back
    by themselves) and cards with no live side left from the pile (P-3, D-16).
    """
    level = tables.OBSOLESCENCE.get(level_bought)
    if level is None or level in state.obsolete_levels:
        return []
    state.obsolete_levels.append(level)
    gone: list[str] = []
    for company in state.companies.values():
        for railroad_id, side in list(company.railroads.items()):
            if face(railroad_id, side).level == level:
                del company.railroads[railroad_id]
                gone.append(railroad_id)
    for railroad_id in list(state.pile):
        if not live_sides(state, railroad_id):
            state.pile.remove(railroad_id)
            gone.append(railroad_id)
    state.removed.extend(gone)
    listed = names.listing(names.railroad(railroad_id) for railroad_id in gone) or "none in play"
    return [Event(f"Level-{level} railroads are now obsolete and leave the game: {listed}.", "obsolete",
                  {"level": level, "removed": gone})]
