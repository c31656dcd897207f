"""Share buying from a new major's treasury after a conversion (sections 14.2, 23 R7).

At the new price, money to the major: the converting owner first buys any number of 10%
shares, one action each, until passing; then every other player in seat order may buy one
share or pass.  Players who cannot buy (no treasury share left, cash below the price, the
certificate limit, the 60%/70% cap) are skipped without being asked (R7).

State (``state.round["shares"]`` while the round's ``step`` is ``"shares"``): ``major``,
``queue`` (seats still to be asked, the first asked now) and ``any_number`` (the seat that
may buy more than one).
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.t1861 import holdings
from engine.t1861.state import State


def begin(state: State, major: str, first: int) -> None:
    """The converting owner, then everybody else once, in seat order."""
    state.round["step"] = "shares"
    state.round["shares"] = {"major": major, "queue": state.seats_from(first), "any_number": first}
    _skip_who_cannot_buy(state)


def finished(state: State) -> bool:
    return not state.round["shares"]["queue"]


def buyer(state: State) -> int:
    seat: int = state.round["shares"]["queue"][0]
    return seat


def major(state: State) -> str:
    name: str = state.round["shares"]["major"]
    return name


def can_buy(state: State, seat: int) -> bool:
    """A treasury share, the cash for it and room under both limits."""
    company = major(state)
    return (holdings.ten_percent_index(state, company, "treasury") is not None
            and state.cash[seat] >= state.majors[company]["price"]
            and holdings.has_room(state, seat) and holdings.may_hold_more(state, company, seat))


def buy(state: State, seat: int, company: Any, source: Any) -> list[Event]:
    """One 10% share from the treasury; the converting owner stays asked, anyone else is done."""
    if company != major(state) or source != "treasury":
        raise IllegalAction(f"Only {major(state).upper()}'s treasury shares are for sale now (rules 14.2).")
    if not can_buy(state, seat):
        raise IllegalAction(f"{state.players[seat]} cannot buy another {company.upper()} share"
                            " (cash, the certificate limit or the holding limit).")
    price = state.majors[company]["price"]
    holdings.move_ten_percent(state, company, "treasury", seat)
    state.cash[seat] -= price
    state.majors[company]["cash"] += price
    if seat != state.round["shares"]["any_number"]:
        state.round["shares"]["queue"].pop(0)
    _skip_who_cannot_buy(state)
    return [Event(f"{state.players[seat]} buys a 10% share of {company.upper()} from its treasury for ₽{price}.",
                  "buy_shares", {"seat": seat, "company": company, "source": "treasury", "price": price})]


def pass_turn(state: State, seat: int) -> list[Event]:
    state.round["shares"]["queue"].pop(0)
    _skip_who_cannot_buy(state)
    return [Event(f"{state.players[seat]} buys no more {major(state).upper()} shares.", "pass")]


def _skip_who_cannot_buy(state: State) -> None:
    queue = state.round["shares"]["queue"]
    while queue and not can_buy(state, queue[0]):
        queue.pop(0)
