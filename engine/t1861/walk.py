"""The map walk: a recorded 1861 game's effective actions turned into map events, in order.

Part 1 proves the map layer on real games without the rounds and companies of part 2, so
this module follows only what the map needs: tiles, tokens (bought, home, moved by
conversions, mergers and nationalisations), the phase, and which trains and privates each
company holds when it runs.  The rules it applies for that are **walk helpers**, kept
minimal and named as such; part 2's real rounds replace them:

- operating order is read from the record (the order companies last began a turn), not
  from share prices: ``market_tokens.operating_order`` needs every price token's cell and
  arrival, and prices move on dividends (revenue against price), share sales, sold-out
  companies and one step left per loan at nationalisation, which need the cash and loans the
  walk does not follow;
- a company is taken to have finished its operating turn without a train (12.10) when it
  owns none after its turn and never acts again;
- the RSR's unrecorded train purchases come from ``walk_rsr_purchases`` (the walk follows no
  money, so it cannot run ``train_purchase.rsr_purchases`` itself);
- the depot is a 3-to-6-player one (the walk does not read the player count).

Everything else is the rules modules the rounds use too: the depot's selling order
(``depot``), phases, rusting and events (``phase_changes``), the trainless check, the RSR's
tokens and their order (``nationalisation``), a major's token charter after conversion or
merger (``merger_tokens``, 23 R3); and the rules reference for homes (sections 4, 6, 10.4).
A bank sale the depot would not make is a malformed record.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace

from engine.core.errors import IllegalAction
from engine.t1861.depot import Depot, discard, new_depot, rust, sell, train_type_of
from engine.t1861.export import Action, MalformedExport
from engine.t1861.merger_tokens import (
    Charter,
    converted_tokens,
    finish_formation,
    merged_tokens,
    needs_reduction,
    new_charter,
    next_token_price,
    place_token,
    placed,
    remove_token,
)
from engine.t1861.nationalisation import (
    RsrTokens,
    TrainlessCandidate,
    answer_nationalises,
    hand_over_tokens,
    minors_in_play,
    token_order,
    trainless_check,
)
from engine.t1861.phase_changes import (
    ALL_MINORS_NATIONALISED,
    MINORS_CANNOT_START,
    PRIVATES_NATIONALISED,
    TRAINLESS_NATIONALISATION,
    first_purchase,
)
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
from engine.t1861.walk_facts import RSR, WalkFacts, walk_facts
from engine.t1861.walk_rsr_purchases import rsr_purchases

_MOSCOW = "H8"
_ST_PETERSBURG = ("E1", 1)
_MOSCOW_GRAY = "639"
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
    # Reserved RSR hexes whose token is still unused (section 6).
    rsr_reserved: tuple[str, ...] = field(default_factory=lambda: RsrTokens.at_start().reserved)
    turn_began: dict[str, int] = field(default_factory=dict)
    lays_this_turn: int = 0
    depot: Depot = field(default_factory=new_depot)
    # Major -> its token charter (23 R3); majors still removing tokens after a merger.
    charters: dict[str, Charter] = field(default_factory=dict)
    reducing: set[str] = field(default_factory=set)
    # Trainless majors whose presidents are still to answer, in operating order (15.2, R4).
    trainless_offers: tuple[str, ...] = ()

    def trains_of(self, company: str) -> tuple[str, ...]:
        """The trains ``company`` owns now, in id order."""
        return tuple(sorted(train for train, owner in self.trains.items() if owner == company))

    def privates_of(self, company: str) -> tuple[str, ...]:
        """The privates ``company`` owns now."""
        return tuple(sorted(private for private, owner in self.privates.items() if owner == company))

    def operating_order(self, companies: set[str]) -> list[str]:
        """Walk helper: ``companies`` in the order they last began a turn.

        Not ``market_tokens.operating_order``: the walk knows no price tokens (module docstring)."""
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
        except (KeyError, ValueError, TypeError, IllegalAction) as error:
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
        self.state.charters[action["corporation"]] = new_charter()

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
        if number == _MOSCOW_GRAY and _MOSCOW in self.state.rsr_reserved:
            self._rsr_moscow()

    def _on_place_token(self, action: Action) -> None:
        company, city = action["entity"], self._city(action["city"])
        if company not in self.facts.majors:
            self._place(company, city, "bought")
            return
        charter = self.state.charters.get(company) or new_charter()
        kind: TokenKind = "bought" if placed(charter) else "home"
        price = next_token_price(charter)
        self.state.charters[company] = place_token(charter, city)
        self._place(company, city, kind, price or 0)

    def _on_remove_token(self, action: Action) -> None:
        company, (hex_, city) = action["entity"], self._city(action["city"])
        if company in self.state.charters:
            charter = remove_token(self.state.charters[company], (hex_, city))
            if company in self.state.reducing and not needs_reduction(charter):
                self.state.reducing.discard(company)
                charter = finish_formation(charter, reduced=True)
            self.state.charters[company] = charter
        self._unplace(company, hex_, "action", city)

    def _on_buy_train(self, action: Action) -> None:
        self._buy_train(action["entity"], action["train"])

    def _on_discard_train(self, action: Action) -> None:
        self.state.trains[action["train"]] = None
        self.state.depot = discard(self.state.depot, action["train"])

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
        if action["entity"] in self.state.trainless_offers:
            self._answer_trainless_offer(action)
        elif action.get("choice") == "nationalize":
            self._nationalise(action["entity"], "its president chose nationalisation (15.2)")

    def _on_pass(self, action: Action) -> None:
        if action["entity"] in self.state.trainless_offers:
            self._answer_trainless_offer(action)

    def _answer_trainless_offer(self, action: Action) -> None:
        """15.2, R4: a pending major's answer; ``pass`` declines.

        Walk helper: the rounds take the answers strictly in operating order; the walk's order
        is not the market's, so it accepts the pending majors' answers in the record's order."""
        major = action["entity"]
        self.state.trainless_offers = tuple(m for m in self.state.trainless_offers if m != major)
        if answer_nationalises(action):
            self._nationalise(major, "its president chose nationalisation (15.2)")

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
        if self.state.trains.get(train) is None:
            # From the bank: its supply in selling order, or the open market (section 16).
            self.state.depot = sell(self.state.depot, train, self.state.phase)
        self.state.trains[train] = company
        kind = train_type_of(train)
        effects = first_purchase(kind, self.state.phase, frozenset(self.state.sold_types))
        self.state.sold_types.add(kind)
        if effects is None:
            return
        if effects.phase:
            self.state.phase = effects.phase
            self._emit(PhaseChanged(self.at, effects.phase))
        for rusting in effects.rusts:
            self._rust(rusting)
        self._fire(effects.events, kind)

    def _fire(self, events: tuple[str, ...], kind: str) -> None:
        """Section 16's order after rusting: the events, then the trainless check."""
        if MINORS_CANNOT_START in events:
            self._remove_unstarted_minors()
        if PRIVATES_NATIONALISED in events:
            # Section 3: every private, whoever held it, passes to the RSR.
            self.state.privates = dict.fromkeys(self.facts.privates, RSR)
        if ALL_MINORS_NATIONALISED in events:
            for minor in minors_in_play(self._candidates()):
                self._nationalise(minor, "all minors are nationalised at the first 8-train (15.1)")
        if TRAINLESS_NATIONALISATION in events:
            check = trainless_check(self._candidates())
            for minor in check.minors:
                self._nationalise(minor, f"it owned no train after the first {kind}-train (15.1)")
            self.state.trainless_offers = check.majors

    def _candidates(self) -> list[TrainlessCandidate]:
        """Companies in play, in the walk's operating order: minors, then majors (7.4)."""
        majors = {m for m in self.facts.majors if m in self.state.started and m not in self.state.closed}
        return [
            TrainlessCandidate(
                company,
                "minor" if company in self.facts.minor_homes else "major",
                company in self.state.turn_began,
                bool(self.state.trains_of(company)),
            )
            for group in (self._live_minors(), majors)
            for company in self.state.operating_order(group)
        ]

    def _rust(self, kind: str) -> None:
        rusted = tuple(sorted(t for t, owner in self.state.trains.items() if owner and train_type_of(t) == kind))
        for train in rusted:
            self.state.trains[train] = None
        self.state.depot = rust(self.state.depot, kind)
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
        """Section 14: the minors' tokens, trains and privates become the major's.

        Tokens follow 23 R3 (``merger_tokens``): minors in operating order, a second minor in a
        city the major already holds leaves no token of its own there."""
        self.state.started.add(major)
        self.state.closed.discard(major)
        ordered = self.state.operating_order(set(minors)) if len(minors) > 1 else minors
        cities = [city for minor in ordered for city in self.state.tokens.get(minor, ())]
        charter = converted_tokens(cities[0]) if len(minors) == 1 and cities else merged_tokens(cities)
        for minor in ordered:
            for hex_, city in list(self.state.tokens.get(minor, ())):
                self.state.tokens[minor].remove((hex_, city))
                if (hex_, city) in self.state.tokens.get(major, ()):
                    self._emit(TokenRemoved(self.at, minor, hex_, city, "merger"))
                    continue
                self.state.tokens.setdefault(major, []).append((hex_, city))
                self._emit(TokenTransferred(self.at, minor, major, hex_, city))
            self._hand_over(minor, major)
            self.state.closed.add(minor)
        if needs_reduction(charter):
            self.state.reducing.add(major)
        else:
            charter = finish_formation(charter, reduced=False)
        self.state.charters[major] = charter

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
        cities = list(self.state.tokens.get(company, []))
        rsr, taken = hand_over_tokens(self._rsr_tokens(), cities, self._city_value)
        for hex_, city in token_order(cities, self._city_value):
            self._unplace(company, hex_, "nationalisation", city)
            if (hex_, city) in taken:
                self._place(RSR, (hex_, city), "nationalisation")
        self.state.rsr_reserved = rsr.reserved
        self._hand_over(company, RSR)
        self.state.closed.add(company)
        self.state.trainless_offers = tuple(m for m in self.state.trainless_offers if m != company)
        if company in self.facts.majors:
            # A nationalised major is reset: it may be formed again later (section 5).
            self.state.started.discard(company)
            self.state.charters.pop(company, None)
            self.state.reducing.discard(company)

    def _rsr_tokens(self) -> RsrTokens:
        return RsrTokens(tuple(self.state.tokens.get(RSR, ())), self.state.rsr_reserved)

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
        self._reserved_token(_ST_PETERSBURG, "rsr_home")

    def _rsr_moscow(self) -> None:
        self._reserved_token((_MOSCOW, 0), "rsr_moscow")

    def _reserved_token(self, city: tuple[str, int], kind: TokenKind) -> None:
        before = self._rsr_tokens()
        after = before.with_reserved_token(city)
        self.state.rsr_reserved = after.reserved
        if len(after.placed) > len(before.placed):
            self._place(RSR, city, kind)

    # ----- tokens ---------------------------------------------------------------------

    def _place(self, company: str, city: tuple[str, int], kind: TokenKind, price: int = 0) -> None:
        self.state.tokens.setdefault(company, []).append(city)
        if company == RSR:
            self.state.rsr_reserved = tuple(hex_ for hex_ in self.state.rsr_reserved if hex_ != city[0])
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
        for major, charter in self.state.charters.items():
            self.state.charters[major] = tuple(
                replace(token, city=(hex_, 0)) if token.city and token.city[0] == hex_ else token
                for token in charter
            )

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
