"""A turn's steps: place a tile, found or grow a chain, buy, then draw and exchange dead tiles (R12-R25, R36-R40)."""

from __future__ import annotations

from typing import cast

from engine.acquire.board import FOUND, GROW, LONE, MERGE, Effect, incorporate, is_dead, loose_group, tile_effect
from engine.acquire.chains import price
from engine.acquire.ending import finish
from engine.acquire.mergers import begin_merger
from engine.acquire.state import BUY_SHARES, FOUND_CHAIN, PLACE_TILE, AcquireState
from engine.acquire.text import chain_name, count_of, founded, join_words, money
from engine.acquire.tiles import HAND_SIZE
from engine.core.events import Event


def place_tile(state: AcquireState, tile: str, effect: Effect, events: list[Event]) -> None:
    """Put a playable ``tile`` from the current hand on the board and carry out what it does."""
    seat = state.current
    state.hands[seat].remove(tile)
    state.board[tile] = None
    state.placed = tile
    name = state.players[seat]
    data = {"seat": seat, "tile": tile, "effect": effect.kind, "chains": list(effect.chains)}
    if effect.kind == LONE:
        events.append(Event(f"{name} placed {tile}.", kind="place", data=data))
        state.phase = BUY_SHARES
    elif effect.kind == FOUND:
        events.append(Event(f"{name} placed {tile}, which founds a new chain.", kind="place", data=data))
        state.phase = FOUND_CHAIN
    elif effect.kind == GROW:
        _grow(state, tile, effect.chains[0], events, data)
    elif effect.kind == MERGE:
        merged = join_words([f"{chain_name(chain)} ({state.sizes[chain]} tiles)" for chain in effect.chains])
        events.append(Event(f"{name} placed {tile}, merging {merged}.", kind="place", data=data))
        begin_merger(state, tile, effect.chains, events)


def _grow(state: AcquireState, tile: str, chain: str, events: list[Event], data: dict) -> None:
    group = loose_group(state, tile)
    incorporate(state, group, chain)
    events.append(
        Event(
            f"{state.players[state.current]} placed {tile} and grew {chain_name(chain)} to {state.sizes[chain]} tiles.",
            kind="place",
            data={**data, "size": state.sizes[chain]},
        )
    )
    state.phase = BUY_SHARES


def found_chain(state: AcquireState, chain: str, events: list[Event]) -> None:
    """The placed tile and its loose group become ``chain``; the founder's free share if any is left (R16, R17)."""
    seat = state.current
    placed = cast(str, state.placed)  # a chain is founded by the tile just placed, so there is one
    incorporate(state, loose_group(state, placed), chain)
    gift = state.bank[chain] > 0
    if gift:
        state.bank[chain] -= 1
        state.shares[seat][chain] += 1
    share = " and received the founder's share" if gift else "; the bank had no share of it left to give"
    events.append(
        Event(
            f"{founded(state.players[seat], chain, state.sizes[chain])}{share}.",
            kind="found",
            data={"seat": seat, "tile": state.placed, "chain": chain, "size": state.sizes[chain], "free_share": gift},
        )
    )
    state.phase = BUY_SHARES


def buy_shares(state: AcquireState, order: dict[str, int], events: list[Event]) -> None:
    """Buy a checked ``order`` (chain -> count) at current prices, then end the turn (R36, R37)."""
    seat = state.current
    bought = []
    total = 0
    for chain, count in order.items():
        if count:
            cost = count * price(chain, state.sizes[chain])
            state.bank[chain] -= count
            state.shares[seat][chain] += count
            state.cash[seat] -= cost
            total += cost
            bought.append(count_of(count, chain_name(chain) + " share"))
    what = f"bought {join_words(bought)} for {money(total)}" if bought else "bought no shares"
    events.append(
        Event(
            f"{state.players[seat]} {what}.",
            kind="buy",
            data={"seat": seat, "shares": {chain: n for chain, n in order.items() if n}, "cost": total},
        )
    )
    end_turn(state, events)


def end_turn(state: AcquireState, events: list[Event]) -> None:
    """Step 3 (R39, D4), then the automatic end (D6) or the next player's turn."""
    if state.declared_end:  # D7: the game ends after the buy, with no draw
        finish(state, "the end was declared", events)
        return
    seat = state.current
    _draw(state, seat, HAND_SIZE - len(state.hands[seat]), events)
    _exchange_dead_tiles(state, seat, events)
    state.idle_turns = 0 if state.placed else state.idle_turns + 1
    if state.idle_turns >= len(state.players):
        finish(state, "a whole round passed without a tile being placed", events)
    elif not state.bag and not any(state.hands):
        finish(state, "no tile is left in the bag or in any hand", events)
    else:
        state.current = (seat + 1) % len(state.players)
        start_turn(state, events)


def _draw(state: AcquireState, seat: int, count: int, events: list[Event]) -> None:
    """Draw up to ``count`` tiles for ``seat``; with the bag empty nobody draws (D6)."""
    name = state.players[seat]
    for _ in range(min(count, len(state.bag))):
        tile = state.bag.pop(0)
        state.hands[seat].append(tile)
        events.append(
            Event(f"{name} drew {tile}.", kind="draw", data={"seat": seat, "tile": tile}, only_seat=seat,
                  redacted=f"{name} drew a tile.")
        )


def _exchange_dead_tiles(state: AcquireState, seat: int, events: list[Event]) -> None:
    """Set aside every dead tile in hand and draw as many, once: a dead replacement waits (R24, D4)."""
    hand = state.hands[seat]
    dead = [tile for tile in hand if is_dead(state, tile)]
    for tile in dead:
        hand.remove(tile)
        state.removed.append(tile)
        events.append(
            Event(
                f"{state.players[seat]} set aside the dead tile {tile}: it would join two safe chains (R23).",
                kind="dead_tile",
                data={"seat": seat, "tile": tile},
            )
        )
    _draw(state, seat, len(dead), events)


def start_turn(state: AcquireState, events: list[Event]) -> None:
    """Ask the current player for a tile, or go straight to buying when none can be played (D5)."""
    state.placed = None
    hand = state.hands[state.current]
    effects = [(tile, tile_effect(state, tile)) for tile in hand]
    if any(effect.playable for _, effect in effects):
        state.phase = PLACE_TILE
        return
    state.phase = BUY_SHARES
    events.append(_skip_event(state, effects))


def _skip_event(state: AcquireState, effects: list[tuple[str, Effect]]) -> Event:
    """Private: the reasons name the tiles in hand, which the other seats must not learn."""
    name = state.players[state.current]
    by_reason: dict[str, list[str]] = {}
    for tile, effect in effects:
        by_reason.setdefault(effect.describe(), []).append(tile)
    why = "; ".join(f"{join_words(tiles)}: {words}" for words, tiles in by_reason.items())
    reason = f"no playable tile ({why})" if effects else "no tiles"
    return Event(
        f"{name} has {reason}, so {name} places nothing and goes straight to buying (D5).",
        kind="skip_placement",
        data={"seat": state.current, "tiles": [tile for tile, _ in effects]},
        only_seat=state.current,
        redacted=f"{name} has no playable tile and goes straight to buying (D5).",
    )
