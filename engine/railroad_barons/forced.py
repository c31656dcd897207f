"""Railroad Barons' prompts with exactly one legal answer (D.0): a stock turn with nothing to trade, an
operating turn with nothing to do.

The other prompts always offer a choice: the draft (an investor and a value, card or cash,
four pars), the priority deal (use or keep), a dividend (its income is at least one
railroad's, so at least $0 and $2 a share) and an offer (accept or decline).  The game has
no hidden information, so every note is public.
"""

from __future__ import annotations

from engine.core.forced import ForcedAnswer, forced_note
from engine.railroad_barons import answers, asking, names, operating, rules
from engine.railroad_barons.state import OPERATE, STOCK_TURN, State
from engine.railroad_barons.stock import legal_trades
from engine.railroad_barons.stock_round import sold_this_turn


def forced_answer(state: State) -> ForcedAnswer | None:
    """The asked seat's only legal answer, or None when it has a choice."""
    seat = asking.asked_seat(state)
    if seat is None:
        return None
    if state.phase == STOCK_TURN:
        return _nothing_to_trade(state, seat)
    if state.phase == OPERATE:
        return _nothing_to_operate(state, seat)
    return None


def _nothing_to_trade(state: State, seat: int) -> ForcedAnswer | None:
    """``pass`` (or ``done`` after a sale) when no sale, exchange or purchase is legal (D-05)."""
    if any(True for _ in legal_trades(state, seat)):
        return None
    name = state.players[seat]
    # Each note says the answer too ("ends the turn", "passes"): it is logged in place of the answer's own line.
    if sold_this_turn(state.stock):
        text, kind = f"Answered for {name}, who ends the turn: no further sale or purchase is open this turn.", "done"
    else:
        text, kind = f"Answered for {name}, who passes: no certificate can be sold or bought now.", "pass"
    return ForcedAnswer(seat, {"type": kind}, forced_note(text, seat, STOCK_TURN), replaces=kind)


def _nothing_to_operate(state: State, seat: int) -> ForcedAnswer | None:
    """``done`` when the holding owns nothing to scrap and can buy no railroad, from the bank or another holding."""
    company = operating.acting(state)
    if company.railroads or answers.legal_bank_buys(state, seat) or _can_offer(state, seat):
        return None
    holding = names.holding(company.id)
    text = f"Answered for {state.players[seat]}: {holding} can buy no railroad and has none to scrap, so its turn ends."
    return ForcedAnswer(seat, {"type": "done"}, forced_note(text, seat, OPERATE), replaces="operate_done")


def _can_offer(state: State, seat: int) -> bool:
    """Whether some railroad of another holding can be offered for (at $1, the lowest price: P-1.4)."""
    return any(
        rules.is_legal(state, seat, {"type": "offer_railroad", "railroad": railroad, "price": 1})
        for railroad in answers.offerable(state)
    )
