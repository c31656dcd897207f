"""Share buying from a new major's treasury after a conversion or merger (14.2-14.3, 23 R7).

At the new price, money to the major.  After a conversion the converting owner first buys
any number of 10% shares, one action each, until passing; then every other player in seat
order may buy one share or pass.  After a merger the merged minors' owners (in seat order
from the owner of the first minor in operating order) each buy any number until passing;
then every other player, in seat order after the new president, may buy one (as the
recorded games do).  Players who cannot
buy (no treasury share left, cash below the price, the certificate limit, the 60%/70% cap)
are skipped without being asked (R7).

State (``state.round["shares"]`` while the round's ``step`` is ``"shares"``): ``major`` and
``queue`` (``[seat, any_number]`` still to be asked, the first asked now).
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.t1861 import holdings
from engine.t1861.state import State


def begin_after_conversion(state: State, major: str, owner: int) -> None:
    """The converting owner any number, then everybody else once, in seat order."""
    _begin(state, major, [[owner, True], *([seat, False] for seat in state.seats_from(owner)[1:])])


def begin_after_merger(state: State, major: str, owners: list[int], president: int) -> None:
    """The minors' owners any number, then every other player once, in seat order after the
    president (R7; the president, an owner, bought freely already: 167259 ids 331-334 ask the
    president once, then the three others)."""
    first = owners[0]
    involved = [seat for seat in state.seats_from(first) if seat in owners]
    everybody = state.seats_from(president)[1:]
    _begin(state, major, [*([seat, True] for seat in involved), *([seat, False] for seat in everybody)])


def _begin(state: State, major: str, queue: list[list[Any]]) -> None:
    state.round["step"] = "shares"
    state.round["shares"] = {"major": major, "queue": queue}
    _skip_who_cannot_buy(state)


def finished(state: State) -> bool:
    return not state.round["shares"]["queue"]


def buyer(state: State) -> int:
    seat: int = state.round["shares"]["queue"][0][0]
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
    """One 10% share from the treasury; a buyer of any number stays asked, anyone else is done."""
    if company != major(state) or source != "treasury":
        raise IllegalAction(f"Only {major(state).upper()}'s treasury shares are for sale now (rules 14.2).")
    if not can_buy(state, seat):
        raise IllegalAction(f"{state.players[seat]} cannot buy another {company.upper()} share"
                            " (cash, the certificate limit or the holding limit).")
    price = state.majors[company]["price"]
    holdings.move_ten_percent(state, company, "treasury", seat)
    state.cash[seat] -= price
    state.majors[company]["cash"] += price
    if not state.round["shares"]["queue"][0][1]:
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
    while queue and not can_buy(state, queue[0][0]):
        queue.pop(0)
