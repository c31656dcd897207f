"""Certificates in this title's terms: who holds what, the director, floating (b.2, P-12, D-02, D-13)."""

from __future__ import annotations

from engine.core.events import Event
from engine.railroad_barons import money, names, tables
from engine.railroad_barons.company import (
    BANK,
    Company,
    held_sizes,
    next_director,
    percent_of,
    player_percent,
    swap_director_certificate,
)
from engine.railroad_barons.state import State

SIZES = tables.CERTIFICATE_SIZES
INDEX_OF_SIZE = {size: index for index, size in enumerate(SIZES)}


def owner_of(company: Company, percent: int) -> int | None:
    return company.owners[INDEX_OF_SIZE[percent]]


def give_certificate(company: Company, percent: int, owner: int | None) -> None:
    company.owners[INDEX_OF_SIZE[percent]] = owner


def percent_held(company: Company, seat: int | None) -> int:
    return percent_of(SIZES, company.owners, seat)


def sizes_held(company: Company, seat: int | None) -> list[int]:
    return held_sizes(SIZES, company.owners, seat)


def certificate_count(state: State, seat: int) -> int:
    """Certificates ``seat`` holds, counted against the limit (investors do not count, b.3 #21)."""
    return sum(company.owners.count(seat) for company in state.companies.values())


def shares_of(state: State, seat: int) -> dict[str, int]:
    """Holding id -> percent held, zeros left out (the replay output's ``shares``)."""
    held = {key: percent_held(company, seat) for key, company in state.companies.items()}
    return {key: percent for key, percent in held.items() if percent}


def opponent(state: State, seat: int) -> int:
    return (seat + 1) % len(state.players)


def seats_after(state: State, seat: int | None) -> list[int]:
    """Every seat, clockwise from the one after ``seat``: the tie order for a new director."""
    count = len(state.players)
    first = 0 if seat is None else seat + 1
    return [(first + step) % count for step in range(count)]


def update_director(state: State, company_id: str) -> list[Event]:
    """Recompute the director after certificates moved (D-02), swapping certificates if P-12 allows."""
    company = state.companies[company_id]
    old = company.director
    new = next_director(SIZES, company.owners, old, seats_after(state, old))
    if new == old or new is None:
        return []
    company.director = new
    events = [Event(f"{state.players[new]} becomes director of {names.holding(company_id)}.", "director",
                    {"holding": company_id, "seat": new, "previous": old})]
    if old is None:
        return events
    handed = swap_director_certificate(SIZES, company.owners, old, new)
    if handed is not None:
        given = names.listing(f"{size}%" for size in handed)
        events.append(Event(
            f"{state.players[new]} hands {state.players[old]} the {given} certificates for the 40% director's"
            f" certificate of {names.holding(company_id)}.",
            "director_swap",
            {"holding": company_id, "seat": new, "previous": old, "handed": handed},
        ))
    return events


def float_if_due(state: State, company_id: str) -> list[Event]:
    """Float once players hold 50%: the bank pays 10 x par, once (b.2 #13, D-13)."""
    company = state.companies[company_id]
    if company.floated or player_percent(SIZES, company.owners) < tables.FLOAT_PERCENT:
        return []
    assert company.par is not None
    capital = tables.CAPITAL_SHARES * company.par
    company.floated = True
    money.bank_pays_company(state, company_id, capital)
    return [Event(f"{names.holding(company_id)} floats: the bank pays it {names.money(capital)}.", "float",
                  {"holding": company_id, "amount": capital})]


def bank_holds(company: Company, percent: int) -> bool:
    return owner_of(company, percent) is BANK
