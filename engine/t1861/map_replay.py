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
from engine.t1861.lays import LaysThisTurn, check_lay
from engine.t1861.optimiser import best_routes
from engine.t1861.recorded_routes import recorded_plans
from engine.t1861.revenue import Bonuses
from engine.t1861.routes import RouteSet, check_routes
from engine.t1861.tokens import check_home_token, check_token, home_city_options
from engine.t1861.track_network import build_network
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
from engine.t1861.walk_facts import RSR, walk_facts

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
    lays_this_turn: LaysThisTurn = field(default_factory=LaysThisTurn)
    # Hex -> the board's index of the city a nationalised company's token just left.
    vacated: dict[str, int] = field(default_factory=dict)

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
            self.lays_this_turn = LaysThisTurn()
        done = self.lays_this_turn
        lay = check_lay(self.board, event.company, self.phase, event.hex, event.tile, event.rotation, done)
        self.board = self.board.lay(event.hex, event.tile, event.rotation)
        self.lays_this_turn = done.after(lay)

    def _place(self, event: TokenPlaced) -> None:
        city = self._board_city(event)
        if event.kind == "rsr_moscow" and event.company in self.board.tokens_in(event.hex)[city]:
            return  # the board put it there itself when gray 639 was laid
        if event.kind == "bought":
            check_token(self.board, event.company, event.hex, city, event.price)
        if event.kind == "home":
            self._check_home(event, city)
        self.board = self.board.place_token(event.company, event.hex, city)
        if event.company == RSR and event.hex == _ST_PETERSBURG:
            # Section 6: an RSR token in St Petersburg drops its claim on the second city.
            self.board = self.board.release_reservations(RSR)

    def _remove(self, event: TokenRemoved) -> None:
        city = self._city_of(event.company, event.hex)
        self.board = self.board.remove_token(event.company, event.hex, city)
        self.vacated[event.hex] = city

    def _transfer(self, event: TokenTransferred) -> None:
        self.board = self.board.rename_tokens(event.from_company, event.to_company)

    def _release(self, event: ReservationsDropped) -> None:
        for company in event.companies:
            self.board = self.board.release_reservations(company)

    def _check_home(self, event: TokenPlaced, city: int) -> None:
        """A minor's home is its held slot; a parred major's must be an isolated city (G8)."""
        check_home_token(self.board, event.company, event.hex, city)
        if event.company in walk_facts().majors and (event.hex, city) not in home_city_options(self.board):
            place = DATA.hexes[event.hex].display_name()
            raise IllegalAction(f"{event.company} may not start in {place}: it is not an empty, unconnected city.")

    def _board_city(self, event: TokenPlaced) -> int:
        """The city as the board numbers it now.

        The walk knows a city's index only as recorded or printed; after a Kiev or Moscow
        upgrade the board's numbering is the truth: a home goes where its slot is held, the
        RSR where the nationalised token left.
        """
        if event.kind == "home":
            for index, held in enumerate(self.board.reserved_in(event.hex)):
                if event.company in held:
                    return index
        if event.kind == "nationalisation":
            return self.vacated.get(event.hex, event.city)
        return event.city

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
    network = build_network(replay.board, replay.phase)
    trains = [train_of(train_id) for train_id in run.trains]
    bonuses = private_bonuses(run.privates)
    checked = check_routes(network, run.company, recorded_plans(network, run.routes, train_of), Bonuses.of(bonuses))
    best = best_routes(network, run.company, trains, bonuses)
    return RunCheck(run, checked, best)


def private_bonuses(privates: Sequence[str]) -> dict[str, int]:
    """Hex -> the +10s a company's privates add to each route counting that hex (section 3)."""
    bonuses: dict[str, int] = {}
    for entry in DATA.raw["privates"]:
        ability = entry.get("ability") or {}
        if entry["id"] in privates and ability.get("type") == "route_bonus":
            for hex_ in ability["hexes"]:
                bonuses[hex_] = bonuses.get(hex_, 0) + int(ability["amount"])
    return bonuses


@cache
def train_of(train_id: str) -> Train:
    """The route rules of an 18xx.games train copy such as ``"2+2-0"``."""
    name = train_id.rsplit("-", 1)[0].lower()
    return Train.from_data(next(entry for entry in DATA.raw["trains"] if entry["name"].lower() == name))
