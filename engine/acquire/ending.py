"""The end of the game: when it may be declared (R41, D7), when it ends by itself (D6), final scoring (R44)."""

from __future__ import annotations

from typing import Any

from engine.acquire.bonuses import pay_bonuses
from engine.acquire.chains import CHAIN_IDS, END_SIZE, SAFE_SIZE, price
from engine.acquire.state import OVER, AcquireState
from engine.acquire.text import chain_name, count_of, money
from engine.core.events import Event
from engine.core.ranking import competition_standings


def end_condition_holds(state: AcquireState) -> bool:
    """R41: every chain on the board is safe (and there is one), or some chain has 41+ tiles."""
    sizes = [state.sizes[chain] for chain in CHAIN_IDS if state.sizes[chain]]
    return bool(sizes) and (min(sizes) >= SAFE_SIZE or max(sizes) >= END_SIZE)


def can_declare(state: AcquireState, seat: int) -> bool:
    """The current player, while it is their own decision (not another holder's), may declare once."""
    return (
        not state.declared_end
        and seat == state.current
        and state.waiting_seat() == seat
        and end_condition_holds(state)
    )


def declare_end(state: AcquireState, seat: int, events: list[Event]) -> None:
    state.declared_end = True
    events.append(
        Event(
            f"{state.players[seat]} declared the end of the game; it ends after this turn's purchases (R43).",
            kind="declare_end",
            data={"seat": seat},
        )
    )


def finish(state: AcquireState, reason: str, events: list[Event]) -> None:
    """Final scoring: bonuses for every chain on the board, then every share of them sold (R44)."""
    events.append(Event(f"The game ends: {reason}.", kind="game_over", data={"reason": reason}))
    on_board = state.chains_on_board()
    for chain in on_board:
        pay_bonuses(state, chain, events)
    for seat in range(len(state.players)):
        for chain in on_board:
            _sell_out(state, seat, chain, events)
    state.phase = OVER
    state.end_reason = reason
    events.append(_standings_event(state))


def _sell_out(state: AcquireState, seat: int, chain: str, events: list[Event]) -> None:
    count = state.shares[seat][chain]
    if not count:
        return
    proceeds = count * price(chain, state.sizes[chain])
    state.shares[seat][chain] = 0
    state.bank[chain] += count
    state.cash[seat] += proceeds
    events.append(
        Event(
            f"{state.players[seat]} sells {count_of(count, chain_name(chain) + ' share')} for {money(proceeds)}.",
            kind="final_sale",
            data={"seat": seat, "chain": chain, "count": count, "amount": proceeds},
        )
    )


def standings(state: AcquireState) -> list[dict[str, Any]] | None:
    """Best first by final cash, shared places (D10), ties by seat; None while the game runs."""
    if not state.finished:
        return None
    entries = [
        {"seat": seat, "name": name, "score": state.cash[seat], "cash": state.cash[seat]}
        for seat, name in enumerate(state.players)
    ]
    return competition_standings(entries)


def _standings_event(state: AcquireState) -> Event:
    ranked = standings(state) or []
    line = "; ".join(f"{entry['place']}. {entry['name']} {money(entry['cash'])}" for entry in ranked)
    return Event(f"Final standings: {line}.", kind="standings", data={"standings": ranked})
