"""The whole game as plain data: what a saved snapshot holds and what every rule reads.

All randomness is drawn at setup (the bag is already shuffled), so a state is data
only and the same record always rebuilds the same state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from engine.acquire.chains import CHAIN_IDS

# The phase is named after the prompt it waits on; OVER waits on nothing.
PLACE_TILE = "place_tile"
FOUND_CHAIN = "found_chain"
CHOOSE_SURVIVOR = "choose_survivor"
CHOOSE_DEFUNCT = "choose_defunct"
DISPOSE_SHARES = "dispose_shares"
BUY_SHARES = "buy_shares"
OVER = "over"


@dataclass
class Merger:
    """A merger being resolved: the decisions still open, in the order D8 takes them.

    The involved chains keep their tiles and sizes until the whole merger is resolved,
    so prices and bonuses read the pre-merger size (R26) straight from the board.
    """

    tile: str
    mergemaker: int
    chains: list[str]  # every chain the tile touches, largest first
    survivor: str | None = None
    tied: list[str] = field(default_factory=list)  # what choose_survivor / choose_defunct offers
    remaining: list[str] = field(default_factory=list)  # defunct chains not started yet, largest first
    defunct: str | None = None  # the defunct chain whose holders are disposing now
    queue: list[int] = field(default_factory=list)  # holders still to dispose of ``defunct``, next first

    def disposing(self) -> tuple[str, str]:
        """``(defunct, survivor)`` while holders dispose of shares (phase DISPOSE_SHARES).

        Both are set then: the survivor when it is chosen, ``defunct`` when its holders are lined
        up (``mergers._start_defunct``), before any holder is asked.  The casts say so to the type
        checker and check nothing at run time.
        """
        return cast(str, self.defunct), cast(str, self.survivor)

    def copy(self) -> Merger:
        return Merger(
            self.tile,
            self.mergemaker,
            list(self.chains),
            self.survivor,
            list(self.tied),
            list(self.remaining),
            self.defunct,
            list(self.queue),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "tile": self.tile,
            "mergemaker": self.mergemaker,
            "chains": list(self.chains),
            "survivor": self.survivor,
            "tied": list(self.tied),
            "remaining": list(self.remaining),
            "defunct": self.defunct,
            "queue": list(self.queue),
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Merger:
        return cls(
            raw["tile"],
            raw["mergemaker"],
            list(raw["chains"]),
            raw["survivor"],
            list(raw["tied"]),
            list(raw["remaining"]),
            raw["defunct"],
            list(raw["queue"]),
        )


@dataclass
class AcquireState:
    """One Acquire game.  ``sizes`` mirrors the board (tiles per chain) so rules need not count."""

    players: list[str]
    seed: int
    options: dict[str, Any]
    bag: list[str]  # remaining tiles in draw order, next first
    hands: list[list[str]]
    board: dict[str, str | None]  # placed tile -> chain, None while unincorporated
    cash: list[int]
    shares: list[dict[str, int]]  # per seat, every chain id -> shares held
    bank: dict[str, int]  # chain id -> unsold shares
    sizes: dict[str, int]  # chain id -> tiles on the board, 0 when not on it
    current: int  # whose turn it is
    phase: str = PLACE_TILE
    removed: list[str] = field(default_factory=list)  # dead tiles set aside (D4), public
    placed: str | None = None  # the tile placed this turn, None before or when skipped
    merger: Merger | None = None
    declared_end: bool = False
    idle_turns: int = 0  # consecutive turns without a placement (D6)
    end_reason: str | None = None
    actions_applied: int = 0
    title: str = "acquire"

    @property
    def finished(self) -> bool:
        return self.phase == OVER

    def waiting_seat(self) -> int | None:
        """The one seat that must act now: a disposing holder during a merger, else the current player."""
        if self.phase == OVER:
            return None
        if self.phase == DISPOSE_SHARES and self.merger is not None:
            return self.merger.queue[0]
        return self.current

    def active_merger(self) -> Merger:
        """The merger being resolved; only asked for while one is (its prompts and steps)."""
        assert self.merger is not None, "no merger is being resolved"
        return self.merger

    def chains_on_board(self) -> list[str]:
        return [chain for chain in CHAIN_IDS if self.sizes[chain]]

    def copy(self) -> AcquireState:
        """A deep copy written by hand: replay and ``apply`` copy often, deepcopy is too slow."""
        return AcquireState(
            players=list(self.players),
            seed=self.seed,
            options={"tile_bag": list(self.options["tile_bag"]), "open_holdings": self.options["open_holdings"]},
            bag=list(self.bag),
            hands=[list(hand) for hand in self.hands],
            board=dict(self.board),
            cash=list(self.cash),
            shares=[dict(holding) for holding in self.shares],
            bank=dict(self.bank),
            sizes=dict(self.sizes),
            current=self.current,
            phase=self.phase,
            removed=list(self.removed),
            placed=self.placed,
            merger=self.merger.copy() if self.merger else None,
            declared_end=self.declared_end,
            idle_turns=self.idle_turns,
            end_reason=self.end_reason,
            actions_applied=self.actions_applied,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "players": list(self.players),
            "seed": self.seed,
            "options": {"tile_bag": list(self.options["tile_bag"]), "open_holdings": self.options["open_holdings"]},
            "actions_applied": self.actions_applied,
            "bag": list(self.bag),
            "hands": [list(hand) for hand in self.hands],
            "board": dict(self.board),
            "removed": list(self.removed),
            "cash": list(self.cash),
            "shares": [dict(holding) for holding in self.shares],
            "bank": dict(self.bank),
            "sizes": dict(self.sizes),
            "current": self.current,
            "phase": self.phase,
            "placed": self.placed,
            "merger": self.merger.to_json() if self.merger else None,
            "declared_end": self.declared_end,
            "idle_turns": self.idle_turns,
            "end_reason": self.end_reason,
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> AcquireState:
        return cls(
            players=list(raw["players"]),
            seed=raw["seed"],
            options={"tile_bag": list(raw["options"]["tile_bag"]), "open_holdings": raw["options"]["open_holdings"]},
            bag=list(raw["bag"]),
            hands=[list(hand) for hand in raw["hands"]],
            board=dict(raw["board"]),
            cash=list(raw["cash"]),
            shares=[dict(holding) for holding in raw["shares"]],
            bank=dict(raw["bank"]),
            sizes=dict(raw["sizes"]),
            current=raw["current"],
            phase=raw["phase"],
            removed=list(raw["removed"]),
            placed=raw["placed"],
            merger=Merger.from_json(raw["merger"]) if raw["merger"] else None,
            declared_end=raw["declared_end"],
            idle_turns=raw["idle_turns"],
            end_reason=raw["end_reason"],
            actions_applied=raw["actions_applied"],
        )


def clockwise_from(start: int, player_count: int) -> list[int]:
    """Every seat once, ``start`` first, then increasing seat numbers, wrapping (R11)."""
    return [(start + offset) % player_count for offset in range(player_count)]
