"""Applying one record action: the round and prompt decide which rule module answers it.

A refused action (IllegalAction, in words) must leave the state exactly as it was.  Most
rules check an action in full before they change anything, so they work on the state
itself: the private auction (``private_auction.bid`` refuses before its first change, a
pass refuses nothing), the stock round and its minor auctions (every ``stock_round`` turn
action refuses before its first change; what follows - holdings moved within the counts
just checked, the next turn, the round's end - refuses nothing), the operating round
(``company_turn``, ``rsr_turn``) and, in the merger round, a minor's plain pass and the
share buying after a conversion or merger (``merger_round.answers_in_place``).  Copying
the whole state for each of those answers cost a good part of the replay time (issue 13's
50 ms).  The rest - the merger round's other answers and a trainless major's
nationalisation, which change the state in many places as they go - work on a copy that
replaces the state only when the whole action was legal.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.prompts import Waiting
from engine.t1861 import (
    asking,
    company_turn,
    ending,
    flow,
    merger_round,
    private_auction,
    rsr_turn,
    sale_offers,
    stock_round,
    trainless,
)
from engine.t1861.state import State, adopt, copy_state

# The prompts whose rules validate before they change the state (the module docstring says why each may).
CHECK_FIRST = frozenset({"private_auction", "minor_auction", "home_city", "stock_turn", "operate", "discard_train",
                         "rsr_routes"})
NOT_BUILT = {"operating_round": "This part of the operating round is not built yet in Turnpost's 1861; this record"
                                " goes beyond what Turnpost plays so far."}


def perform(state: State, seat: int, action: dict[str, Any], asked: Waiting | None = None) -> list[Event]:
    """Answer ``action``; ``asked`` is the entry of ``waiting`` the core checked it against
    (``waiting`` is the same function of the same state, so it is not worked out again)."""
    if asked is None or asked.seat != seat:
        asked = _asked(state, seat)
    if asked.prompt in NOT_BUILT:
        raise IllegalAction(NOT_BUILT[asked.prompt])
    if seat != asked.seat:
        raise IllegalAction(f"It is {state.players[asked.seat]}'s turn, not {state.players[seat]}'s.")
    if action.get("type") not in asked.accepts:
        to_do = asking.PROMPT_PHRASES.get(asked.prompt, asked.prompt)
        raise IllegalAction(f"{state.players[seat]} is asked to {to_do}; {action.get('type')!r} is not"
                            f" possible now (possible: {', '.join(asked.accepts)}).")
    if action["type"] == ending.END_GAME:  # accepted only in a record of an agreed end (its option)
        return ending.end_by_agreement(state)
    if _checks_first(state, asked.prompt, action):
        return _answer(state, seat, asked.prompt, action)
    work = copy_state(state)
    events = _answer(work, seat, asked.prompt, action)
    adopt(state, work)
    return events


def _asked(state: State, seat: int) -> Waiting:
    everyone = asking.waiting(state)
    if not everyone:
        raise IllegalAction("The game is over; no more moves can be made.")
    return next((entry for entry in everyone if entry.seat == seat), everyone[0])  # consent asks several


def _checks_first(state: State, prompt: str, action: dict[str, Any]) -> bool:
    """Whether the rule that answers refuses before it changes anything, so it may work on the
    state itself: see the module docstring; in the merger round a minor's plain pass and the
    answers while shares are sold (``merger_round.answers_in_place``)."""
    if state.round["kind"] == "merger":
        return merger_round.answers_in_place(state, action)
    return prompt in CHECK_FIRST


def _answer(state: State, seat: int, prompt: str, action: dict[str, Any]) -> list[Event]:
    """The rule module answers the action; then ``flow`` starts whatever that answer finished."""
    events = _dispatch(state, seat, prompt, action)
    return events + flow.carry_on(state)


def _dispatch(state: State, seat: int, prompt: str, action: dict[str, Any]) -> list[Event]:
    kind = action["type"]
    if prompt == "private_auction":
        if kind == "bid":
            return private_auction.bid(state, seat, action.get("company"), action.get("price"))
        return private_auction.pass_turn(state, seat)
    if prompt == "minor_auction":
        if kind == "bid":
            return stock_round.minor_bid(state, seat, action.get("company"), action.get("price"))
        return stock_round.minor_pass(state, seat)
    if prompt == "home_city":
        return stock_round.place_home(state, seat, action.get("hex"), action.get("city"))
    if prompt == "stock_turn":
        return _stock_action(state, seat, action)
    if prompt == trainless.PROMPT:
        return trainless.answer(state, seat, action)
    if state.round["kind"] == "merger":
        return merger_round.act(state, seat, action)
    if prompt == "rsr_routes":
        return rsr_turn.act(state, action)
    if prompt == sale_offers.PROMPT:
        return sale_offers.respond(state, seat, action)
    if prompt == "operate" and (seller := sale_offers.seller_to_ask(state, action)) is not None:
        return sale_offers.make(state, seller, action)
    if prompt in ("operate", "discard_train"):
        return company_turn.act(state, action)
    raise IllegalAction(f"No rule answers the prompt {prompt!r}.")


def _stock_action(state: State, seat: int, action: dict[str, Any]) -> list[Event]:
    kind = action["type"]
    if kind != "sell_shares" and stock_round.must_sell(state, seat):
        raise IllegalAction(f"{state.players[seat]} holds more than the limits allow and must sell shares first"
                            " (rules 10.2).")
    if kind == "sell_shares":
        return stock_round.sell_shares(state, seat, action.get("company"), action.get("count"))
    if kind == "buy_shares":
        return stock_round.buy_shares(state, seat, action.get("company"), action.get("source"))
    if kind == "par":
        return stock_round.par(state, seat, action.get("company"), action.get("price"))
    if kind == "bid":
        return stock_round.open_minor_auction(state, seat, action.get("company"), action.get("price"))
    return stock_round.pass_turn(state, seat)
