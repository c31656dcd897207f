"""How things are named in sentences: money, holdings, certificates, railroads, investors."""

from __future__ import annotations

from collections.abc import Iterable

from engine.railroad_barons import tables


def money(amount: int) -> str:
    """``$1,000``: thousands grouped, as the other titles write money."""
    return f"${amount:,}"


def holding(company_id: str) -> str:
    return tables.HOLDING_BY_ID[company_id].short


def possessive(name: str) -> str:
    """ "Seedy Brothers'" / "McGreed Bros.'" (a plural cut short, not "Bros.'s") / "MS&C's"."""
    return f"{name}'" if name.endswith(("s", "s.")) else f"{name}'s"


def certificate(percent: int, company_id: str) -> str:
    return f"the {percent}% certificate of {holding(company_id)}"


def railroad(railroad_id: str) -> str:
    card = tables.RAILROADS[railroad_id]
    if card.name.startswith("Railroad "):
        return card.name
    return f"{card.name} ({railroad_id.upper()})"


def side(railroad_id: str, side_name: str) -> str:
    """E.g. "level 4 (D back, $220, income $72)"."""
    face = tables.RAILROADS[railroad_id].sides[side_name]
    return f"level {face.level} ({face.category} {side_name}, {money(face.cost)}, income {money(face.income)})"


def investor(investor_id: str) -> str:
    return f"the {money(tables.INVESTOR_BY_ID[investor_id].value)} investor"


def listing(items: Iterable[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def round_label(set_number: int, or_number: int) -> str:
    """ "draft", "SR 3" or "OR 3.2"."""
    if set_number == 0:
        return "draft"
    if or_number == 0:
        return f"SR {set_number}"
    return f"OR {set_number}.{or_number}"
