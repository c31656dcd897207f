"""Prompts as data: what the waiting seat is asked, its fields and its one-click answers.

A generic web form or e-mail is built from these without knowing Acquire; the
rules themselves are still checked by ``actions.apply_action``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, cast

from engine.acquire.board import loose_group, tile_effect
from engine.acquire.chains import CHAIN_IDS, MAX_BUY, price
from engine.acquire.ending import can_declare
from engine.acquire.state import (
    BUY_SHARES,
    CHOOSE_DEFUNCT,
    CHOOSE_SURVIVOR,
    DISPOSE_SHARES,
    FOUND_CHAIN,
    PLACE_TILE,
    AcquireState,
    Merger,
)
from engine.acquire.text import chain_list, chain_name, count_of, money
from engine.acquire.tiles import in_board_order
from engine.core.prompts import ActionOption, Choice, Field, Prompt, QuickAnswer, Waiting

# What each prompt asks, in the words after "asked to" (the core's refusals read them).
PROMPT_PHRASES = {
    PLACE_TILE: "place a tile",
    FOUND_CHAIN: "choose the chain their tile founds",
    CHOOSE_SURVIVOR: "choose which of the tied chains survives the merger",
    CHOOSE_DEFUNCT: "choose which defunct chain is settled next",
    DISPOSE_SHARES: "sell, trade or keep their shares of the defunct chain",
    BUY_SHARES: "buy shares (or none) to end their turn",
}

DECLARE_OPTION = ActionOption(
    "declare_end",
    "Declare the end of the game",
    help="The game ends after this turn's purchases, with final bonuses and share sales (R41, R43).",
)
DECLARE_QUICK = QuickAnswer("Declare the end of the game", {"type": "declare_end"})


def waiting(state: AcquireState) -> list[Waiting]:
    """The one seat asked, its prompt name and accepted action types.

    ``declare_end`` is accepted throughout the current player's own decisions so
    that a premature declaration is refused by the rules with R41's sentence.
    """
    seat = state.waiting_seat()
    if seat is None:
        return []
    accepts = (state.phase, "declare_end") if seat == state.current else (state.phase,)
    return [Waiting(seat, state.phase, accepts)]


def prompts(state: AcquireState) -> list[Prompt]:
    """The one seat asked to act now, or [] once the game is over."""
    seat = state.waiting_seat()
    if seat is None:
        return []
    prompt = BUILDERS[state.phase](state, seat)
    if can_declare(state, seat):
        prompt = _with_declare(prompt)
    return [prompt]


def _with_declare(prompt: Prompt) -> Prompt:
    return Prompt(
        prompt.seat,
        prompt.name,
        prompt.question,
        (*prompt.actions, DECLARE_OPTION),
        (*prompt.quick, DECLARE_QUICK),
        {**prompt.context, "can_declare_end": True},
    )


def place_tile_prompt(state: AcquireState, seat: int) -> Prompt:
    choices = []
    quick = []
    for tile in in_board_order(state.hands[seat]):
        effect = tile_effect(state, tile)
        words = effect.describe()
        choices.append(Choice(tile, tile, words, effect.playable))
        if effect.playable:
            quick.append(QuickAnswer(f"Place {tile} — {words}", {"type": "place_tile", "tile": tile}))
    field = Field("tile", "choice", "Tile", choices=tuple(choices))
    option = ActionOption("place_tile", "Place a tile", (field,), help="Put one tile from your hand on its cell.")
    question = f"{state.players[seat]}, which tile do you place?"
    return Prompt(seat, PLACE_TILE, question, (option,), tuple(quick), {"player": seat})


def found_chain_prompt(state: AcquireState, seat: int) -> Prompt:
    tile = cast(str, state.placed)  # a chain is founded by the tile just placed, so there is one
    size = len(loose_group(state, tile))
    choices = tuple(
        Choice(chain, chain_name(chain), f"{money(price(chain, size))} a share at {size} tiles")
        for chain in CHAIN_IDS
        if not state.sizes[chain]
    )
    field = Field("chain", "choice", "Chain", choices=choices)
    option = ActionOption("found_chain", "Found a chain", (field,), help="You receive one share free (R17).")
    quick = tuple(
        QuickAnswer(f"Found {choice.label}", {"type": "found_chain", "chain": choice.value}) for choice in choices
    )
    question = f"{state.players[seat]}, {tile} founds a new chain: which one?"
    return Prompt(seat, FOUND_CHAIN, question, (option,), quick, {"tile": tile, "size": size})


def choose_survivor_prompt(state: AcquireState, seat: int) -> Prompt:
    merger = state.active_merger()
    return _chain_choice_prompt(
        state,
        seat,
        CHOOSE_SURVIVOR,
        "Choose the surviving chain",
        f"{state.players[seat]}, {merger.tile} merges {chain_list(merger.tied)}, tied for largest: which survives?",
        "survives",
        merger,
    )


def choose_defunct_prompt(state: AcquireState, seat: int) -> Prompt:
    merger = state.active_merger()
    return _chain_choice_prompt(
        state,
        seat,
        CHOOSE_DEFUNCT,
        "Choose the defunct chain to resolve next",
        f"{state.players[seat]}, {chain_list(merger.tied)} are the same size: which is resolved next?",
        "is resolved next",
        merger,
    )


def _chain_choice_prompt(
    state: AcquireState, seat: int, name: str, label: str, question: str, verb: str, merger: Merger
) -> Prompt:
    choices = tuple(
        Choice(chain, chain_name(chain), f"{state.sizes[chain]} tiles, {money(price(chain, state.sizes[chain]))} each")
        for chain in merger.tied
    )
    option = ActionOption(name, label, (Field("chain", "choice", "Chain", choices=choices),))
    quick = tuple(QuickAnswer(f"{choice.label} {verb}", {"type": name, "chain": choice.value}) for choice in choices)
    context = {"tile": merger.tile, "mergemaker": merger.mergemaker, "chains": list(merger.chains),
               "survivor": merger.survivor}
    return Prompt(seat, name, question, (option,), quick, context)


def dispose_shares_prompt(state: AcquireState, seat: int) -> Prompt:
    """Sell, trade 2 for 1, keep; trading is offered only while the bank has survivor shares for it (R33)."""
    merger = state.active_merger()
    defunct, survivor = merger.disposing()
    held = state.shares[seat][defunct]
    sale_price = price(defunct, state.sizes[defunct])
    most_traded = min(held - held % 2, 2 * state.bank[survivor])
    sell = Field("sell", "count", f"{chain_name(defunct)} shares to sell at {money(sale_price)}", max=held, default=0)
    fields: tuple[Field, ...]
    fixed: dict[str, Any]
    if most_traded:
        trade = Field("trade", "count", f"{chain_name(defunct)} shares to trade 2 for 1 {chain_name(survivor)}",
                      max=most_traded, step=2, default=0)
        fields, fixed = (sell, trade), {"chain": defunct}
    else:
        fields, fixed = (sell,), {"chain": defunct, "trade": 0}
    option = ActionOption(
        "dispose_shares", f"Dispose of {chain_name(defunct)} shares", fields,
        help="Shares neither sold nor traded are kept.", fixed=fixed,
    )
    question = (
        f"{state.players[seat]}, {chain_name(defunct)} is absorbed by {chain_name(survivor)}: what do you do with your "
        f"{count_of(held, chain_name(defunct) + ' share')}? {_dispose_choices(survivor, held, most_traded, sale_price)}"
    )
    context = {"chain": defunct, "survivor": survivor, "mergemaker": merger.mergemaker, "tile": merger.tile,
               "held": held, "price": sale_price, "survivor_bank": state.bank[survivor],
               "can_trade": bool(most_traded)}
    quick = _dispose_quick(defunct, held, most_traded, sale_price, survivor)
    return Prompt(seat, DISPOSE_SHARES, question, (option,), quick, context)


def _dispose_choices(survivor: str, held: int, most_traded: int, sale_price: int) -> str:
    """The question's second sentence: what may be done, and why trading is not offered when it is not."""
    sale = f"Sell at {money(sale_price)}"
    if most_traded:
        return f"{sale}, trade 2 for 1, or keep."
    if held < 2:
        return f"{sale} or keep (trading takes 2 shares)."
    return f"{sale} or keep (the bank has no {chain_name(survivor)} shares left to trade for)."


def _dispose_quick(
    defunct: str, held: int, most_traded: int, sale_price: int, survivor: str
) -> tuple[QuickAnswer, ...]:
    """Keep all, sell all, trade the most and sell the rest, trade the most and keep the rest (deduplicated)."""
    rest = held - most_traded
    traded = f"Trade {most_traded} for {most_traded // 2} {chain_name(survivor)}"
    trade_and_sell = f"{traded}, sell {rest} for {money(rest * sale_price)}" if rest else traded
    every = f"all {held}" if held > 1 else "it"  # one share: "Keep it", not "Keep all 1"
    candidates = [
        (f"Keep {every}", 0, 0),
        (f"Sell {every} for {money(held * sale_price)}", held, 0),
        (trade_and_sell, rest, most_traded),
        (f"{traded}, keep {rest}", 0, most_traded),
    ]
    quick: list[QuickAnswer] = []
    seen: set[tuple[int, int]] = set()
    for label, sell, trade in candidates:
        if (sell, trade) not in seen:
            seen.add((sell, trade))
            quick.append(QuickAnswer(label, {"type": "dispose_shares", "chain": defunct, "sell": sell, "trade": trade}))
    return tuple(quick)


def buy_shares_prompt(state: AcquireState, seat: int) -> Prompt:
    cash = state.cash[seat]
    choices = []
    quick = [QuickAnswer("Buy nothing", {"type": "buy_shares", "shares": {}})]
    for chain in state.chains_on_board():
        unit = price(chain, state.sizes[chain])
        limit = min(state.bank[chain], cash // unit)
        detail = f"{money(unit)} a share, {state.bank[chain]} left in the bank"
        choices.append(Choice(chain, chain_name(chain), detail, limit > 0, price=unit, limit=limit))
        for count in range(1, min(limit, MAX_BUY) + 1):
            quick.append(QuickAnswer(_buy_label(chain, count, unit), {"type": "buy_shares", "shares": {chain: count}}))
    field = Field("shares", "counts", "Shares to buy", choices=tuple(choices), total_max=MAX_BUY, budget=cash,
                  required=False, default={})
    option = ActionOption("buy_shares", "Buy shares", (field,), help="Up to 3 shares of chains on the board (R36).")
    question = f"{state.players[seat]}, which shares do you buy (up to {MAX_BUY}, you have {money(cash)})?"
    return Prompt(seat, BUY_SHARES, question, (option,), tuple(quick), {"cash": cash, "placed": state.placed})


@cache
def _buy_label(chain: str, count: int, unit: int) -> str:
    """``Buy 2 Tower shares for $1,200``; cached, as the buy prompt is rebuilt on every check of a move."""
    return f"Buy {count_of(count, chain_name(chain) + ' share')} for {money(count * unit)}"



BUILDERS: dict[str, Callable[[AcquireState, int], Prompt]] = {
    PLACE_TILE: place_tile_prompt,
    FOUND_CHAIN: found_chain_prompt,
    CHOOSE_SURVIVOR: choose_survivor_prompt,
    CHOOSE_DEFUNCT: choose_defunct_prompt,
    DISPOSE_SHARES: dispose_shares_prompt,
    BUY_SHARES: buy_shares_prompt,
}
