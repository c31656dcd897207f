"""Operating-round actions of the holding whose turn it is (P-1, P-5, P-6, D-06 .. D-09, D-19).

As in the stock round, ``check_*`` validates and returns a plan and ``do_*``
carries it out, so a refused action changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.railroad_barons import fields, flow, market, money, names, railroads, shares, tables
from engine.railroad_barons.company import Company
from engine.railroad_barons.state import OPERATE, RESPOND_OFFER, State

ALL_RAILROADS = tuple(tables.RAILROADS)
ALL_INVESTORS = tuple(spec.id for spec in tables.INVESTORS)


def acting(state: State) -> Company:
    return state.companies[state.turn.company]


def max_dividend(income: int) -> int:
    return income // tables.SHARE_UNIT


def price_rises(per_share: int, income: int) -> bool:
    """Paying at least half of the most possible raises the price (P-5.3, exact half as in D-07)."""
    return per_share > 0 and 2 * per_share >= max_dividend(income)


def payouts(state: State, company: Company, per_share: int) -> list[int]:
    """What each seat receives: D per 10% held; bank-held shares get nothing (P-5.2)."""
    return [per_share * shares.percent_held(company, seat) // tables.SHARE_UNIT for seat in range(len(state.players))]


def payout_text(state: State, paid: list[int]) -> str:
    """ "ann $8 and bob $2", leaving out players who get nothing."""
    return names.listing(f"{state.players[seat]} {names.money(amount)}" for seat, amount in enumerate(paid) if amount)


def check_dividend(state: State, seat: int, action: dict[str, Any]) -> int:
    per_share = fields.integer(action, "per_share", "dollars paid per 10% share")
    most = max_dividend(state.turn.income)
    if not 0 <= per_share <= most:
        raise IllegalAction(f"With an income of {names.money(state.turn.income)}, the dividend per share is $0 to"
                            f" {names.money(most)} (P-5.2).")
    return per_share


def do_dividend(state: State, seat: int, per_share: int) -> list[Event]:
    company = acting(state)
    paid = payouts(state, company, per_share)
    for player, amount in enumerate(paid):
        money.bank_pays_player(state, player, amount)
    kept = state.turn.income - sum(paid)
    money.bank_pays_company(state, company.id, kept)
    holding = names.holding(company.id)
    if per_share:
        to_players = payout_text(state, paid)
        text = f"{holding} pays {names.money(per_share)} per share ({to_players}) and keeps {names.money(kept)}."
    else:
        text = f"{holding} withholds its income of {names.money(kept)}."
    events = [Event(text, "dividend", {"holding": company.id, "per_share": per_share, "paid": paid, "kept": kept})]
    if price_rises(per_share, state.turn.income) and market.move_up(company):
        risen = market.price(company)
        events.append(Event(f"{names.possessive(holding)} share price rises to {names.money(risen)}.", "price",
                            {"holding": company.id, "price": risen}))
        if market.at_end_price(company) and state.end_trigger is None:
            state.end_trigger = company.id
            events.append(Event(f"{holding} reached {names.money(tables.END_PRICE)}: the game ends after this set"
                                " (P-9.1).", "end_triggered", {"holding": company.id}))
    state.phase = OPERATE
    return events


@dataclass(frozen=True)
class BankPurchase:
    """A checked purchase from the bank and who pays what (P-1.2, P-1.3, D-08, D-19)."""

    railroad: str
    side: str
    investors: tuple[str, ...]
    investor_paid: int
    company_paid: int
    director_paid: int


def check_buy_railroad(state: State, seat: int, action: dict[str, Any]) -> BankPurchase:
    company = acting(state)
    holding = names.holding(company.id)
    if state.turn.bought:
        raise IllegalAction(f"{holding} has bought a railroad from the bank this turn already; one per turn (P-1.2).")
    railroad = fields.choice(action, "railroad", ALL_RAILROADS, "a railroad")
    top = railroads.top_card(state)
    if top is None:
        raise IllegalAction("The bank has no railroads left to sell.")
    if railroad != top:
        raise IllegalAction(f"Only the top card of the pile, {names.railroad(top)}, can be bought from the bank"
                            " (b.6 #44, P-1.2).")
    side = check_side(state, railroad, action)
    require_token(company)
    investors = check_investors(state, seat, action)
    cost = railroads.face(railroad, side).cost
    investor_paid = min(cost, sum(tables.INVESTOR_BY_ID[investor].value for investor in investors))
    company_paid, director_paid = split_payment(state, seat, company, cost - investor_paid)
    return BankPurchase(railroad, side, tuple(investors), investor_paid, company_paid, director_paid)


def check_side(state: State, railroad: str, action: dict[str, Any]) -> str:
    side = fields.optional_choice(action, "side", tables.SIDE_NAMES, "a side", tables.DEFAULT_SIDE)
    card = tables.RAILROADS[railroad]
    if side not in card.sides:
        raise IllegalAction(f"{names.railroad(railroad)} has only a front side (P-2).")
    level = card.sides[side].level
    if level in state.obsolete_levels:
        raise IllegalAction(f"Level-{level} railroads are obsolete, so {names.railroad(railroad)} cannot be bought on"
                            f" its {side} side (P-3).")
    return side


def require_token(company: Company) -> None:
    if railroads.free_tokens(company) < 1:
        raise IllegalAction(f"{names.holding(company.id)} has no free operator token; each railroad needs one"
                            " (P-4). Scrap a railroad to free one.")


def check_investors(state: State, seat: int, action: dict[str, Any]) -> list[str]:
    """Investors assigned to a bank purchase: the acting director's $40/$50/$60 (P-6, D-19)."""
    investors = fields.string_list(action, "investors", ALL_INVESTORS, "an investor")
    for investor in investors:
        if investor not in state.investors[seat]:
            raise IllegalAction(f"You do not hold {names.investor(investor)}.")
        if tables.INVESTOR_BY_ID[investor].ability != "railroad":
            raise IllegalAction(f"{names.investor(investor).capitalize()} cannot pay toward a railroad; only the $40,"
                                " $50 and $60 investors can (P-6, D-19).")
    return investors


def split_payment(state: State, seat: int, company: Company, due: int) -> tuple[int, int]:
    """(holding pays, director pays); the director helps only a holding without railroads (P-1.3, D-08)."""
    if company.cash >= due:
        return due, 0
    holding = names.holding(company.id)
    if company.railroads:
        raise IllegalAction(f"{holding} has {names.money(company.cash)} and needs {names.money(due)}; its director may"
                            " help only while it owns no railroad (P-1.3, D-08).")
    help_needed = due - company.cash
    if help_needed > state.cash[seat]:
        raise IllegalAction(f"{holding} has {names.money(company.cash)} and needs {names.money(due)}; you would have to"
                            f" add {names.money(help_needed)} but have only {names.money(state.cash[seat])} (P-1.3).")
    return company.cash, help_needed


def do_buy_railroad(state: State, seat: int, purchase: BankPurchase) -> list[Event]:
    company = acting(state)
    state.pile.remove(purchase.railroad)
    company.railroads[purchase.railroad] = purchase.side
    for investor in purchase.investors:
        state.investors[seat].remove(investor)
    money.company_pays_bank(state, company.id, purchase.company_paid)
    money.player_pays_bank(state, seat, purchase.director_paid)
    state.turn.bought = True
    level = railroads.face(purchase.railroad, purchase.side).level
    return [buy_event(state, seat, purchase), *railroads.retire_level(state, level)]


def buy_event(state: State, seat: int, purchase: BankPurchase) -> Event:
    face = railroads.face(purchase.railroad, purchase.side)
    parts = [f"{names.holding(state.turn.company)} bought {names.railroad(purchase.railroad)} on its"
             f" {names.side(purchase.railroad, purchase.side)}"]
    if purchase.investors:
        used = names.listing(names.investor(investor) for investor in purchase.investors)
        parts.append(f"{used} paid {names.money(purchase.investor_paid)}")
    parts.append(f"the holding paid {names.money(purchase.company_paid)}")
    if purchase.director_paid:
        parts.append(f"{state.players[seat]} added {names.money(purchase.director_paid)}")
    data = {"holding": state.turn.company, "railroad": purchase.railroad, "side": purchase.side, "cost": face.cost,
            "investors": list(purchase.investors), "investor_paid": purchase.investor_paid,
            "company_paid": purchase.company_paid, "director_paid": purchase.director_paid}
    return Event("; ".join(parts) + ".", "buy_railroad", data)


@dataclass(frozen=True)
class RailroadOffer:
    railroad: str
    price: int
    seller: str
    immediate: bool  # one director on both sides: no answer needed (D-09)


def check_offer_railroad(state: State, seat: int, action: dict[str, Any]) -> RailroadOffer:
    company = acting(state)
    railroad = fields.choice(action, "railroad", ALL_RAILROADS, "a railroad")
    seller = railroads.owner_of(state, railroad)
    if seller is None or seller == company.id:
        raise IllegalAction(f"{names.railroad(railroad)} does not belong to another holding.")
    if not state.companies[seller].floated:
        raise IllegalAction(f"{names.holding(seller)} has not floated; railroads can be bought only from operating"
                            " holdings (P-1.4, D-09).")
    if railroad in state.turn.declined:
        raise IllegalAction(f"An offer for {names.railroad(railroad)} was declined this turn; it cannot be offered"
                            " again until the holding's next turn (D-09).")
    require_token(company)
    price = fields.integer(action, "price", "the price offered")
    if not 1 <= price <= company.cash:
        raise IllegalAction(f"The price must be between $1 and {names.possessive(names.holding(company.id))} cash,"
                            f" {names.money(company.cash)} (P-1.4, D-09).")
    return RailroadOffer(railroad, price, seller, state.companies[seller].director == seat)


def do_offer_railroad(state: State, seat: int, offer: RailroadOffer) -> list[Event]:
    if offer.immediate:
        return transfer(state, offer.seller, offer.railroad, offer.price)
    state.turn.offer_railroad = offer.railroad
    state.turn.offer_price = offer.price
    state.phase = RESPOND_OFFER
    text = (f"{names.holding(state.turn.company)} offers {names.holding(offer.seller)} {names.money(offer.price)}"
            f" for {names.railroad(offer.railroad)}.")
    return [Event(text, "offer_railroad", {"holding": state.turn.company, "seller": offer.seller,
                                           "railroad": offer.railroad, "price": offer.price})]


def transfer(state: State, seller: str, railroad: str, price: int) -> list[Event]:
    """The acting holding buys ``railroad`` from ``seller``; it keeps its side, nothing becomes obsolete (P-1.4)."""
    buyer = state.turn.company
    side = state.companies[seller].railroads.pop(railroad)
    state.companies[buyer].railroads[railroad] = side
    money.company_pays_company(state, buyer, seller, price)
    text = (f"{names.holding(buyer)} bought {names.railroad(railroad)} from {names.holding(seller)} for"
            f" {names.money(price)}.")
    return [Event(text, "railroad_sold", {"holding": buyer, "seller": seller, "railroad": railroad, "price": price})]


def check_respond_offer(state: State, seat: int, action: dict[str, Any]) -> bool:
    return fields.boolean(action, "accept", "whether to accept the offer")


def do_respond_offer(state: State, seat: int, accept: bool) -> list[Event]:
    railroad, price = state.turn.offer_railroad, state.turn.offer_price
    assert railroad is not None
    seller = railroads.owner_of(state, railroad)
    assert seller is not None
    state.turn.offer_railroad = None
    state.turn.offer_price = 0
    state.phase = OPERATE
    if accept:  # one line: the acceptance and the sale it makes
        (sold,) = transfer(state, seller, railroad, price)
        return [Event(f"{state.players[seat]} accepts: {sold.text}", "accept_offer", {"seat": seat, **sold.data})]
    state.turn.declined.append(railroad)
    text = f"{state.players[seat]} declines the offer: {names.holding(seller)} keeps {names.railroad(railroad)}."
    return [Event(text, "decline_offer", {"seat": seat, "seller": seller, "railroad": railroad, "price": price})]


def check_scrap(state: State, seat: int, action: dict[str, Any]) -> str:
    company = acting(state)
    railroad = fields.choice(action, "railroad", ALL_RAILROADS, "a railroad")
    if railroad not in company.railroads:
        raise IllegalAction(f"{names.holding(company.id)} does not own {names.railroad(railroad)}.")
    return railroad


def do_scrap(state: State, seat: int, railroad: str) -> list[Event]:
    """Return a railroad to the box without compensation, freeing its token (P-1.5)."""
    company = acting(state)
    del company.railroads[railroad]
    state.removed.append(railroad)
    text = f"{names.holding(company.id)} scraps {names.railroad(railroad)}."
    return [Event(text, "scrap", {"holding": company.id, "railroad": railroad})]


def check_operate_done(state: State, seat: int, action: dict[str, Any]) -> None:
    return None


def do_operate_done(state: State, seat: int, plan: None) -> list[Event]:
    company = state.turn.company
    event = Event(f"{names.holding(company)} ends its turn.", "operate_done", {"holding": company})
    return [event, *flow.end_company_turn(state)]
