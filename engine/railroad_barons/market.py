"""The share-value track (P-5.1): one line of spaces; markers move a space at a time."""

from __future__ import annotations

from engine.railroad_barons import tables
from engine.railroad_barons.company import Company

TOP = len(tables.SHARE_TRACK) - 1


def price(company: Company) -> int:
    """The current price of a 10% share; 0 for a holding that has not started."""
    if company.price_index is None:
        return 0
    return tables.SHARE_TRACK[company.price_index]


def par_index(par: int) -> int:
    return tables.SHARE_TRACK.index(par)


def move_up(company: Company) -> bool:
    """One space up, stopping at the top (D-07); True if the marker moved."""
    if company.price_index is None or company.price_index >= TOP:
        return False
    company.price_index += 1
    return True


def move_down(company: Company) -> bool:
    """One space down, stopping at the bottom ($40, D-07); True if the marker moved."""
    if company.price_index is None or company.price_index <= 0:
        return False
    company.price_index -= 1
    return True


def at_end_price(company: Company) -> bool:
    """Whether the marker stands on or above the value that ends the game (P-9.1)."""
    return price(company) >= tables.END_PRICE
