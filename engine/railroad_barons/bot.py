"""A random player: legal answers spread over every kind of decision (random games, fuzzing, tests).

Weights lean towards buying and paying dividends so that many games reach the
$350 end, while still exercising sales, exchanges, offers, scraps and help.
"""

from __future__ import annotations

import random
from typing import Any

from engine.railroad_barons import answers, operating, railroads, rules, tables
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
from engine.railroad_barons.stock import legal_trades

Action = dict[str, Any]


def random_action(state: State, seat: int, rng: random.Random) -> Action:
    return CHOOSERS[state.phase](state, seat, rng)


def offer_investor(state: State, seat: int, rng: random.Random) -> Action:
    investor = rng.choice(state.draft.left)
    printed = tables.INVESTOR_BY_ID[investor].value
    if state.options["printed_investor_values"] or rng.random() < 0.5:
        value = printed
    else:
        value = rng.randint(0, min(tables.MAX_INVESTOR_VALUE, printed * 2))
    return {"type": "offer_investor", "investor": investor, "value": value}


def choose_offer(state: State, seat: int, rng: random.Random) -> Action:
    return {"type": "choose_offer", "take": rng.choice(("card", "cash"))}


def set_par(state: State, seat: int, rng: random.Random) -> Action:
    return {"type": "set_par", "holding": tables.START_HOLDING, "par": rng.choice(tables.PAR_VALUES)}


def use_priority(state: State, seat: int, rng: random.Random) -> Action:
    return {"type": "use_priority", "use": rng.random() < 0.5}


def stock_turn(state: State, seat: int, rng: random.Random) -> Action:
    """Pass or end the turn now and then; otherwise a buy is more likely than a sale."""
    sold = bool(state.stock.turn_prices)
    ending: Action = {"type": "done"} if sold else {"type": "pass"}
    trades = [action for action, _ in legal_trades(state, seat)]
    buys = [action for action in trades if action["type"] == "buy"]
    sells = [action for action in trades if action["type"] == "sell"]
    roll = rng.random()
    if buys and roll < 0.55:
        return rng.choice(buys)
    if sells and roll < (0.72 if sold else 0.67):
        return rng.choice(sells)
    return ending


def dividend(state: State, seat: int, rng: random.Random) -> Action:
    most = operating.max_dividend(state.turn.income)
    per_share = rng.choices([most, (most + 1) // 2, 0, rng.randint(0, most)], weights=[5, 4, 1, 1])[0]
    return {"type": "dividend", "per_share": per_share}


def operate(state: State, seat: int, rng: random.Random) -> Action:
    """Mostly buy the top card when possible; sometimes offer for, or scrap, a railroad; else end the turn."""
    company = operating.acting(state)
    buys = answers.legal_bank_buys(state, seat)
    offer = random_offer(state, seat, rng)
    stuck = railroads.free_tokens(company) == 0
    weights = {
        "buy": 8.0 if buys else 0.0,
        "offer": 0.6 if offer else 0.0,
        "scrap": (1.5 if stuck else 0.15) if company.railroads else 0.0,
        "done": 3.0,
    }
    kind = rng.choices(list(weights), weights=list(weights.values()))[0]
    if kind == "buy":
        return rng.choice(buys)
    if kind == "offer" and offer is not None:
        return offer
    if kind == "scrap":
        return {"type": "scrap", "railroad": rng.choice(list(company.railroads))}
    return {"type": "done"}


def random_offer(state: State, seat: int, rng: random.Random) -> Action | None:
    cash = operating.acting(state).cash
    candidates = answers.offerable(state)
    if cash < 1 or not candidates:
        return None
    action = {"type": "offer_railroad", "railroad": rng.choice(candidates), "price": rng.randint(1, cash)}
    return action if rules.is_legal(state, seat, action) else None


def respond_offer(state: State, seat: int, rng: random.Random) -> Action:
    return {"type": "respond_offer", "accept": rng.random() < 0.5}


CHOOSERS = {
    OFFER_INVESTOR: offer_investor,
    CHOOSE_OFFER: choose_offer,
    SET_PAR: set_par,
    USE_PRIORITY: use_priority,
    STOCK_TURN: stock_turn,
    DIVIDEND: dividend,
    OPERATE: operate,
    RESPOND_OFFER: respond_offer,
}
