"""The map walk: a recorded 1861 game's effective actions turned into map events, in order.

Part 1 proves the map layer on real games without the rounds and companies of part 2, so
this module follows only what the map needs: tiles, tokens (bought, home, moved by
conversions, mergers and nationalisations), the phase, and which trains and privates each
company holds when it runs.  The rules it applies for that are **walk helpers**, kept
minimal and named as such; part 2's real rounds replace them:

- operating order is read from the record (the order companies last began a turn), not
  from share prices;
- a company is taken to have finished its operating turn without a train (12.10) when it
  owns none after its turn and never acts again;
- the RSR's unrecorded train purchases come from ``walk_rsr_purchases``.

Everything else follows the rules reference: homes (sections 4, 6, 10.4), phases and rusting
(16), conversion and merger (14, R3), nationalisation (15.3), the first-5 and first-8 events.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from engine.t1861.export import Action, MalformedExport
from engine.t1861.walk_events import (
    CompanyNationalised,
    MapEvent,
    PhaseChanged,
    ReservationsDropped,
    RoutesRun,
    TileLaid,
    TokenKind,
    TokenPlaced,
    TokenRemoved,
    TokenTransferred,
    TrainsRusted,
)
from engine.t1861.walk_facts import RSR, WalkFacts, train_type_of, walk_facts
from engine.t1861.walk_rsr_purchases import rsr_purchases

_MOSCOW = "H8"
_ST_PETERSBURG = ("E1", 1)
_MOSCOW_GRAY = "639"
_PRIVATES_TO_RSR = "nationalize_companies"
_RSR_IDLE_PHASES = frozenset({"2", "3"})


@dataclass
class WalkState:
    """What the walk knows after each action (read it between events with ``walk_states``)."""

    phase: str = "2"
    # Hex -> (tile number, tile copy id, rotation) of the tile laid there.
    tiles: dict[str, tuple[str, str, int]] = field(default_factory=dict)
    tokens: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    trains: dict[str, str | None] = field(default_factory=dict)
    privates: dict[str, str] = field(default_factory=dict)
    started: set[str] = field(default_factory=set)
    closed: set[str] = field(default_factory=set)
    sold_types: set[str] = field(default_factory=set)
    rsr_reservations: set[str] = field(default_factory=lambda: {"E1", _MOSCOW})
    turn_began: dict[str, int] = field(default_factory=dict)
    lays_this_turn: int = 0

    def trains_of(self, company: str) -> tuple[str, ...]:
        """The trains ``company`` owns now, in id order."""
        return tuple(sorted(train for train, owner in self.trains.items() if owner == company))

    def privates_of(self, company: str) -> tuple[str, ...]:
        """The privates ``company`` owns now."""
        return tuple(sorted(private for private, owner in self.privates.items() if owner == company))

    def operating_order(self, companies: set[str]) -> list[str]:
        """Walk helper: ``companies`` in the order they last began a turn."""
        return sorted(companies, key=lambda company: self.turn_began.get(company, 1 << 30))


def walk(actions: Sequence[Action], facts: WalkFacts | None = None) -> list[MapEvent]:
    """Every map event of the game whose effective actions are ``actions``."""
    return [event for _, event in walk_states(actions, facts)]


def walk_states(actions: Sequence[Action], facts: WalkFacts | None = None) -> Iterator[tuple[WalkState, MapEvent]]:
    """Each map event with the walk's state right after it (the state object is reused)."""
    walker = _Walker(actions, facts or walk_facts())
    for position in range(len(actions)):
        for event in walker.step(position):
            yield walker.state, event


class _Walker:
    """One pass over the actions; ``step`` handles one action and returns its events."""

    def __init__(self, actions: Sequence[Action], facts: WalkFacts) -> None:
        self.actions = actions
        self.facts = facts
        self.state = WalkState()
        self.rsr_buys = rsr_purchases(actions, facts)
        self.last_acted = {action["entity"]: i for i, action in enumerate(actions) if _is_company(action)}
        self.merging: dict[str, list[str]] = {}
        self.events: list[MapEvent] = []
        self.at = 0

    # ----- the loop -------------------------------------------------------------------

    def step(self, position: int) -> list[MapEvent]:
        action = self.actions[position]
        self.events = []
        self.at = action.get("id") or action.get("auto_of") or 0
        for train in self.rsr_buys.get(position, ()):
            self._buy_train(RSR, train)
        if self._operating_round_ended(position):
            self._rsr_home()
        self._note_turn(position, action)
        handler = getattr(self, f"_on_{action['type']}", None)
        try:
            if handler is not None:
                handler(action)
            self._finish_trainless_turn(position, action)
        except (KeyError, ValueError, TypeError) as error:
            raise MalformedExport(
                f"Action {self.at} ({action['type']}) cannot be walked on the map: {error}."
            ) from None
        return self.events

    def _operating_round_ended(self, position: int) -> bool:
        """Walk helper: an OR has just ended when a major's (or the RSR's) action is followed
        by a minor's or a player's (minors operate before majors, the RSR last, section 7.4).
        Only needed while the RSR has yet to operate in phase 4 or later."""
        if not position or self.state.phase in _RSR_IDLE_PHASES:
            return False
        before, now = self.actions[position - 1]["entity"], self.actions[position]["entity"]
        return (before in self.facts.majors or before == RSR) and (
            now in self.facts.minor_homes or not _is_company(self.actions[position])
        )

    def _note_turn(self, position: int, action: Action) -> None:
        if not _is_company(action):
            return
        previous = self.actions[position - 1] if position else None
        if previous is None or previous["entity"] != action["entity"]:
            self.state.turn_began[action["entity"]] = position
            self.state.lays_this_turn = 0

    # ----- actions --------------------------------------------------------------------

    def _on_bid(self, action: Action) -> None:
        minor = action.get("corporation")
        if minor and minor not in self.state.started:
            # Section 4: the home token goes down the moment the minor is put up for auction.
            self.state.started.add(minor)
            self._place(minor, self.facts.minor_homes[minor], "home")

    def _on_par(self, action: Action) -> None:
        self.state.started.add(action["corporation"])
        self.state.closed.discard(action["corporation"])

    def _on_lay_tile(self, action: Action) -> None:
        number, _ = action["tile"].rsplit("-", 1)
        hex_ = action["hex"]
        self.state.tiles[hex_] = (number, action["tile"], int(action["rotation"]))
        self._emit(
            TileLaid(
                self.at,
                action["entity"],
                hex_,
                number,
                action["tile"],
                int(action["rotation"]),
                self.state.phase,
                self.state.lays_this_turn,
            )
        )
        self.state.lays_this_turn += 1
        self._follow_merged_cities(hex_, number)
        if number == _MOSCOW_GRAY and _MOSCOW in self.state.rsr_reservations:
            self._rsr_moscow()

    def _on_place_token(self, action: Action) -> None:
        company = action["entity"]
        placed = len(self.state.tokens.get(company, ()))
        kind: TokenKind = "home" if not placed and company in self.facts.majors else "bought"
        self._place(company, self._city(action["city"]), kind, self._token_price(placed))

    def _token_price(self, placed: int) -> int:
        """Walk helper for R3: a major's next token is its printed one after those on the map.

        Right after conversion (one token) that is ₽20 a hex, after a merger that kept two
        tokens ₽40.  A merger that kept one token after removing T0 would make it free; the
        walk does not follow removed tokens that closely.
        """
        prices = self.facts.major_token_prices
        return prices[min(placed, len(prices) - 1)]

    def _on_remove_token(self, action: Action) -> None:
        hex_, city = self._city(action["city"])
        self._unplace(action["entity"], hex_, "action", city)

    def _on_buy_train(self, action: Action) -> None:
        self._buy_train(action["entity"], action["train"])

    def _on_discard_train(self, action: Action) -> None:
        self.state.trains[action["train"]] = None

    def _on_buy_company(self, action: Action) -> None:
        self.state.privates[action["company"]] = action["entity"]

    def _on_convert(self, action: Action) -> None:
        self.merging[action["entity"]] = [action["entity"]]

    def _on_merge(self, action: Action) -> None:
        acting, target = action["entity"], action["corporation"]
        group = self.merging.setdefault(acting, [acting])
        if target in self.facts.majors:
            self._form_major(target, self.merging.pop(acting))
        else:
            group.append(target)

    def _on_choose(self, action: Action) -> None:
        if action.get("choice") == "nationalize":
            self._nationalise(action["entity"], "its president chose nationalisation (15.2)")

    def _on_run_routes(self, action: Action) -> None:
        company = action["entity"]
        if company == RSR:
            self._rsr_home()
        routes = tuple(action.get("routes") or ())
        self._emit(
            RoutesRun(
                self.at,
                company,
                self.state.trains_of(company),
                self.state.privates_of(company),
                routes,
                sum(int(route.get("revenue", 0)) for route in routes),
                self.state.phase,
            )
        )

    # ----- trains and phases ----------------------------------------------------------

    def _buy_train(self, company: str, train: str) -> None:
        self.state.trains[train] = company
        kind = train_type_of(train)
        if kind in self.state.sold_types:
            return
        self.state.sold_types.add(kind)
        self._first_of_type(kind)

    def _first_of_type(self, kind: str) -> None:
        """Section 16's order: phase change, rusting, events, then the trainless check."""
        phase = self.facts.phase_started_by.get(kind)
        if phase:
            self.state.phase = phase
            self._emit(PhaseChanged(self.at, phase))
        for rusting in (t for t in self.facts.trains if t.rusts_on == kind):
            self._rust(rusting.name)
        events = self.facts.train_type(kind).events
        if "minors_cannot_start" in events:
            self._remove_unstarted_minors()
        if _PRIVATES_TO_RSR in events:
            # Section 3: every private, whoever held it, passes to the RSR.
            self.state.privates = dict.fromkeys(self.facts.privates, RSR)
        if "minors_nationalized" in events:
            for minor in self.state.operating_order(self._live_minors()):
                self._nationalise(minor, "all minors are nationalised at the first 8-train (15.1)")
        if "trainless_nationalization" in events:
            for minor in self.state.operating_order(self._live_minors()):
                if not self.state.trains_of(minor) and minor in self.state.turn_began:
                    self._nationalise(minor, f"it owned no train after the first {kind}-train (15.1)")

    def _rust(self, kind: str) -> None:
        rusted = tuple(sorted(t for t, owner in self.state.trains.items() if owner and train_type_of(t) == kind))
        for train in rusted:
            self.state.trains[train] = None
        self._emit(TrainsRusted(self.at, kind, rusted))

    def _remove_unstarted_minors(self) -> None:
        unstarted = tuple(sorted(set(self.facts.minor_homes) - self.state.started - self.state.closed))
        self.state.closed.update(unstarted)
        if unstarted:
            self._emit(ReservationsDropped(self.at, unstarted))

    def _live_minors(self) -> set[str]:
        return {m for m in self.facts.minor_homes if m in self.state.started and m not in self.state.closed}

    # ----- companies forming and leaving ----------------------------------------------

    def _form_major(self, major: str, minors: list[str]) -> None:
        """Section 14: the minors' tokens, trains and privates become the major's."""
        self.state.started.add(major)
        self.state.closed.discard(major)
        for minor in minors:
            for hex_, city in list(self.state.tokens.get(minor, ())):
                self.state.tokens[minor].remove((hex_, city))
                self.state.tokens.setdefault(major, []).append((hex_, city))
                self._emit(TokenTransferred(self.at, minor, major, hex_, city))
            self._hand_over(minor, major)
            self.state.closed.add(minor)

    def _hand_over(self, giver: str, taker: str) -> None:
        for train, owner in self.state.trains.items():
            if owner == giver:
                self.state.trains[train] = taker
        for private, owner in self.state.privates.items():
            if owner == giver:
                self.state.privates[private] = taker

    def _nationalise(self, company: str, why: str) -> None:
        """Section 15.3: tokens by city value (ties: hex id, reversed) go to the RSR."""
        if company in self.state.closed:
            return
        self._emit(CompanyNationalised(self.at, company, why))
        placed = self.state.tokens.get(company, [])
        for hex_, city in sorted(placed, key=lambda place: (self._city_value(place[0]), place[0]), reverse=True):
            self._unplace(company, hex_, "nationalisation", city)
            if self._rsr_takes(hex_):
                self._place(RSR, (hex_, city), "nationalisation")
        self._hand_over(company, RSR)
        self.state.closed.add(company)
        if company in self.facts.majors:
            # A nationalised major is reset: it may be formed again later (section 5).
            self.state.started.discard(company)

    def _rsr_takes(self, hex_: str) -> bool:
        """Whether the RSR puts a token where a nationalised company's token was (15.3)."""
        if any(place[0] == hex_ for place in self.state.tokens.get(RSR, ())):
            return False
        if len(self.state.tokens.get(RSR, ())) >= self.facts.rsr_tokens:
            return False
        if hex_ in self.state.rsr_reservations:
            self.state.rsr_reservations.discard(hex_)
            return True
        unplaced = self.facts.rsr_tokens - len(self.state.tokens.get(RSR, ()))
        return unplaced > len(self.state.rsr_reservations)

    def _finish_trainless_turn(self, position: int, action: Action) -> None:
        """Walk helper for 12.10: a company leaving its turn trainless, never to act again."""
        company = action["entity"] if _is_company(action) else None
        if company is None or company == RSR or self.last_acted.get(company) != position:
            return
        if company not in self.state.started or company in self.state.closed or self.state.trains_of(company):
            return
        if action["type"] in {"convert", "merge", "par"}:
            return
        self._nationalise(company, "it finished its turn without a train (12.10)")

    # ----- the RSR's own tokens -------------------------------------------------------

    def _rsr_home(self) -> None:
        """Section 6: the St Petersburg token, when the RSR first operates, unless it has one there.

        The RSR operates last in every OR of phases 4 to 7, so its first turn is at the end of
        the OR in which phase 4 began (``_operating_round_ended``); its first run is a fallback.
        """
        hex_, city = _ST_PETERSBURG
        if hex_ not in self.state.rsr_reservations:
            return
        self.state.rsr_reservations.discard(hex_)
        if not any(place[0] == hex_ for place in self.state.tokens.get(RSR, ())):
            self._place(RSR, (hex_, city), "rsr_home")

    def _rsr_moscow(self) -> None:
        self.state.rsr_reservations.discard(_MOSCOW)
        if not any(place[0] == _MOSCOW for place in self.state.tokens.get(RSR, ())):
            self._place(RSR, (_MOSCOW, 0), "rsr_moscow")

    # ----- tokens ---------------------------------------------------------------------

    def _place(self, company: str, city: tuple[str, int], kind: TokenKind, price: int = 0) -> None:
        self.state.tokens.setdefault(company, []).append(city)
        if company == RSR and city[0] == _ST_PETERSBURG[0]:
            self.state.rsr_reservations.discard(city[0])
        self._emit(TokenPlaced(self.at, company, city[0], city[1], kind, self.state.phase, price))

    def _unplace(self, company: str, hex_: str, reason: str, city: int) -> None:
        placed = self.state.tokens.get(company, [])
        match = next((place for place in placed if place == (hex_, city)), None)
        match = match or next((place for place in placed if place[0] == hex_), None)
        if match is None:
            return
        placed.remove(match)
        self._emit(TokenRemoved(self.at, company, match[0], match[1], reason))  # type: ignore[arg-type]

    def _follow_merged_cities(self, hex_: str, number: str) -> None:
        """Tokens in K, M and S move to the one big city when the tile has only one (12.3)."""
        if self.facts.city_counts.get(number) != 1:
            return
        for places in self.state.tokens.values():
            places[:] = [(h, 0) if h == hex_ else (h, c) for h, c in places]

    def _city(self, city_id: str) -> tuple[str, int]:
        """``"57-1-0"`` or ``"F18-0-0"`` -> (hex, city index)."""
        tile_id, index = city_id.rsplit("-", 1)
        if tile_id[0].isalpha():
            return tile_id.split("-", 1)[0], int(index)
        for hex_, (_, copy, _) in self.state.tiles.items():
            if copy == tile_id:
                return hex_, int(index)
        raise ValueError(f"tile {tile_id} is not on the map, yet a token is placed on it")

    def _city_value(self, hex_: str) -> int:
        tile = self.state.tiles.get(hex_)
        return self.facts.city_values.get(tile[0] if tile else hex_, 0)

    def _emit(self, event: MapEvent) -> None:
        self.events.append(event)


def _is_company(action: Action) -> bool:
    return action.get("entity_type") == "corporation"
