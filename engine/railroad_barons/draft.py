"""The investor draft before the first stock round (b.4 #26-29, P-8, D-04).

Four slots picked by A, B, B, A: the picker offers an investor at a named
value, the other player takes the card or that much cash, and the picker gets
the rest.  The fifth investor leaves the game and both players get its value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.railroad_barons import fields, flow, market, money, names, shares, tables
from engine.railroad_barons.state import CHOOSE_OFFER, OFFER_INVESTOR, SET_PAR, State

TAKE_CHOICES = ("card", "cash")


@dataclass(frozen=True)
class Offer:
    investor: str
    value: int


def picker(state: State) -> int:
    return tables.DRAFT_PICKERS[state.draft.slot]


def opening_events(state: State) -> list[Event]:
    """The setup as the log tells it, before the draft's first offer (b.4 #24, #26)."""
    each = names.money(state.cash[0])
    text = (f"{names.listing(state.players)} have {each} each and {len(state.pile)} railroads are in the pile;"
            f" {state.players[picker(state)]} offers the first investor.")
    return [Event(text, "setup", {"cash": list(state.cash), "pile": len(state.pile), "picker": picker(state)})]


def check_offer_investor(state: State, seat: int, action: dict[str, Any]) -> Offer:
    investor = fields.choice(action, "investor", state.draft.left, "an investor still in the draft")
    value = fields.integer(action, "value", "the value you name for the investor")
    printed = tables.INVESTOR_BY_ID[investor].value
    if state.options["printed_investor_values"] and value != printed:
        raise IllegalAction(f"This game uses printed investor values: {names.investor(investor)} must be offered at"
                            f" {names.money(printed)} (b.4 #26).")
    if not 0 <= value <= tables.MAX_INVESTOR_VALUE:
        raise IllegalAction(f"The value must be between $0 and {names.money(tables.MAX_INVESTOR_VALUE)} (D-04).")
    return Offer(investor, value)


def do_offer_investor(state: State, seat: int, offer: Offer) -> list[Event]:
    state.draft.investor = offer.investor
    state.draft.value = offer.value
    state.phase = CHOOSE_OFFER
    other = state.players[shares.opponent(state, seat)]
    text = (f"{state.players[seat]} offers {names.investor(offer.investor)} at {names.money(offer.value)};"
            f" {other} takes the card or the cash.")
    return [Event(text, "offer_investor", {"seat": seat, "investor": offer.investor, "value": offer.value})]


def check_choose_offer(state: State, seat: int, action: dict[str, Any]) -> str:
    return fields.choice(action, "take", TAKE_CHOICES, "\"card\" or \"cash\"")


def do_choose_offer(state: State, seat: int, take: str) -> list[Event]:
    """The chooser takes card or cash; the picker gets the other (b.4 #26)."""
    investor, value = state.draft.investor, state.draft.value
    assert investor is not None
    other = shares.opponent(state, seat)
    card_to, cash_to = (seat, other) if take == "card" else (other, seat)
    state.investors[card_to].append(investor)
    money.bank_pays_player(state, cash_to, value)
    state.draft.left.remove(investor)
    text = (f"{state.players[seat]} takes the {take}: {state.players[card_to]} gets {names.investor(investor)},"
            f" {state.players[cash_to]} gets {names.money(value)}.")
    events = [Event(text, "choose_offer", {"seat": seat, "take": take, "investor": investor, "value": value,
                                           "card_to": card_to, "cash_to": cash_to})]
    if investor == tables.START_INVESTOR:
        state.phase = SET_PAR
        return events
    return events + next_slot(state)


def check_set_par(state: State, seat: int, action: dict[str, Any]) -> int:
    fields.optional_choice(action, "holding", (tables.START_HOLDING,), "the holding the investor starts",
                           tables.START_HOLDING)
    par = fields.integer(action, "par", "the par value")
    if par not in tables.PAR_VALUES:
        allowed = ", ".join(names.money(value) for value in tables.PAR_VALUES)
        raise IllegalAction(f"Par must be one of {allowed} (b.2 #11).")
    return par


def do_set_par(state: State, seat: int, par: int) -> list[Event]:
    """MS&C starts with the investor's owner as director and Dominion Atlantic (P-8, D-04); it is not floated."""
    company = state.companies[tables.START_HOLDING]
    shares.give_certificate(company, tables.DIRECTOR_CERTIFICATE, seat)
    company.started = True
    company.par = par
    company.price_index = market.par_index(par)
    company.director = seat
    company.railroads[tables.START_RAILROAD] = tables.DEFAULT_SIDE
    holding = names.holding(tables.START_HOLDING)
    text = (f"{state.players[seat]} sets {names.possessive(holding)} par at {names.money(par)}; {holding} starts with"
            f" {names.railroad(tables.START_RAILROAD)}.")
    events = [Event(text, "set_par", {"seat": seat, "holding": tables.START_HOLDING, "par": par})]
    return events + next_slot(state)


def next_slot(state: State) -> list[Event]:
    state.draft.slot += 1
    state.draft.investor = None
    state.draft.value = 0
    if state.draft.slot < len(tables.DRAFT_PICKERS):
        state.phase = OFFER_INVESTOR
        return []
    return finish_draft(state)


def finish_draft(state: State) -> list[Event]:
    """The last investor leaves; both get its printed value; a returned Dominion Atlantic tops the pile (D-04, D-17)."""
    events: list[Event] = []
    for investor in state.draft.left:
        value = tables.INVESTOR_BY_ID[investor].value
        for seat in range(len(state.players)):
            money.bank_pays_player(state, seat, value)
        text = f"{names.investor(investor).capitalize()} leaves the game; each player receives {names.money(value)}."
        events.append(Event(text, "investor_removed", {"investor": investor, "value": value}))
        if investor == tables.START_INVESTOR:
            state.pile.insert(0, tables.START_RAILROAD)
    state.draft.left = []
    state.priority = 0
    return events + flow.start_stock_round(state)
