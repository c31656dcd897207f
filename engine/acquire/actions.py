"""Checking and carrying out one action: every check runs before the first change (IllegalAction leaves no trace)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from engine.acquire import mergers, turn
from engine.acquire.board import DEAD, EIGHTH, tile_effect
from engine.acquire.chains import CHAIN_IDS, MAX_BUY, price
from engine.acquire.ending import can_declare, declare_end, end_condition_holds
from engine.acquire.state import OVER, AcquireState
from engine.acquire.text import chain_list, chain_name, count_of, money
from engine.acquire.tiles import is_tile
from engine.core.errors import IllegalAction
from engine.core.events import Event

Step = Callable[[list[Event]], None]  # carries out a checked action, appending its events
Checker = Callable[[AcquireState, int, dict[str, Any]], Step]


def apply_action(state: AcquireState, seat: int, action: dict[str, Any]) -> list[Event]:
    """Carry out ``action`` for ``seat``; IllegalAction (a sentence for the player) leaves ``state`` unchanged."""
    step = check_action(state, seat, action)
    events: list[Event] = []
    step(events)
    return events


def check_action(state: AcquireState, seat: int, action: Any) -> Step:
    """Every check, and no change: the step that would carry ``action`` out, or IllegalAction."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("An action needs a type.")
    kind = action["type"]
    _check_turn(state, seat, kind)
    return CHECKERS[kind](state, seat, action)


def _check_turn(state: AcquireState, seat: Any, kind: str) -> None:
    """The same guard the core applies, so the title is safe to call on its own."""
    if state.phase == OVER:
        raise IllegalAction("The game is over; no more moves can be made.")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state.players):
        raise IllegalAction(f"There is no seat {seat!r} in this game.")
    waiting = cast(int, state.waiting_seat())  # a seat: the game is not over (refused above)
    if seat != waiting:
        raise IllegalAction(f"It is not {state.players[seat]}'s move; the game waits for {state.players[waiting]}.")
    if kind == "declare_end":
        _check_declare(state, seat)
    elif kind != state.phase:
        known = "" if kind in CHECKERS else f" ({kind!r} is not an Acquire action)"
        raise IllegalAction(f"{state.players[seat]} is asked to {state.phase}, not to {kind}{known}.")


def _check_declare(state: AcquireState, seat: int) -> None:
    if state.declared_end:
        raise IllegalAction("The end of the game has already been declared.")
    if seat != state.current:
        raise IllegalAction("Only the player whose turn it is may declare the end (R41).")
    if not end_condition_holds(state):
        raise IllegalAction(
            "The end cannot be declared yet: every chain on the board must be safe (11+ tiles) "
            "or one chain must have 41 or more tiles (R41)."
        )
    if not can_declare(state, seat):
        raise IllegalAction("The end cannot be declared now.")


def _place_tile(state: AcquireState, seat: int, action: dict[str, Any]) -> Step:
    tile = action.get("tile")
    if not isinstance(tile, str):
        raise IllegalAction("place_tile needs a tile, such as \"5C\".")
    if tile not in state.hands[seat]:
        if not is_tile(tile):
            raise IllegalAction(f"{tile!r} is not a tile; tiles are named 1A to 12I.")
        raise IllegalAction(f"{state.players[seat]} does not hold {tile}.")
    effect = tile_effect(state, tile)
    if effect.kind == EIGHTH:
        raise IllegalAction(
            f"{tile} cannot be played now: it would found an 8th chain while all seven are on the board (R20)."
        )
    if effect.kind == DEAD:
        raise IllegalAction(f"{tile} is dead: it would join two safe chains (R23).")
    return lambda events: turn.place_tile(state, tile, effect, events)


def _found_chain(state: AcquireState, seat: int, action: dict[str, Any]) -> Step:
    chain = _chain_field(action)
    if state.sizes[chain]:
        free = [other for other in CHAIN_IDS if not state.sizes[other]]
        raise IllegalAction(f"{chain_name(chain)} is already on the board; choose one of {chain_list(free)} (R16).")
    return lambda events: turn.found_chain(state, chain, events)


def _choose_survivor(state: AcquireState, seat: int, action: dict[str, Any]) -> Step:
    chain = _chain_field(action)
    merger = state.active_merger()
    if chain not in merger.tied:
        raise IllegalAction(
            f"Only one of the largest chains, {chain_list(merger.tied)}, can survive this merger (R27)."
        )
    return lambda events: mergers.choose_survivor(state, chain, events)


def _choose_defunct(state: AcquireState, seat: int, action: dict[str, Any]) -> Step:
    chain = _chain_field(action)
    merger = state.active_merger()
    if chain not in merger.tied:
        raise IllegalAction(
            f"The largest defunct chains go first: choose {chain_list(merger.tied)} to resolve next (R34)."
        )
    return lambda events: mergers.choose_defunct(state, chain, events)


def _dispose_shares(state: AcquireState, seat: int, action: dict[str, Any]) -> Step:
    merger = state.active_merger()
    defunct, survivor = merger.disposing()
    chain = _chain_field(action)
    if chain != defunct:
        raise IllegalAction(f"The shares being disposed of now are {chain_name(defunct)}, not {chain_name(chain)}.")
    sell, trade = _count_field(action, "sell"), _count_field(action, "trade")
    held = state.shares[seat][defunct]
    if trade % 2:
        raise IllegalAction(
            f"Shares are traded two for one, so the number to trade must be even, not {trade} (R32)."
        )
    if sell + trade > held:
        raise IllegalAction(
            f"{state.players[seat]} holds {count_of(held, chain_name(defunct) + ' share')}, "
            f"so cannot sell {sell} and trade {trade}."
        )
    if trade // 2 > state.bank[survivor]:
        raise IllegalAction(
            f"The bank has only {count_of(state.bank[survivor], chain_name(survivor) + ' share')} left, "
            f"so at most {2 * state.bank[survivor]} {chain_name(defunct)} shares can be traded (R33)."
        )
    return lambda events: mergers.dispose(state, seat, sell, trade, events)


def _buy_shares(state: AcquireState, seat: int, action: dict[str, Any]) -> Step:
    order = action.get("shares")
    if not isinstance(order, dict):
        raise IllegalAction("buy_shares needs shares: a map from chain to count, such as {\"tower\": 2} or {}.")
    for chain, count in order.items():
        _check_chain(chain)
        _check_count(count, f"The number of {chain_name(chain)} shares to buy")
    total = sum(order.values())
    if total > MAX_BUY:
        raise IllegalAction(f"At most {MAX_BUY} shares may be bought in a turn, not {total} (R36).")
    cost = sum(_check_purchase(state, chain, count) for chain, count in order.items())
    if cost > state.cash[seat]:
        raise IllegalAction(
            f"Those shares cost {money(cost)} but {state.players[seat]} has {money(state.cash[seat])} (R37)."
        )
    return lambda events: turn.buy_shares(state, order, events)


def _check_purchase(state: AcquireState, chain: str, count: int) -> int:
    """The cost of ``count`` shares of ``chain``, refused when they cannot be bought."""
    if not count:
        return 0
    if not state.sizes[chain]:
        raise IllegalAction(f"{chain_name(chain)} is not on the board, so its shares cannot be bought (R38).")
    if count > state.bank[chain]:
        raise IllegalAction(
            f"The bank has only {count_of(state.bank[chain], chain_name(chain) + ' share')} left (R37)."
        )
    return count * price(chain, state.sizes[chain])


def _declare_end(state: AcquireState, seat: int, action: dict[str, Any]) -> Step:
    return lambda events: declare_end(state, seat, events)


def _chain_field(action: dict[str, Any]) -> str:
    if "chain" not in action:
        raise IllegalAction(f"{action['type']} needs a chain: one of {', '.join(CHAIN_IDS)}.")
    chain = action["chain"]
    _check_chain(chain)
    return chain


def _check_chain(chain: Any) -> None:
    if not isinstance(chain, str) or chain not in CHAIN_IDS:
        raise IllegalAction(f"{chain!r} is not a chain; the chains are {', '.join(CHAIN_IDS)}.")


def _count_field(action: dict[str, Any], name: str) -> int:
    if name not in action:
        raise IllegalAction(f"{action['type']} needs {name}, a whole number of shares (0 or more).")
    return _check_count(action[name], f"The number of shares to {name}")


def _check_count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise IllegalAction(f"{what} must be a whole number, 0 or more, not {value!r}.")
    return value



CHECKERS: dict[str, Checker] = {
    "place_tile": _place_tile,
    "found_chain": _found_chain,
    "choose_survivor": _choose_survivor,
    "choose_defunct": _choose_defunct,
    "dispose_shares": _dispose_shares,
    "buy_shares": _buy_shares,
    "declare_end": _declare_end,
}
