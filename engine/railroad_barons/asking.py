"""Who must act now and what they are asked (the ``waiting_for`` of the record contract)."""

from __future__ import annotations

from engine.core.prompts import Prompt, Waiting
from engine.railroad_barons import answers, draft, flow, names, operating, railroads, tables
from engine.railroad_barons.rules import PROMPT_TYPES
from engine.railroad_barons.state import (
    CHOOSE_OFFER,
    DIVIDEND,
    FINISHED,
    OFFER_INVESTOR,
    OPERATE,
    RESPOND_OFFER,
    SET_PAR,
    STOCK_TURN,
    USE_PRIORITY,
    State,
)

# What each prompt asks, in the words after "asked to" (the core's refusals read them).
PROMPT_PHRASES = {
    OFFER_INVESTOR: "offer an investor in the draft",
    CHOOSE_OFFER: "take the offered investor or its value in cash",
    SET_PAR: "set the par price",
    USE_PRIORITY: "say whether to use the priority",
    STOCK_TURN: "take a stock-round turn",
    DIVIDEND: "set the dividend",
    OPERATE: "operate their holding",
    RESPOND_OFFER: "accept or decline the offer for a railroad",
}


def asked_seat(state: State) -> int | None:
    """The one seat that must act now (this title never waits for two at once), or None when finished."""
    phase = state.phase
    if phase == STOCK_TURN:
        return state.stock.turn
    if phase in (DIVIDEND, OPERATE):
        return operating.acting(state).director
    if phase == OFFER_INVESTOR:
        return draft.picker(state)
    if phase == CHOOSE_OFFER:
        return (draft.picker(state) + 1) % len(state.players)
    if phase == SET_PAR:
        return flow.investor_holder(state, tables.START_INVESTOR)
    if phase == USE_PRIORITY:
        return flow.investor_holder(state, tables.PRIORITY_INVESTOR)
    if phase == RESPOND_OFFER:
        assert state.turn.offer_railroad is not None
        seller = railroads.owner_of(state, state.turn.offer_railroad)
        assert seller is not None, "nothing moves a railroad while its offer waits"
        return state.companies[seller].director
    assert phase == FINISHED
    return None


def question(state: State, seat: int) -> str:
    """The sentence shown to the player."""
    phase = state.phase
    if phase == STOCK_TURN:
        return f"Stock round {state.set_number}: sell, buy, pass or end your turn."
    if phase in (DIVIDEND, OPERATE, RESPOND_OFFER):
        holding = names.holding(state.turn.company)
        if phase == DIVIDEND:
            return f"{holding} earned {names.money(state.turn.income)}: how much per share does it pay?"
        if phase == OPERATE:
            return f"{names.possessive(holding)} turn: buy, sell or scrap railroads, or end the turn."
        assert state.turn.offer_railroad is not None
        return (f"{holding} offers {names.money(state.turn.offer_price)} for"
                f" {names.railroad(state.turn.offer_railroad)}: do you sell?")
    return {
        OFFER_INVESTOR: f"Draft slot {state.draft.slot + 1} of 4: offer an investor and name its value.",
        CHOOSE_OFFER: "Take the investor card or the cash?",
        SET_PAR: "You hold the $450 investor: set MS&C's par.",
        USE_PRIORITY: "Use the $30 investor to take the priority deal for this stock round?",
    }[phase]


def waiting(state: State) -> list[Waiting]:
    """The one seat asked, its prompt name and the action types that answer it."""
    seat = asked_seat(state)
    return [] if seat is None else [Waiting(seat, state.phase, PROMPT_TYPES[state.phase])]


def prompts(state: State) -> list[Prompt]:
    """The prompt of the seat that must act, with every legal answer described."""
    seat = asked_seat(state)
    if seat is None:
        return []
    context = {"round": names.round_label(state.set_number, state.or_number)}
    if state.turn.company:
        context["holding"] = state.turn.company
    actions, quick = answers.describe(state, seat)
    return [Prompt(seat, state.phase, question(state, seat), actions, quick, context)]
