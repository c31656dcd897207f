"""A stock round's turn, pass and priority bookkeeping, free of any title's prices.

The round ends when every player has passed in succession; a turn that sold or
bought resets the count, and the player after the last one who traded gets the
priority deal for the next round (b.5 #31-32, D-10).  Kept generic for reuse by
other 18xx-style titles.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class StockRound:
    """Where a stock round stands."""

    turn: int = 0  # seat whose turn it is
    passes: int = 0  # passes in succession
    last_trader: int | None = None  # seat that made the round's last buy or sale
    sold: list[list[str]] = field(default_factory=list)  # per seat: companies sold this round (b.5 #39)
    turn_prices: dict[str, int] = field(default_factory=dict)  # companies sold this turn -> price of the first sale

    def copy(self) -> StockRound:
        return StockRound(
            self.turn,
            self.passes,
            self.last_trader,
            [list(companies) for companies in self.sold],
            dict(self.turn_prices),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "passes": self.passes,
            "last_trader": self.last_trader,
            "sold": [list(companies) for companies in self.sold],
            "turn_prices": dict(self.turn_prices),
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> StockRound:
        return cls(
            raw["turn"],
            raw["passes"],
            raw["last_trader"],
            [list(companies) for companies in raw["sold"]],
            dict(raw["turn_prices"]),
        )


def new_round(first: int, player_count: int) -> StockRound:
    """A fresh round opened by ``first`` (the priority holder)."""
    return StockRound(turn=first, sold=[[] for _ in range(player_count)])


def next_seat(seat: int, player_count: int) -> int:
    return (seat + 1) % player_count


def sold_this_turn(round_: StockRound) -> bool:
    return bool(round_.turn_prices)


def record_sale(round_: StockRound, seat: int, company: str, price: int) -> None:
    """Note a sale (or exchange down): it blocks buying ``company`` this round and fixes the turn's price (D-01)."""
    if company not in round_.sold[seat]:
        round_.sold[seat].append(company)
    round_.turn_prices.setdefault(company, price)
    round_.last_trader = seat


def end_turn(round_: StockRound, seat: int, traded: bool, player_count: int) -> None:
    """Hand the turn on; a turn with a trade resets the pass count (D-05)."""
    if traded:
        round_.passes = 0
        round_.last_trader = seat
    round_.turn_prices.clear()
    round_.turn = next_seat(seat, player_count)


def record_pass(round_: StockRound, seat: int, player_count: int) -> bool:
    """A pass; True when it ends the round (every player passed in succession)."""
    round_.passes += 1
    round_.turn_prices.clear()
    round_.turn = next_seat(seat, player_count)
    return round_.passes >= player_count


def next_priority(round_: StockRound, priority: int, player_count: int) -> int:
    """The seat after the round's last trader; unchanged when nobody traded (D-10)."""
    if round_.last_trader is None:
        return priority
    return next_seat(round_.last_trader, player_count)
