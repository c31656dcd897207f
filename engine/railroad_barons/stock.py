"""Stock-round actions: sell, buy, pass, done, and the $30 investor's priority (b.5, D-01, D-03, D-05, D-10, D-14).

Each action has a ``check_*`` that validates everything and returns a plan, and
a ``do_*`` that carries the plan out; nothing is changed before the check passes.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.railroad_barons import fields, flow, market, money, names, shares, tables
from engine.railroad_barons.company import BANK, Company, exact_cover
from engine.railroad_barons.state import STOCK_TURN, State
from engine.railroad_barons.stock_round import end_turn, next_priority, record_pass, record_sale, sold_this_turn

DIRECTOR = tables.DIRECTOR_CERTIFICATE


@dataclass(frozen=True)
class Sale:
    """A checked sale or exchange down; ``handed`` are the opponent's certificates when the 40% is sold (D-03)."""

    company: str
    give: int
    take: int | None
    handed: tuple[int, ...]
    proceeds: int
    drops: bool  # the director's first sale of this holding this turn moves its price down (D-01)
    first_price: int  # the price every sale of this holding this turn is paid at (D-01)


@dataclass(frozen=True)
class Purchase:
    """A checked purchase, start of a holding, or exchange up."""

    company: str
    take: int
    give: int | None
    par: int | None
    cost: int


def holding_field(state: State, action: dict[str, Any]) -> Company:
    key = fields.choice(action, "holding", tables.OPERATING_ORDER, "a holding")
    return state.companies[key]


def certificate_field(action: dict[str, Any], name: str) -> int:
    value = fields.integer(action, name, "a certificate size in percent")
    if value not in tables.CERTIFICATE_SIZES:
        raise IllegalAction(f"There is no {value}% certificate; certificates are 40, 30, 20 and 10 (b.2 #7).")
    return value


def optional_certificate(action: dict[str, Any], name: str) -> int | None:
    return certificate_field(action, name) if fields.present(action, name) else None


def check_sell(state: State, seat: int, action: dict[str, Any]) -> Sale:
    company = holding_field(state, action)
    give = certificate_field(action, "give")
    take = optional_certificate(action, "take")
    if shares.owner_of(company, give) != seat:
        raise IllegalAction(f"You do not own {names.certificate(give, company.id)}.")
    handed: tuple[int, ...] = ()
    if take is not None:
        check_exchange_down(company, give, take)
    elif give == DIRECTOR:
        handed = director_sale_cover(state, seat, company)
    first_price = state.stock.turn_prices.get(company.id, market.price(company))
    percent = give - (take or 0)
    drops = company.id not in state.stock.turn_prices and company.director == seat
    return Sale(company.id, give, take, handed, first_price * percent // tables.SHARE_UNIT, drops, first_price)


def check_exchange_down(company: Company, give: int, take: int) -> None:
    if give == DIRECTOR:
        raise IllegalAction("The 40% director's certificate can never be exchanged for a smaller one (D-03).")
    if take >= give:
        raise IllegalAction(f"Selling by exchange takes a smaller certificate than the {give}% you give (b.5 #34).")
    if not shares.bank_holds(company, take):
        raise IllegalAction(f"The bank does not have {names.certificate(take, company.id)}.")


def director_sale_cover(state: State, seat: int, company: Company) -> tuple[int, ...]:
    """The opponent's certificates worth exactly 40% that replace the sold 40% (b.5 #35, P-12, D-03)."""
    other = shares.opponent(state, seat)
    cover = exact_cover(shares.SIZES, company.owners, other, DIRECTOR)
    if cover is None:
        raise IllegalAction(
            f"You can sell the 40% certificate of {names.holding(company.id)} only when {state.players[other]} owns"
            f" certificates worth exactly 40% of it (the 30% and the 10%) to exchange for it (b.5 #35, P-12, D-03)."
        )
    return tuple(shares.SIZES[index] for index in cover)


def do_sell(state: State, seat: int, sale: Sale) -> list[Event]:
    company = state.companies[sale.company]
    shares.give_certificate(company, sale.give, BANK)
    if sale.take is not None:
        shares.give_certificate(company, sale.take, seat)
    if sale.handed:
        for size in sale.handed:
            shares.give_certificate(company, size, BANK)
        shares.give_certificate(company, sale.give, shares.opponent(state, seat))
    money.bank_pays_player(state, seat, sale.proceeds)
    record_sale(state.stock, seat, sale.company, sale.first_price)
    data = {"seat": seat, "holding": sale.company, "give": sale.give, "take": sale.take,
            "handed": list(sale.handed), "amount": sale.proceeds}
    events = [Event(sale_text(state, seat, sale), "sell", data)]
    if sale.drops and market.move_down(company):
        fallen = market.price(company)
        text = f"{names.possessive(names.holding(sale.company))} share price falls to {names.money(fallen)}"
        events.append(Event(text + " (a director's sale, b.5 #36).", "price", {"holding": sale.company,
                                                                             "price": fallen}))
    return events + shares.update_director(state, sale.company)


def sale_text(state: State, seat: int, sale: Sale) -> str:
    player, sold, paid = state.players[seat], names.certificate(sale.give, sale.company), names.money(sale.proceeds)
    if sale.take is not None:
        return f"{player} exchanged {sold} for the bank's {sale.take}% and received {paid}."
    if sale.handed:
        other = state.players[shares.opponent(state, seat)]
        handed = names.listing(f"{size}%" for size in sale.handed)
        return f"{player} sold {sold} for {paid}; {other} takes it and the {handed} certificates go to the bank."
    return f"{player} sold {sold} for {paid}."


def check_buy(state: State, seat: int, action: dict[str, Any]) -> Purchase:
    company = holding_field(state, action)
    if company.id in state.stock.sold[seat]:
        raise IllegalAction(f"You sold {names.holding(company.id)} shares this stock round, so you cannot buy them"
                            " until the next one (b.5 #39).")
    take = certificate_field(action, "take")
    give = optional_certificate(action, "give")
    par = fields.optional_integer(action, "par", "the par value")
    if not company.started:
        purchase = check_start(state, seat, company, take, give, par)
    else:
        purchase = check_further_purchase(state, seat, company, take, give, par)
    if purchase.cost > state.cash[seat]:
        raise IllegalAction(f"You have {names.money(state.cash[seat])}, and this costs {names.money(purchase.cost)}.")
    return purchase


def check_start(state: State, seat: int, company: Company, take: int, give: int | None, par: int | None) -> Purchase:
    name = names.holding(company.id)
    if take != DIRECTOR:
        raise IllegalAction(f"{name} has not started: its first certificate must be the 40% director's certificate"
                            " (b.5 #41).")
    if give is not None:
        raise IllegalAction("A holding is started by buying its 40% certificate outright, not by exchange (b.5 #41).")
    if par is None or par not in tables.PAR_VALUES:
        allowed = ", ".join(names.money(value) for value in tables.PAR_VALUES)
        raise IllegalAction(f"Starting {name} needs a par value: {allowed} (b.2 #11, b.5 #41).")
    check_certificate_limit(state, seat)
    return Purchase(company.id, take, None, par, par * take // tables.SHARE_UNIT)


def check_further_purchase(
    state: State, seat: int, company: Company, take: int, give: int | None, par: int | None
) -> Purchase:
    if par is not None:
        raise IllegalAction(f"{names.holding(company.id)} has started already; par is set only when a holding"
                            " starts (b.5 #41).")
    if not shares.bank_holds(company, take):
        raise IllegalAction(f"The bank does not have {names.certificate(take, company.id)}.")
    percent = take
    if give is not None:
        if shares.owner_of(company, give) != seat:
            raise IllegalAction(f"You do not own {names.certificate(give, company.id)} to exchange.")
        if give >= take:
            raise IllegalAction(f"Buying by exchange gives a smaller certificate than the {take}% you take (b.5 #37).")
        percent = take - give
    else:
        check_certificate_limit(state, seat)
    return Purchase(company.id, take, give, None, market.price(company) * percent // tables.SHARE_UNIT)


def check_certificate_limit(state: State, seat: int) -> None:
    if shares.certificate_count(state, seat) >= tables.CERTIFICATE_LIMIT:
        raise IllegalAction(f"You hold {tables.CERTIFICATE_LIMIT} certificates, the limit, so you may only exchange"
                            " certificates (b.3 #21-22, D-15).")


def do_buy(state: State, seat: int, purchase: Purchase) -> list[Event]:
    company = state.companies[purchase.company]
    money.player_pays_bank(state, seat, purchase.cost)
    shares.give_certificate(company, purchase.take, seat)
    if purchase.give is not None:
        shares.give_certificate(company, purchase.give, BANK)
    if purchase.par is not None:
        company.started = True
        company.par = purchase.par
        company.price_index = market.par_index(purchase.par)
        company.director = seat
    data = {"seat": seat, "holding": purchase.company, "take": purchase.take, "give": purchase.give,
            "par": purchase.par, "amount": purchase.cost}
    events = [Event(purchase_text(state, seat, purchase), "start" if purchase.par is not None else "buy", data)]
    events += shares.update_director(state, purchase.company)
    events += shares.float_if_due(state, purchase.company)
    end_turn(state.stock, seat, True, len(state.players))
    return events


def purchase_text(state: State, seat: int, purchase: Purchase) -> str:
    player, cost = state.players[seat], names.money(purchase.cost)
    if purchase.par is not None:
        holding = names.holding(purchase.company)
        return (f"{player} started {holding} at par {names.money(purchase.par)}, buying the 40% director's"
                f" certificate for {cost}.")
    if purchase.give is not None:
        given = names.certificate(purchase.give, purchase.company)
        return f"{player} exchanged {given} for the bank's {purchase.take}%, paying {cost}."
    return f"{player} bought {names.certificate(purchase.take, purchase.company)} for {cost}."


def check_pass(state: State, seat: int, action: dict[str, Any]) -> None:
    if sold_this_turn(state.stock):
        raise IllegalAction("You sold this turn, so you cannot pass; answer done to end your turn (D-05).")


def do_pass(state: State, seat: int, plan: None) -> list[Event]:
    events = [Event(f"{state.players[seat]} passes.", "pass", {"seat": seat})]
    if record_pass(state.stock, seat, len(state.players)):
        events += finish_stock_round(state)
    return events


def check_done(state: State, seat: int, action: dict[str, Any]) -> None:
    if not sold_this_turn(state.stock):
        raise IllegalAction("Done ends a turn in which you sold; to do nothing this turn, pass (D-05).")


def do_done(state: State, seat: int, plan: None) -> list[Event]:
    end_turn(state.stock, seat, True, len(state.players))
    return [Event(f"{state.players[seat]} ends the turn.", "done", {"seat": seat})]


def finish_stock_round(state: State) -> list[Event]:
    """Priority for the next round (D-10), the deadlock end (D-12), then the operating rounds."""
    state.priority = next_priority(state.stock, state.priority, len(state.players))
    events = [Event(f"The stock round ends; {state.players[state.priority]} will have the priority deal.",
                    "stock_round_end", {"priority": state.priority})]
    if deadlocked(state):
        return events + flow.end_game(state, "No holding had floated and neither player could buy or sell (D-12).")
    return events + flow.start_operating_round(state, 1)


def deadlocked(state: State) -> bool:
    """A round without trades, nothing floated and no legal buy or sale for anybody (D-12)."""
    if state.stock.last_trader is not None or any(company.floated for company in state.companies.values()):
        return False
    return not any(any(True for _ in legal_trades(state, seat)) for seat in range(len(state.players)))


def check_use_priority(state: State, seat: int, action: dict[str, Any]) -> bool:
    return fields.boolean(action, "use", "whether to take the priority deal with the $30 investor")


def do_use_priority(state: State, seat: int, use: bool) -> list[Event]:
    """Take the priority deal for this round; the card then leaves the game (P-7, D-10)."""
    state.phase = STOCK_TURN
    if not use:
        return [Event(f"{state.players[seat]} keeps the $30 investor.", "keep_priority_investor", {"seat": seat})]
    state.investors[seat].remove(tables.PRIORITY_INVESTOR)
    state.priority = seat
    state.stock.turn = seat
    return [Event(f"{state.players[seat]} uses the $30 investor and takes the priority deal.", "use_priority",
                  {"seat": seat})]


def trade_candidates(state: State, seat: int) -> Iterator[dict[str, Any]]:
    """Every sell and buy worth checking for ``seat`` (exchanges and starts included), unchecked.

    Holdings the seat sold this round are left out of the buys: b.5 #39 refuses them anyway.
    """
    for key, company in state.companies.items():
        mine = shares.sizes_held(company, seat)
        bank = shares.sizes_held(company, BANK)
        for give in mine:
            yield {"type": "sell", "holding": key, "give": give}
            for take in bank:
                if take < give:
                    yield {"type": "sell", "holding": key, "give": give, "take": take}
        if key in state.stock.sold[seat]:
            continue
        if not company.started:
            for par in tables.PAR_VALUES:
                yield {"type": "buy", "holding": key, "take": DIRECTOR, "par": par}
            continue
        for take in bank:
            yield {"type": "buy", "holding": key, "take": take}
            for give in mine:
                if give < take:
                    yield {"type": "buy", "holding": key, "take": take, "give": give}


def legal_trades(state: State, seat: int) -> Iterator[tuple[dict[str, Any], Sale | Purchase]]:
    """Every legal sell and buy for ``seat`` now, with its checked plan."""
    for action in trade_candidates(state, seat):
        check = check_sell if action["type"] == "sell" else check_buy
        try:
            yield action, check(state, seat, action)
        except IllegalAction:
            continue
