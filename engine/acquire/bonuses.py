"""Majority and minority stockholder bonuses, paid at mergers and at the end (R29-R31, R44, D1)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.acquire.chains import majority_bonus, minority_bonus, split_rounded_up
from engine.acquire.state import AcquireState
from engine.acquire.text import chain_name, money
from engine.core.events import Event


@dataclass(frozen=True)
class Award:
    seat: int
    amount: int
    kind: str  # "majority and minority", "majority" or "minority"
    shared_with: int  # how many received this kind of award (1 = alone)


def bonus_awards(holdings: list[int], majority: int, minority: int) -> list[Award]:
    """Who receives what, given each seat's share count (R30, rounded up per R31)."""
    holders = [seat for seat, count in enumerate(holdings) if count > 0]
    if not holders:
        return []
    top = max(holdings[seat] for seat in holders)
    firsts = [seat for seat in holders if holdings[seat] == top]
    if len(firsts) > 1 or len(holders) == 1:
        each = split_rounded_up(majority + minority, len(firsts))
        return [Award(seat, each, "majority and minority", len(firsts)) for seat in firsts]
    others = [seat for seat in holders if seat != firsts[0]]
    second = max(holdings[seat] for seat in others)
    seconds = [seat for seat in others if holdings[seat] == second]
    each = split_rounded_up(minority, len(seconds))
    minority_awards = [Award(seat, each, "minority", len(seconds)) for seat in seconds]
    return [Award(firsts[0], majority, "majority", 1), *minority_awards]


def pay_bonuses(state: AcquireState, chain: str, events: list[Event]) -> None:
    """Pay ``chain``'s bonuses at its current size (before a merger, so pre-merger, R26)."""
    size = state.sizes[chain]
    holdings = [holding[chain] for holding in state.shares]
    for award in bonus_awards(holdings, majority_bonus(chain, size), minority_bonus(chain, size)):
        state.cash[award.seat] += award.amount
        events.append(_award_event(state, chain, award))


def _award_event(state: AcquireState, chain: str, award: Award) -> Event:
    name = state.players[award.seat]
    bonus = "bonuses" if award.kind == "majority and minority" else "bonus"
    shared = f", shared {award.shared_with} ways" if award.shared_with > 1 else ""
    return Event(
        f"{name} receives {money(award.amount)} of the {chain_name(chain)} {award.kind} {bonus}{shared}.",
        kind="bonus",
        data={"seat": award.seat, "chain": chain, "amount": award.amount, "bonus": award.kind},
    )
