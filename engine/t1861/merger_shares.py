"""Share buying from a new major's treasury after a conversion or merger (14.2-14.3, 23 R7).

At the new price, money to the major.  After a conversion the converting owner first buys
any number of 10% shares, one action each, until passing; then every other player in seat
order may buy one share or pass.  After a merger the merged minors' owners (in seat order
from the owner of the first minor in operating order) each buy any number until passing;
then every player, owners included, in seat order from the new president, may buy one (R7,
as 18xx.games asks) -- except that the owner whose pass ended the owners' buying is not asked
again at once: had he been the first to ask, he is left out (so a president who passed last,
as in 167259, is asked once).  Players who cannot
buy (no treasury share left, cash below the price, the certificate limit, the 60%/70% cap)
are skipped without being asked (R7).

The presidency (R7, 10.3): while nobody holds the president's certificate (the exchange gave
nobody 20%), a buyer holding 10% pays one share's price and swaps that 10% for the 20%
certificate; later a buyer holding more than the president takes the presidency (the usual
swap of two 10% certificates for the 20%).  If the owners' buying ends with the 20% still in
the treasury the merger has failed (14.3, ``failed``; ``merger`` undoes it).

State (``state.round["shares"]`` while the round's ``step`` is ``"shares"``): ``major``,
``queue`` (``[seat, any_number]`` still to be asked, the first asked now), ``phase``
(``"owners"`` while a merger's owners buy freely, then ``"everybody"``; a conversion's is
``"everybody"`` at once) and ``failed``.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.t1861 import holdings
from engine.t1861.state import State

PRESIDENCY_SWAP_PERCENT = 10  # R7: a 10% holder buying while the 20% is in the treasury swaps for it


def begin_after_conversion(state: State, major: str, owner: int) -> None:
    """The converting owner any number, then everybody else once, in seat order."""
    _begin(state, major, [[owner, True], *([seat, False] for seat in state.seats_from(owner)[1:])], "everybody")


def begin_after_merger(state: State, major: str, owners: list[int]) -> None:
    """The minors' owners any number, in seat order from the first minor's owner; then
    (``_next_phase``) every player once, from the president."""
    first = owners[0]
    involved = [seat for seat in state.seats_from(first) if seat in owners]
    _begin(state, major, [[seat, True] for seat in involved], "owners")


def _next_phase(state: State, passer: int | None) -> None:
    """The owners are done: with no president the merger failed; else every player once, in
    seat order from the president (R7).  ``passer`` is the owner whose pass ended the owners'
    buying (None when a buy or nobody able to buy ended it): 18xx.games does not ask him
    again straight after his pass, so if he would be asked first he is left out; later in the
    order he is asked like everybody else (167259 ids 331-334: the president passes last,
    then only the three others are asked)."""
    shares = state.round["shares"]
    president = holdings.president_of(state, shares["major"])
    shares["phase"] = "everybody"
    if president is None:
        shares["failed"] = True
        return
    shares["queue"] = [[seat, False] for seat in state.seats_from(president)]
    _drop_who_cannot_buy(state)
    if shares["queue"] and shares["queue"][0][0] == passer:
        shares["queue"].pop(0)


def _begin(state: State, major: str, queue: list[list[Any]], phase: str) -> None:
    state.round["step"] = "shares"
    state.round["shares"] = {"major": major, "queue": queue, "phase": phase, "failed": False}
    _skip_who_cannot_buy(state)


def finished(state: State) -> bool:
    return not state.round["shares"]["queue"]


def failed(state: State) -> bool:
    """14.3: the owners' buying ended with the president's certificate still in the treasury."""
    return bool(state.round["shares"].get("failed"))


def buyer(state: State) -> int:
    seat: int = state.round["shares"]["queue"][0][0]
    return seat


def major(state: State) -> str:
    name: str = state.round["shares"]["major"]
    return name


def can_buy(state: State, seat: int) -> bool:
    """A treasury share, the cash for it and room under both limits (a swap for the 20%
    takes no extra certificate)."""
    company = major(state)
    return (holdings.ten_percent_index(state, company, "treasury") is not None
            and state.cash[seat] >= state.majors[company]["price"]
            and (_takes_presidency(state, seat) or holdings.has_room(state, seat))
            and holdings.may_hold_more(state, company, seat))


def situation(state: State, seat: int) -> str:
    """What a purchase or a pass means for ``seat`` now, for its question: a walk was asked the
    same words while it could buy any number and when it could buy one, and was not told that its
    purchase would make it president or that the owners' stopping could undo the merger."""
    company = major(state)
    name, entry = company.upper(), state.round["shares"]
    left = holdings.percent_of(state, company, "treasury") // 10
    may_buy_many = entry["queue"][0][1]
    words = [f"Its treasury holds {holdings.shares_words(left)}.",
             "You may buy as many as you like, one at a time; a pass ends your buying." if may_buy_many
             else "You may buy one."]
    if holdings.president_of(state, company) is None:
        if _takes_presidency(state, seat):
            words.append(f"You hold 10%: a purchase swaps it for the president's certificate and makes you"
                         f" {name}'s president (R7).")
        words.append(f"Nobody presides over {name} yet: if the owners stop with the president's certificate"
                     " still in the treasury, the merger is undone (14.3).")
    return " ".join(words)


def _takes_presidency(state: State, seat: int) -> bool:
    """R7: the 20% is still in the treasury and the buyer holds exactly 10%."""
    company = major(state)
    return (holdings.president_of(state, company) is None
            and holdings.percent_of(state, company, seat) == PRESIDENCY_SWAP_PERCENT)


def buy(state: State, seat: int, company: Any, source: Any) -> list[Event]:
    """One 10% share from the treasury; a buyer of any number stays asked, anyone else is done."""
    if company != major(state) or source != "treasury":
        raise IllegalAction(f"Only {major(state).upper()}'s treasury shares are for sale now (rules 14.2).")
    if not can_buy(state, seat):
        raise IllegalAction(f"{state.players[seat]} cannot buy another {company.upper()} share"
                            " (cash, the certificate limit or the holding limit).")
    price = state.majors[company]["price"]
    president_before = holdings.president_of(state, company)
    if _takes_presidency(state, seat):
        holdings.move_ten_percent(state, company, seat, "treasury")
        state.majors[company]["certificates"][holdings.PRESIDENT] = seat
    else:
        holdings.move_ten_percent(state, company, "treasury", seat)
        holdings.check_presidency_after_buy(state, company, seat)
    state.cash[seat] -= price
    state.majors[company]["cash"] += price
    events = [Event(f"{state.players[seat]} buys a 10% share of {company.upper()} from its treasury for ₽{price:,}.",
                    "buy_shares", {"seat": seat, "company": company, "source": "treasury", "price": price})]
    if holdings.president_of(state, company) != president_before:
        events.append(Event(f"{state.players[seat]} becomes {company.upper()}'s president.", "president",
                            {"seat": seat, "company": company}))
    if not state.round["shares"]["queue"][0][1]:
        state.round["shares"]["queue"].pop(0)
    _skip_who_cannot_buy(state)
    return events


def pass_turn(state: State, seat: int) -> list[Event]:
    state.round["shares"]["queue"].pop(0)
    _skip_who_cannot_buy(state, passer=seat)
    return [Event(f"{state.players[seat]} buys no more {major(state).upper()} shares.", "pass")]


def _skip_who_cannot_buy(state: State, passer: int | None = None) -> None:
    """Drop the players who cannot buy from the front of the queue; an owners' phase that
    runs out moves on to everybody's (``passer``: whose pass ran it out, if a pass did)."""
    shares = state.round["shares"]
    _drop_who_cannot_buy(state)
    if not shares["queue"] and shares["phase"] == "owners":
        _next_phase(state, passer)
        _drop_who_cannot_buy(state)


def _drop_who_cannot_buy(state: State) -> None:
    queue = state.round["shares"]["queue"]
    while queue and not can_buy(state, queue[0][0]):
        queue.pop(0)
