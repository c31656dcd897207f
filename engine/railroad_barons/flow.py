"""Moving from round to round: stock round, two operating rounds, the end of the game (b.5 #33, P-9, D-11)."""

from __future__ import annotations

from engine.core.events import Event
from engine.railroad_barons import names, railroads, tables
from engine.railroad_barons.state import (
    DIVIDEND,
    FINISHED,
    OPERATE,
    STOCK_TURN,
    USE_PRIORITY,
    OperatingTurn,
    State,
)
from engine.railroad_barons.stock_round import new_round


def investor_holder(state: State, investor_id: str) -> int | None:
    """The seat holding an investor card, or None."""
    for seat, cards in enumerate(state.investors):
        if investor_id in cards:
            return seat
    return None


def start_stock_round(state: State) -> list[Event]:
    """Open the next set with its stock round; ask the $30 investor's owner first if it can matter (D-10)."""
    state.set_number += 1
    state.or_number = 0
    state.stock = new_round(state.priority, len(state.players))
    state.turn = OperatingTurn()
    holder = investor_holder(state, tables.PRIORITY_INVESTOR)
    state.phase = USE_PRIORITY if holder is not None and holder != state.priority else STOCK_TURN
    text = f"Stock round {state.set_number} begins; {state.players[state.priority]} has the priority deal."
    return [Event(text, "stock_round", {"set": state.set_number, "priority": state.priority})]


def floated_after(state: State, company_id: str) -> str | None:
    """The next floated holding in the fixed operating order after ``company_id`` ("" for the first)."""
    order = tables.OPERATING_ORDER
    start = order.index(company_id) + 1 if company_id else 0
    return next((key for key in order[start:] if state.companies[key].floated), None)


def start_operating_round(state: State, number: int) -> list[Event]:
    """The round's first holding operates; with none floated yet the log says so on the round's
    own line, which would otherwise stand bare before the next round's."""
    state.or_number = number
    heading, data = f"Operating round {state.set_number}.{number}", {"set": state.set_number, "round": number}
    first = floated_after(state, "")
    if first is None:
        nobody = Event(f"{heading}: no holding has floated yet, so none operates.", "operating_round", data)
        return [nobody, *end_operating_round(state)]
    return [Event(f"{heading} begins.", "operating_round", data), *start_company_turn(state, first)]


def start_company_turn(state: State, company_id: str) -> list[Event]:
    """Income from the railroads owned now (P-1.1); no dividend prompt without income (D-06)."""
    company = state.companies[company_id]
    earned = railroads.income(company)
    state.turn = OperatingTurn(company=company_id, income=earned)
    state.phase = DIVIDEND if earned > 0 else OPERATE
    text = f"{names.holding(company_id)} operates and earns {names.money(earned)}."
    return [Event(text, "operates", {"holding": company_id, "income": earned})]


def end_company_turn(state: State) -> list[Event]:
    following = floated_after(state, state.turn.company)
    if following is None:
        return end_operating_round(state)
    return start_company_turn(state, following)


def end_operating_round(state: State) -> list[Event]:
    state.turn = OperatingTurn()
    if state.or_number < tables.OPERATING_ROUNDS_PER_SET:
        return start_operating_round(state, state.or_number + 1)
    return end_set(state)


def end_reason_after_set(state: State) -> str | None:
    """Why the game ends after this set, if it does; the first cause listed wins (D-11)."""
    if state.end_trigger is not None:
        reached = names.money(tables.END_PRICE)
        return f"{names.holding(state.end_trigger)} reached {reached}, and the set was completed (P-9.1)."
    if state.end_after_set == state.set_number:
        return "The railroad pile ran out, and one more set has been played (P-9.3)."
    if state.set_number >= tables.MAX_SETS:
        return f"{tables.MAX_SETS} sets have been played, the most a game lasts (P-9.2)."
    return None


def end_set(state: State) -> list[Event]:
    reason = end_reason_after_set(state)
    if reason is not None:
        return end_game(state, reason)
    events: list[Event] = []
    if state.options["end_on_empty_pile"] and not state.pile and state.end_after_set is None:
        state.end_after_set = state.set_number + 1
        events.append(Event("The railroad pile is empty: the game ends after the next set (P-9.3).", "end_scheduled",
                            {"after_set": state.end_after_set}))
    return events + start_stock_round(state)


def end_game(state: State, reason: str) -> list[Event]:
    state.phase = FINISHED
    state.end_reason = reason
    state.turn = OperatingTurn()
    return [Event(f"The game ends: {reason}", "game_over", {"reason": reason})]
