"""What each prompt offers: action options with their fields, and one-click answers (D.0).

The fields describe the shape and bounds of an answer (with per-choice
legality), and the quick answers are complete legal actions with readable
labels: enough for a generic web form and for the links of an e-mail.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any

from engine.core.prompts import ActionOption, Choice, Field, QuickAnswer
from engine.railroad_barons import draft, names, operating, railroads, rules, shares, stock_round, tables
from engine.railroad_barons.state import (
    CHOOSE_OFFER,
    DIVIDEND,
    OFFER_INVESTOR,
    OPERATE,
    RESPOND_OFFER,
    SET_PAR,
    STOCK_TURN,
    USE_PRIORITY,
    State,
)
from engine.railroad_barons.stock import Purchase, Sale, legal_trades

Description = tuple[tuple[ActionOption, ...], tuple[QuickAnswer, ...]]

Action = dict[str, Any]

HOLDING_NAMES = {spec.id: spec.short for spec in tables.HOLDINGS}
PAR_CHOICES = tuple(Choice(par, names.money(par)) for par in tables.PAR_VALUES)


def describe(state: State, seat: int) -> Description:
    """The action options and quick answers of the prompt ``seat`` answers now."""
    return DESCRIBERS[state.phase](state, seat)


def quick_if_legal(state: State, seat: int, label: str, action: Action) -> list[QuickAnswer]:
    return [QuickAnswer(label, action)] if rules.is_legal(state, seat, action) else []


@cache
def certificate_choice(size: int, legal: bool) -> Choice:
    """Choices are immutable, so the few distinct ones are made once."""
    return Choice(size, f"{size}%", legal=legal)


@cache
def holding_choice(key: str, legal: bool) -> Choice:
    return Choice(key, HOLDING_NAMES[key], legal=legal)


def certificate_choices(sizes: tuple[int, ...], legal: set[int]) -> tuple[Choice, ...]:
    return tuple(certificate_choice(size, size in legal) for size in sizes)


# --- draft ---------------------------------------------------------------------------------------------


def describe_offer_investor(state: State, seat: int) -> Description:
    choices = tuple(
        Choice(card, names.investor(card), tables.INVESTOR_BY_ID[card].text) for card in state.draft.left
    )
    printed = state.options["printed_investor_values"]
    value_help = "the printed value (this game's option)" if printed else "$0 to $1000"
    option = ActionOption(
        "offer_investor",
        "Offer an investor",
        (Field("investor", "choice", "Investor", choices),
         Field("value", "number", "Value you name", min=0, max=tables.MAX_INVESTOR_VALUE)),
        help=f"Name a value ({value_help}); your opponent takes the card or that much cash, you get the other.",
    )
    quick = tuple(
        QuickAnswer(f"Offer {names.investor(investor)} at {names.money(value)}",
                    {"type": "offer_investor", "investor": investor, "value": value})
        for investor in state.draft.left
        for value in [tables.INVESTOR_BY_ID[investor].value]
    )
    return (option,), quick


def describe_choose_offer(state: State, seat: int) -> Description:
    investor, value = state.draft.investor, state.draft.value
    assert investor is not None
    picker = state.players[draft.picker(state)]
    card = f"Take {names.investor(investor)} ({picker} gets {names.money(value)})"
    cash = f"Take {names.money(value)} ({picker} gets {names.investor(investor)})"
    field = Field("take", "choice", "Card or cash", (Choice("card", card), Choice("cash", cash)))
    option = ActionOption("choose_offer", "Card or cash", (field,))
    quick = (QuickAnswer(card, {"type": "choose_offer", "take": "card"}),
             QuickAnswer(cash, {"type": "choose_offer", "take": "cash"}))
    return (option,), quick


def describe_set_par(state: State, seat: int) -> Description:
    msc = Choice(tables.START_HOLDING, names.holding(tables.START_HOLDING))
    holding = Field("holding", "choice", "Holding", (msc,), required=False, default=tables.START_HOLDING)
    option = ActionOption("set_par", "Set MS&C's par", (holding, Field("par", "choice", "Par value", PAR_CHOICES)))
    quick = tuple(
        QuickAnswer(f"Par {names.money(par)}", {"type": "set_par", "holding": tables.START_HOLDING, "par": par})
        for par in tables.PAR_VALUES
    )
    return (option,), quick


def describe_use_priority(state: State, seat: int) -> Description:
    option = ActionOption("use_priority", "Use the $30 investor", (Field("use", "bool", "Take the priority deal"),),
                          help="Once per game; the card then leaves the game (P-7).")
    quick = (QuickAnswer("Use the $30 investor: take the priority deal", {"type": "use_priority", "use": True}),
             QuickAnswer("Keep the $30 investor", {"type": "use_priority", "use": False}))
    return (option,), quick


# --- stock round ---------------------------------------------------------------------------------------


def trade_label(state: State, seat: int, action: Action, plan: Sale | Purchase) -> str:
    holding = names.holding(plan.company)
    if isinstance(plan, Sale):
        if plan.take is not None:
            gain = names.money(plan.proceeds)
            return f"Exchange your {plan.give}% of {holding} for the bank's {plan.take}% (receive {gain})"
        if plan.handed:
            other = state.players[shares.opponent(state, seat)]
            return (f"Sell the 40% of {holding} for {names.money(plan.proceeds)} ({names.possessive(other)}"
                    f" {names.listing(f'{size}%' for size in plan.handed)} go to the bank)")
        return f"Sell {names.certificate(plan.give, plan.company)} for {names.money(plan.proceeds)}"
    if plan.par is not None:
        return f"Start {holding} at par {names.money(plan.par)} (40% for {names.money(plan.cost)})"
    if plan.give is not None:
        return f"Exchange your {plan.give}% of {holding} for the bank's {plan.take}% (pay {names.money(plan.cost)})"
    return f"Buy {names.certificate(plan.take, plan.company)} for {names.money(plan.cost)}"


def describe_stock_turn(state: State, seat: int) -> Description:
    """Only answers that are legal now: sell and buy when a trade is, ``pass`` before a sale, ``done`` after (D-05)."""
    trades = list(legal_trades(state, seat))
    sells = [action for action, _ in trades if action["type"] == "sell"]
    buys = [action for action, _ in trades if action["type"] == "buy"]
    if stock_round.sold_this_turn(state.stock):
        ending = ActionOption("done", "End the turn", help="End a turn in which you sold without buying.")
    else:
        ending = ActionOption("pass", "Pass", help="Do nothing this turn; the round ends when both players pass"
                              " in succession.")
    options = (
        *((sell_option(state, seat, sells),) if sells else ()),
        *((buy_option(state, seat, buys),) if buys else ()),
        ending,
    )
    quick = (QuickAnswer(ending.label, {"type": ending.type}),
             *(QuickAnswer(trade_label(state, seat, action, plan), action) for action, plan in trades))
    return options, quick


def holding_choices(state: State, legal: set[str], only: set[str] | None = None) -> tuple[Choice, ...]:
    return tuple(holding_choice(key, key in legal) for key in state.companies if only is None or key in only)


def sell_option(state: State, seat: int, sells: list[Action]) -> ActionOption:
    mine = {key for key, company in state.companies.items() if seat in company.owners}
    exchanges = [action for action in sells if "take" in action]
    fields = (
        Field("holding", "choice", "Holding", holding_choices(state, {a["holding"] for a in sells}, mine)),
        Field("give", "choice", "Certificate you sell", certificate_choices(shares.SIZES, {a["give"] for a in sells})),
        Field("take", "choice", "Smaller bank certificate you take instead (exchange)",
              certificate_choices(shares.SIZES[1:], {a["take"] for a in exchanges}), required=False),
    )
    return ActionOption("sell", "Sell a certificate", fields,
                        help="One certificate per action; your turn goes on. A director's sale lowers the price once.")


def buy_option(state: State, seat: int, buys: list[Action]) -> ActionOption:
    exchanges = [action for action in buys if "give" in action]
    fields = (
        Field("holding", "choice", "Holding", holding_choices(state, {a["holding"] for a in buys})),
        Field("take", "choice", "Bank certificate you buy",
              certificate_choices(shares.SIZES, {a["take"] for a in buys})),
        Field("give", "choice", "Your smaller certificate you give (exchange)",
              certificate_choices(shares.SIZES[1:], {a["give"] for a in exchanges}), required=False),
        Field("par", "choice", "Par value (only when starting a holding)", PAR_CHOICES, required=False),
    )
    return ActionOption("buy", "Buy a certificate", fields, help="One purchase per turn; it ends your turn.")


# --- operating round -----------------------------------------------------------------------------------


def describe_dividend(state: State, seat: int) -> Description:
    income = state.turn.income
    most = operating.max_dividend(income)
    field = Field("per_share", "number", "Dollars per 10% share", min=0, max=most)
    option = ActionOption("dividend", "Declare the dividend", (field,),
                          help=f"Paying at least half of {names.money(most)} per share raises the price (P-5.3).")
    quick = [dividend_answer(state, most, "all")]
    half = (most + 1) // 2
    if 0 < half < most:
        quick.append(dividend_answer(state, half, "half"))
    quick.append(dividend_answer(state, 0, "withhold"))
    return (option,), tuple(quick)


def dividend_answer(state: State, per_share: int, kind: str) -> QuickAnswer:
    company = operating.acting(state)
    paid = operating.payouts(state, company, per_share)
    kept = state.turn.income - sum(paid)
    if kind == "withhold":
        label = f"Withhold: {names.holding(company.id)} keeps {names.money(kept)}"
    else:
        label = f"Pay {names.money(per_share)} per share ({kind}: {operating.payout_text(state, paid)}; price rises)"
    return QuickAnswer(label, {"type": "dividend", "per_share": per_share})


def investor_sets(state: State, seat: int) -> list[list[str]]:
    """Every combination of the seat's railroad investors, the empty one first (D-19)."""
    usable = [card for card in state.investors[seat] if tables.INVESTOR_BY_ID[card].ability == "railroad"]
    return [list(group) for count in range(len(usable) + 1) for group in combinations(usable, count)]


def describe_operate(state: State, seat: int) -> Description:
    """Only answers that are legal now: each way to change railroads while one is possible, and ending the turn."""
    company = operating.acting(state)
    buys = legal_bank_buys(state, seat)
    own = tuple(Choice(railroad, names.railroad(railroad)) for railroad in company.railroads)
    offer = offer_railroad_option(state, seat)
    options = (
        *((buy_railroad_option(state, seat, buys),) if buys else ()),
        *((offer,) if any(choice.legal for choice in offer.fields[0].choices) else ()),
        *((ActionOption("scrap", "Scrap a railroad", (Field("railroad", "choice", "Railroad", own),),
                        help="Return it to the box without compensation, freeing its operator token (P-1.5)."),)
          if own else ()),
        ActionOption("done", "End the holding's turn"),
    )
    quick = [QuickAnswer(f"End {names.possessive(names.holding(company.id))} turn", {"type": "done"})]
    for side in tables.SIDE_NAMES:
        sided = [action for action in buys if action["side"] == side]
        if sided:
            quick.append(bank_buy_answer(state, seat, sided[0]))
            if sided[-1] is not sided[0] and sided[-1]["investors"]:
                quick.append(bank_buy_answer(state, seat, sided[-1]))
    return options, tuple(quick)


def legal_bank_buys(state: State, seat: int) -> list[Action]:
    """Legal purchases of the top card: each live side with each investor combination."""
    top = railroads.top_card(state)
    if top is None or state.turn.bought:
        return []
    candidates = (
        {"type": "buy_railroad", "railroad": top, "side": side, "investors": group}
        for side in tables.RAILROADS[top].sides
        for group in investor_sets(state, seat)
    )
    return [action for action in candidates if rules.is_legal(state, seat, action)]


def bank_buy_answer(state: State, seat: int, action: Action) -> QuickAnswer:
    railroad, side = action["railroad"], action["side"]
    cost = railroads.face(railroad, side).cost
    label = f"Buy {names.railroad(railroad)} on its {names.side(railroad, side)}"
    if action["investors"]:
        label += " using " + names.listing(names.investor(card) for card in action["investors"])
    company = operating.acting(state)
    if not company.railroads and company.cash < cost and not action["investors"]:
        label += f" (you add {names.money(cost - company.cash)})"
    return QuickAnswer(label, action)


def buy_railroad_option(state: State, seat: int, buys: list[Action]) -> ActionOption:
    top = railroads.top_card(state)
    legal_sides = {action["side"] for action in buys}
    card_choices = () if top is None else (Choice(top, names.railroad(top), legal=bool(buys)),)
    side_choices = () if top is None else tuple(
        Choice(side, names.side(top, side), legal=side in legal_sides) for side in tables.RAILROADS[top].sides
    )
    sets = investor_sets(state, seat)
    usable = {tuple(action["investors"]) for action in buys}
    investor_choices = tuple(
        Choice(group, names.listing(names.investor(card) for card in group) or "no investor",
               legal=tuple(group) in usable) for group in sets
    )
    fields = (
        Field("railroad", "choice", "Railroad (the top card of the pile)", card_choices),
        Field("side", "choice", "Side", side_choices, required=False, default=tables.DEFAULT_SIDE),
        Field("investors", "choice", "Investors paying toward it", investor_choices, required=False, default=[]),
    )
    return ActionOption("buy_railroad", "Buy the top railroad from the bank", fields,
                        help="One per turn. A holding without railroads that lacks the cash gets its director's help"
                        " automatically (P-1.3).")


def offer_railroad_option(state: State, seat: int) -> ActionOption:
    choices = []
    for railroad in offerable(state):
        probe = {"type": "offer_railroad", "railroad": railroad, "price": 1}
        owner = names.holding(str(railroads.owner_of(state, railroad)))
        choices.append(Choice(railroad, names.railroad(railroad), f"owned by {owner}",
                              legal=rules.is_legal(state, seat, probe)))
    fields = (Field("railroad", "choice", "Railroad", tuple(choices)),
              Field("price", "number", "Price", min=1, max=operating.acting(state).cash))
    return ActionOption("offer_railroad", "Buy a railroad from another holding", fields,
                        help="Any price from $1 to the holding's cash; the other director accepts or declines (P-1.4).")


def offerable(state: State) -> list[str]:
    """Railroads of the other floated holdings."""
    return [
        railroad
        for key, company in state.companies.items()
        if key != state.turn.company and company.floated
        for railroad in company.railroads
    ]


def describe_respond_offer(state: State, seat: int) -> Description:
    railroad, price = state.turn.offer_railroad, state.turn.offer_price
    assert railroad is not None
    seller = railroads.owner_of(state, railroad) or ""
    buyer = names.holding(state.turn.company)
    field = Field("accept", "bool", f"Sell {names.railroad(railroad)} to {buyer} for {names.money(price)}")
    option = ActionOption("respond_offer", "Answer the offer", (field,))
    quick = (QuickAnswer(f"Accept: {names.holding(seller)} sells it for {names.money(price)}",
                         {"type": "respond_offer", "accept": True}),
             QuickAnswer(f"Decline: {names.holding(seller)} keeps it", {"type": "respond_offer", "accept": False}))
    return (option,), quick


DESCRIBERS = {
    OFFER_INVESTOR: describe_offer_investor,
    CHOOSE_OFFER: describe_choose_offer,
    SET_PAR: describe_set_par,
    USE_PRIORITY: describe_use_priority,
    STOCK_TURN: describe_stock_turn,
    DIVIDEND: describe_dividend,
    OPERATE: describe_operate,
    RESPOND_OFFER: describe_respond_offer,
}
