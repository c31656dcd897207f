"""Acquire's prompts with exactly one legal answer: buying when nothing can be bought, founding the last chain.

A tile placement is never forced, even with one playable tile: answering it for the player
would tell the table that the rest of the hand cannot be played.  No prompt is forced while
the player may declare the end, as that is a second legal answer.
"""

from __future__ import annotations

from engine.acquire.chains import CHAIN_IDS, price
from engine.acquire.ending import can_declare
from engine.acquire.state import BUY_SHARES, FOUND_CHAIN, AcquireState
from engine.acquire.text import chain_name
from engine.core.forced import ForcedAnswer, forced_note


def forced_answer(state: AcquireState) -> ForcedAnswer | None:
    """The waiting seat's only legal answer, or None when it has a choice."""
    seat = state.waiting_seat()
    if seat is None or can_declare(state, seat):
        return None
    if state.phase == BUY_SHARES:
        return _nothing_to_buy(state, seat)
    if state.phase == FOUND_CHAIN:
        return _last_chain(state, seat)
    return None


def _nothing_to_buy(state: AcquireState, seat: int) -> ForcedAnswer | None:
    """``{"shares": {}}`` when no chain on the board has a share left at a price the player can afford (R36-R38).

    When only the player's cash stands in the way and holdings are closed, the note is the
    player's own: the others must not learn that the cash is short.
    """
    on_board = state.chains_on_board()
    in_bank = [chain for chain in on_board if state.bank[chain]]
    if any(price(chain, state.sizes[chain]) <= state.cash[seat] for chain in in_bank):
        return None
    name = state.players[seat]
    only_seat = None
    if not on_board:
        why = "no chain is on the board"
    elif not in_bank:
        why = "every share of the chains on the board is sold"
    else:
        why = f"{name} cannot afford any share left in the bank"
        only_seat = None if state.options["open_holdings"] else seat
    # The note stands for the purchase's own "bought no shares" line, which the others read when the reason is private.
    redacted = None if only_seat is None else f"{name} bought no shares."
    note = forced_note(f"Answered for {name}, who could buy no shares: {why}.", seat, BUY_SHARES, only_seat, redacted)
    return ForcedAnswer(seat, {"type": "buy_shares", "shares": {}}, note, replaces="buy")


def _last_chain(state: AcquireState, seat: int) -> ForcedAnswer | None:
    """``found_chain`` with the one chain not on the board (R16)."""
    free = [chain for chain in CHAIN_IDS if not state.sizes[chain]]
    if len(free) != 1:
        return None
    (chain,) = free
    name = state.players[seat]
    # The note leads into the founding's own line (its size and the founder's share), logged as one line.
    note = forced_note(f"Answered for {name} ({chain_name(chain)} is the only chain left to found):", seat, FOUND_CHAIN)
    return ForcedAnswer(seat, {"type": "found_chain", "chain": chain}, note, leads="found")
