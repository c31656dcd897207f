"""A recorded game's map events replayed onto a board, each checked by the map layer's rules.

This is how part 1 is proven on real games (issue 12, "Proving it on real games"): every
lay and bought token of the recorded game must be legal by the board's checks at that
moment, every ``run_routes`` must validate and earn exactly what 18xx.games recorded, and
the optimiser must find a route set worth at least as much.  The developer command
``python -m engine map1861`` reads the same replay to show a position.

Events that the rules themselves cause (homes, conversions, nationalisations) are applied
without a legality check: no player chose them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine.core.errors import IllegalAction
from engine.t1861.board import Board
from engine.t1861.data import DATA
from engine.t1861.export import Action
from engine.t1861.lays import check_lay
from engine.t1861.optimiser import best_routes
from engine.t1861.recorded_routes import recorded_plans
from engine.t1861.routes import RouteSet, check_routes
from engine.t1861.tokens import check_token
from engine.t1861.trains import Train
from engine.t1861.walk import WalkState, walk_states
from engine.t1861.walk_events import (
    MapEvent,
    PhaseChanged,
    ReservationsDropped,
    RoutesRun,
    TileLaid,
    TokenPlaced,
    TokenRemoved,
    TokenTransferred,
)
from engine.t1861.walk_facts import RSR

_ST_PETERSBURG = "E1"


@dataclass(frozen=True)
class Refusal:
    """A recorded move the map layer refused: the action id, the event and the sentence."""

    at: int
    event: MapEvent
    message: str


@dataclass(frozen=True)
class RunCheck:
    """One ``run_routes`` position: what the players ran and what the optimiser found."""

    event: RoutesRun
    checked: RouteSet | None
    best: RouteSet
    seconds: float = 0.0

    @property
    def found_more(self) -> bool:
        """True when the optimiser beat the players' own routes."""
        return self.best.revenue > self.event.revenue


@dataclass
class MapReplay:
    """The board as the replay reached it, the phase, and what was refused on the way."""

    board: Board = field(default_factory=Board.empty)
    phase: str = "2"
    refusals: list[Refusal] = field(default_factory=list)
    lays_this_turn: list[str] = field(default_factory=list)

    def apply(self, event: MapEvent) -> None:
        """Check ``event`` (for a player's move) and put it on the board."""
        handler = _HANDLERS.get(type(event))
        if handler is None:
            return
        try:
            handler(self, event)
        except IllegalAction as error:
            self.refusals.append(Refusal(event.at, event, str(error)))

    def _phase(self, event: PhaseChanged) -> None:
        self.phase = event.phase

    def _lay(self, event: TileLaid) -> None:
        if event.lay_index == 0:
            self.lays_this_turn = []
        check_lay(self.board, event.company, self.phase, event.hex, event.tile, event.rotation, self.lays_this_turn)
        self.board = self.board.lay(event.hex, event.tile, event.rotation)
        self.lays_this_turn.append(event.hex)

    def _place(self, event: TokenPlaced) -> None:
        if event.kind == "bought":
            check_token(self.board, event.company, event.hex, event.city)
        self.board = self.board.place_token(event.company, event.hex, event.city)
        if event.company == RSR and event.hex == _ST_PETERSBURG:
            # Section 6: an RSR token in St Petersburg drops its claim on the second city.
            self.board = self.board.release_reservations(RSR)

    def _remove(self, event: TokenRemoved) -> None:
        self.board = self.board.remove_token(event.company, event.hex, self._city_of(event.company, event.hex))

    def _transfer(self, event: TokenTransferred) -> None:
        self.board = self.board.rename_tokens(event.from_company, event.to_company)

    def _release(self, event: ReservationsDropped) -> None:
        for company in event.companies:
            self.board = self.board.release_reservations(company)

    def _city_of(self, company: str, hex_: str) -> int:
        """The city of ``hex_`` holding ``company``'s token, as the board numbers it now."""
        for index, companies in enumerate(self.board.tokens_in(hex_)):
            if company in companies:
                return index
        raise IllegalAction(f"{company} has no token in {hex_} to remove.")


_HANDLERS: dict[type, Callable[[MapReplay, Any], None]] = {
    PhaseChanged: MapReplay._phase,
    TileLaid: MapReplay._lay,
    TokenPlaced: MapReplay._place,
    TokenRemoved: MapReplay._remove,
    TokenTransferred: MapReplay._transfer,
    ReservationsDropped: MapReplay._release,
}


def replay_positions(actions: Sequence[Action]) -> Iterator[tuple[MapReplay, WalkState, MapEvent]]:
    """Each map event of the game, applied: the replay and walk state right after it."""
    replay = MapReplay()
    for state, event in walk_states(actions):
        replay.apply(event)
        yield replay, state, event


def check_run(replay: MapReplay, run: RoutesRun) -> RunCheck:
    """The recorded routes checked on the board as it stood, and the optimiser's best set."""
    network = replay.board.network(replay.phase)
    trains = [train_of(train_id) for train_id in run.trains]
    bonuses = private_bonuses(run.privates)
    checked = check_routes(network, run.company, recorded_plans(network, run.routes, train_of), bonuses)
    best = best_routes(network, run.company, trains, bonuses)
    return RunCheck(run, checked, best)


def private_bonuses(privates: Sequence[str]) -> dict[str, int]:
    """Hex -> the +10s a company's privates add to each route counting that hex (section 3)."""
    bonuses: dict[str, int] = {}
    for private in privates:
        for hex_, amount in DATA.private_route_bonus(private).items():
            bonuses[hex_] = bonuses.get(hex_, 0) + amount
    return bonuses


@cache
def train_of(train_id: str) -> Train:
    """The route rules of an 18xx.games train copy such as ``"2+2-0"``."""
    return DATA.train(train_id.rsplit("-", 1)[0])
