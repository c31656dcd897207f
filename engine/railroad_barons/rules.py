"""Which actions each prompt accepts, and the check/perform pair behind each (D.0)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.railroad_barons import draft, operating, stock
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

Check = Callable[[State, int, dict[str, Any]], Any]
Perform = Callable[[State, int, Any], list[Event]]

# (prompt, action type) -> (check, perform); the check returns the plan the perform step carries out.
HANDLERS: dict[tuple[str, str], tuple[Check, Perform]] = {
    (OFFER_INVESTOR, "offer_investor"): (draft.check_offer_investor, draft.do_offer_investor),
    (CHOOSE_OFFER, "choose_offer"): (draft.check_choose_offer, draft.do_choose_offer),
    (SET_PAR, "set_par"): (draft.check_set_par, draft.do_set_par),
    (USE_PRIORITY, "use_priority"): (stock.check_use_priority, stock.do_use_priority),
    (STOCK_TURN, "sell"): (stock.check_sell, stock.do_sell),
    (STOCK_TURN, "buy"): (stock.check_buy, stock.do_buy),
    (STOCK_TURN, "pass"): (stock.check_pass, stock.do_pass),
    (STOCK_TURN, "done"): (stock.check_done, stock.do_done),
    (DIVIDEND, "dividend"): (operating.check_dividend, operating.do_dividend),
    (OPERATE, "buy_railroad"): (operating.check_buy_railroad, operating.do_buy_railroad),
    (OPERATE, "offer_railroad"): (operating.check_offer_railroad, operating.do_offer_railroad),
    (OPERATE, "scrap"): (operating.check_scrap, operating.do_scrap),
    (OPERATE, "done"): (operating.check_operate_done, operating.do_operate_done),
    (RESPOND_OFFER, "respond_offer"): (operating.check_respond_offer, operating.do_respond_offer),
}

PROMPT_TYPES: dict[str, tuple[str, ...]] = {}
for _prompt, _type in HANDLERS:
    PROMPT_TYPES.setdefault(_prompt, ())
    PROMPT_TYPES[_prompt] += (_type,)


def check(state: State, seat: int, action: dict[str, Any]) -> Any:
    """The plan for ``action``, or IllegalAction; the state is not touched."""
    return HANDLERS[state.phase, action["type"]][0](state, seat, action)


def perform(state: State, seat: int, action: dict[str, Any]) -> list[Event]:
    """Check, then apply: nothing changes unless the whole action is legal."""
    checker, performer = HANDLERS[state.phase, action["type"]]
    return performer(state, seat, checker(state, seat, action))


def is_legal(state: State, seat: int, action: dict[str, Any]) -> bool:
    """Whether ``action`` would be accepted in the current phase (the seat must be the one asked)."""
    try:
        check(state, seat, action)
    except IllegalAction:
        return False
    return True
