"""The private auction at the start of the game (section 9, 23 G1).

The privates go up one at a time in ascending face value, the first by the first seat, each
later one by the seat after the last buyer.  State (``state.auction``):

- ``company``, ``minimum`` (the current minimum bid), ``drops`` (how often it fell by ₽5);
- ``eligible``: the seats still in this private's bidding, in table order.  G1: players who
  cannot afford the minimum are left out when the private is put up; the list is rebuilt
  from everybody only when a *reduced* offer goes round unsold and the price falls again;
- ``high_bid``/``high_bidder`` (``None`` before the first bid), ``turn`` (the seat asked),
  ``starter`` (the seat that put it up), ``declined`` (seats that passed before any bid).

Before any bid a pass only declines to open: the player may still raise once someone opens.
After a bid, a pass leaves this private's bidding, and players who cannot raise by ₽5 are
out at once without an action.  When everybody declines, the minimum drops ₽5 and the offer
goes round again from the starter; from then on the first bid buys at once (section 9's
engine note).  At ₽0 the starter gets the private free.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.t1861 import stock_round
from engine.t1861.data import DATA
from engine.t1861.state import State

RULES = DATA.raw["game"]["private_auction"]
STEP: int = RULES["bid_multiple"]
DROP: int = RULES["price_drop_when_all_pass"]
PRIVATES = {private["id"]: private for private in DATA.raw["privates"]}


def begin(state: State) -> list[Event]:
    """The first private goes up; the first seat starts (section 2: it holds the priority deal)."""
    return _put_up_next(state, starter=0)


def bid_range(state: State, seat: int) -> tuple[int, int] | None:
    """The least and most ``seat`` may bid now, or None when it cannot bid at all."""
    auction = _auction(state)
    least = auction["minimum"] if auction["high_bid"] is None else auction["high_bid"] + STEP
    most = state.cash[seat]
    return (least, most) if least <= most else None


def bid(state: State, seat: int, company: Any, price: Any) -> list[Event]:
    auction = _auction(state)
    if company != auction["company"]:
        raise IllegalAction(f"The private for sale is {auction['company'].upper()}, so the bid must name it.")
    if isinstance(price, bool) or not isinstance(price, int):
        raise IllegalAction("A bid needs a price in whole roubles.")
    bounds = bid_range(state, seat)
    if bounds is None or not bounds[0] <= price <= bounds[1]:
        raise IllegalAction(_bid_refusal(state, seat, price))
    if (price - auction["minimum"]) % STEP:
        raise IllegalAction(f"Bids go up in steps of ₽{STEP:,} from the minimum of ₽{auction['minimum']:,}.")
    name = state.players[seat]
    if auction["drops"]:
        return [Event(f"{name} bids ₽{price:,} for {company.upper()} at the reduced price.", "bid"),
                *_sell(state, seat, price)]
    auction["high_bid"], auction["high_bidder"] = price, seat
    auction["eligible"] = [other for other in auction["eligible"]
                           if other == seat or state.cash[other] >= price + STEP]
    events = [Event(f"{name} bids ₽{price:,} for {company.upper()}.", "bid", {"seat": seat, "price": price})]
    return events + _next_bidder(state, after=seat)


def pass_turn(state: State, seat: int) -> list[Event]:
    auction = _auction(state)
    name = state.players[seat]
    if auction["high_bid"] is None:
        auction["declined"].append(seat)
        events = [Event(f"{name} declines to open {auction['company'].upper()}.", "pass")]
        if len(auction["declined"]) >= len(auction["eligible"]):
            return events + _drop_price(state, rebuild=auction["drops"] > 0)
        return events + _next_bidder(state, after=seat)
    auction["eligible"].remove(seat)
    return [Event(f"{name} passes on {auction['company'].upper()}.", "pass"), *_next_bidder(state, after=seat)]


def _auction(state: State) -> dict[str, Any]:
    assert state.auction is not None
    return state.auction


def _bid_refusal(state: State, seat: int, price: int) -> str:
    auction = _auction(state)
    if price > state.cash[seat]:
        return f"{state.players[seat]} has only ₽{state.cash[seat]:,}, less than ₽{price:,}."
    if auction["high_bid"] is None:
        return f"The minimum bid for {auction['company'].upper()} is ₽{auction['minimum']:,}."
    return f"A bid must beat ₽{auction['high_bid']:,} by at least ₽{STEP:,}."


def _next_bidder(state: State, after: int) -> list[Event]:
    """Ask the next seat still in; sell when only the high bidder is left."""
    auction = _auction(state)
    if auction["high_bid"] is not None and auction["eligible"] == [auction["high_bidder"]]:
        return _sell(state, auction["high_bidder"], auction["high_bid"])
    waiting = [seat for seat in state.seats_from(after)[1:] if seat in auction["eligible"]
               and seat != auction["high_bidder"]
               and (auction["high_bid"] is not None or seat not in auction["declined"])]
    auction["turn"] = waiting[0]
    return []


def _drop_price(state: State, rebuild: bool) -> list[Event]:
    """Everybody declined: ₽5 off, round again from the starter.

    G1: the players in are those of the declined offer after the first drop, everybody who can
    afford the new price after any later one; when nobody can afford a price at all, the
    price falls again at once and the list is rebuilt (as 18xx.games re-offers it).
    """
    auction = _auction(state)
    events: list[Event] = []
    while True:
        auction["minimum"] = max(auction["minimum"] - DROP, 0)
        auction["drops"] += 1
        auction["declined"] = []
        name = auction["company"].upper()
        if auction["minimum"] == 0:
            starter = auction["starter"]
            free = Event(f"Nobody bid; {state.players[starter]} gets {name} free.", "bid")
            return [*events, free, *_sell(state, starter, 0)]
        events.append(Event(f"Nobody bid: the minimum for {name} falls to ₽{auction['minimum']:,}.", "price_drop"))
        if rebuild:
            auction["eligible"] = _able(state, auction["minimum"])
        if auction["eligible"]:
            auction["turn"] = next(seat for seat in state.seats_from(auction["starter"]) if seat in auction["eligible"])
            return events
        rebuild = True


def _able(state: State, minimum: int) -> list[int]:
    return [seat for seat in state.seats if state.cash[seat] >= minimum]


def _sell(state: State, seat: int, price: int) -> list[Event]:
    company = _auction(state)["company"]
    state.cash[seat] -= price
    state.bank += price
    state.privates[company] = seat
    events = [Event(f"{state.players[seat]} buys {company.upper()} for ₽{price:,}.", "private_sold",
                    {"company": company, "seat": seat, "price": price})]
    return events + _put_up_next(state, starter=state.next_seat(seat))


def _put_up_next(state: State, starter: int) -> list[Event]:
    unsold = [company for company in state.privates if state.privates[company] is None]
    if not unsold:
        state.auction = None
        state.priority = starter
        return stock_round.begin(state)
    company = min(unsold, key=lambda private: PRIVATES[private.upper()]["face_value"])
    minimum = PRIVATES[company.upper()]["min_bid"]
    state.auction = {"company": company, "minimum": minimum, "drops": 0, "eligible": _able(state, minimum),
                     "high_bid": None, "high_bidder": None, "turn": starter, "starter": starter, "declined": []}
    events = [Event(f"{company.upper()} ({PRIVATES[company.upper()]['name']}) is for sale, minimum ₽{minimum:,}.",
                    "private_up", {"company": company, "minimum": minimum})]
    if not state.auction["eligible"]:
        return events + _drop_price(state, rebuild=True)
    state.auction["turn"] = next(seat for seat in state.seats_from(starter) if seat in state.auction["eligible"])
    return events
