"""The route optimiser: the company's route set with the highest total revenue.

``best_routes(network, company, trains, bonuses)`` is the answer offered by default in the
run prompt, so it must be legal, best and quick.  It works in four steps:

1. **Links.**  Track between two stops with no stop in between is walked once into
   *links* (stop to stop, with the pieces of track they occupy as a bit mask).
2. **Best single routes.**  For each train type, a depth-first search over links from the
   company's token cities finds its best route; a partial route is cut as soon as even
   the best imaginable completion (every remaining allowance filled with the board's best
   stop value) cannot beat what was already found.
3. **A floor.**  Trains are given routes greedily (best train first, each avoiding the
   track of the ones before); that legal set's revenue is a floor for the answer, so a
   train's route is only worth considering when, with every other train at its own best,
   it would still reach the floor.  All such routes are collected, one per track set.
4. **Combination.**  A branch-and-bound over the trains (most valuable first) picks one
   candidate each with pairwise disjoint track, bounded by the other trains' best.

Each search runs under a work limit (steps of the search); if a limit is hit the answer is
the best legal set found so far and ``RouteSet.proven_best`` is False.  Every answer is
checked by :func:`engine.t1861.routes.check_routes` before it is returned, so the
optimiser can never offer a route set the checker would refuse.  Ties go to the first set
found in a fixed search order (stops and links sorted by id), so the answer is
deterministic.

A route through a token city T is searched as two *arms* leaving T on disjoint track;
the second arm must start on a later link than the first, so each route is met once per
token city on it.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations, permutations
from threading import Lock

from engine.t1861.network import Network, Segment, Stop
from engine.t1861.revenue import Bonuses, BonusesGiven, as_bonuses, count_route
from engine.t1861.routes import RouteError, RoutePlan, RouteSet, check_routes, track_pieces
from engine.t1861.trains import Train

# Search steps (links tried) allowed for one company's turn, all searches together (about
# a second on the 2-core machine); a search started when the budget is spent still gets
# GREEDY_STEPS so that every train that can run gets a route.  COMBINE_LIMIT caps the
# candidate pairs tried when combining.
STEP_LIMIT = 250_000
GREEDY_STEPS = 3_000
COMBINE_LIMIT = 200_000


def best_routes(
    network: Network,
    company: str,
    trains: Sequence[Train],
    bonuses: BonusesGiven = None,
    *,
    step_limit: int = STEP_LIMIT,
) -> RouteSet:
    """The highest-revenue legal route set for ``company``'s ``trains`` on ``network``.

    ``step_limit`` is the work budget (links tried over all searches); when it runs out
    the best legal set found is returned with ``proven_best`` False.

    ``bonuses`` is either a mapping hex -> private bonus per route counting that hex (the
    caller sums the company's privates: ``{"H8": 20}`` for MYR and MRR) or a full
    :class:`Bonuses`; the Ekaterinburg-Moscow bonus is included unless a ``Bonuses``
    without it is passed.  The result's routes are in the order of ``trains``, leaving
    out trains that cannot run; ``RouteSet.revenue`` is their total.
    """
    rules = as_bonuses(bonuses)
    if not trains:
        return RouteSet((), 0)
    board = _Board(network, company, rules)
    if not board.tokens:
        return RouteSet((), 0)
    chosen, proven = _Planner(board, list(trains), step_limit).plan()
    plans = [RoutePlan(train, board.segments_of(route)) for train, route in chosen if route is not None]
    return _checked(network, company, plans, rules, proven)


def _checked(network: Network, company: str, plans: list[RoutePlan], rules: Bonuses, proven: bool) -> RouteSet:
    """The plans as the checker counts them.

    Should the checker ever refuse the search's answer (a bug, never seen in the tests),
    the answer falls back to the plans it accepts one by one, so a run prompt is never
    offered an illegal set and never fails.
    """
    try:
        checked = check_routes(network, company, plans, rules)
    except RouteError:
        kept: list[RoutePlan] = []
        for plan in plans:
            try:
                check_routes(network, company, [*kept, plan], rules)
            except RouteError:
                continue
            kept.append(plan)
        checked, proven = check_routes(network, company, kept, rules), False
    return RouteSet(checked.routes, checked.revenue, proven)


class _Masks:
    """Each segment's pieces of track as bits, numbered as the walk first meets them.

    Bits are only combined and compared for overlap and equality, so any one-to-one
    numbering gives the same search; numbering on demand skips the track no link uses.
    """

    def __init__(self, network: Network) -> None:
        self.network = network
        self.pieces: dict[str, int] = {}
        self.masks: dict[str, int] = {}

    def of(self, segment: Segment) -> int:
        mask = self.masks.get(segment.id)
        if mask is None:
            mask = 0
            for piece in track_pieces(self.network, segment):
                mask |= 1 << self.pieces.setdefault(piece, len(self.pieces))
            self.masks[segment.id] = mask
        return mask


class _Walks:
    """A network's links by start stop (its index among the stops sorted by id), walked when
    first needed.  Walking depends on the track alone, not on the company, so every company
    searching one board (the route probe of each turn, the run prompt after it) shares them."""

    def __init__(self, network: Network) -> None:
        self.masks = _Masks(network)
        self.links: dict[int, list[tuple[int, int, int, tuple[str, ...]]]] = {}
        self.lock = Lock()


def _walks_of(network: Network) -> _Walks:
    for kept, walks in list(_RECENT_WALKS):  # a copy: the service searches in threads
        if kept is network:
            return walks
    walks = _Walks(network)
    _RECENT_WALKS.insert(0, (network, walks))  # the network is kept, so its identity stays its own
    del _RECENT_WALKS[4:]
    return walks


_RECENT_WALKS: list[tuple[Network, _Walks]] = []


def forget_walks() -> None:
    """Drop the kept walks (the tests compare a replay with and without this reuse)."""
    _RECENT_WALKS.clear()


@dataclass(frozen=True)
class _Link:
    """Track from one stop to the next, with no stop between."""

    number: int
    start: int
    end: int
    mask: int
    segments: tuple[str, ...]


@dataclass
class _Route:
    """A found route: its stops in order, its links in order, its track mask."""

    stops: tuple[int, ...]
    links: tuple[_Link, ...]
    mask: int
    revenue: dict[str, int] = field(default_factory=dict)  # by train name


class _Board:
    """The network reduced to numbers for the search: stops, pieces of track, links."""

    def __init__(self, network: Network, company: str, rules: Bonuses) -> None:
        self.network = network
        self.company = company
        self.rules = rules
        self.stops: list[Stop] = [network.stops[stop_id] for stop_id in sorted(network.stops)]
        self.number = {stop.id: index for index, stop in enumerate(self.stops)}
        hexes = {hex_id: index for index, hex_id in enumerate(sorted({stop.hex for stop in self.stops}))}
        areas = {area: index for index, area in enumerate(sorted({stop.area for stop in self.stops if stop.area}))}
        self.hex_bit = [1 << hexes[stop.hex] for stop in self.stops]
        self.area_bit = [1 << areas[stop.area] if stop.area else 0 for stop in self.stops]
        self.ends_route = [stop.kind == "offboard" or stop.is_blocked_for(company) for stop in self.stops]
        self.tokens = [index for index, stop in enumerate(self.stops) if company in stop.tokens]
        self.kind = [_KIND[stop.kind] for stop in self.stops]
        self.value = [stop.revenue for stop in self.stops]
        self.token = [company in stop.tokens for stop in self.stops]
        self.private = [rules.by_hex.get(stop.hex, 0) for stop in self.stops]
        pair_hexes = {hex_id for pair in rules.pairs for hex_id in (pair.bonus_hex, pair.with_hex)}
        # A stop whose counting decides a bonus beyond its own value: counted by count_route
        # when the route has to choose among such stops.
        self.special_town = [
            stop.kind == "town" and (stop.hex in pair_hexes or rules.by_hex.get(stop.hex, 0) > 0) for stop in self.stops
        ]
        bit_of = {stop.hex: self.hex_bit[index] for index, stop in enumerate(self.stops)}
        self.pair_bits = [
            (bit_of[pair.bonus_hex], bit_of[pair.with_hex], pair.amount)
            for pair in rules.pairs
            if pair.bonus_hex in bit_of and pair.with_hex in bit_of
        ]
        self.links_from = self._links()
        reachable = self._reachable()
        reached_hexes = {stop.hex for index, stop in enumerate(self.stops) if reachable[index]}
        self.pair_value = sum(
            p.amount for p in rules.pairs if p.bonus_hex in reached_hexes and p.with_hex in reached_hexes
        )
        self.best_private = max((self.private[i] for i in range(len(self.stops)) if reachable[i]), default=0)
        # Reachable stops, best first, for the bound: (value, hex bit, ends a route).
        self.pool = sorted(
            ((self.value[i], self.hex_bit[i], self.ends_route[i]) for i in range(len(self.stops)) if reachable[i]),
            key=lambda entry: -entry[0],
        )

    def _links(self) -> list[list[_Link]]:
        """The links the search can use: those leaving a token city or a stop a route can
        pass through on the way from one (``_reachable``'s rule).  The search never reads the
        links of any other stop, so walking only these (not the whole map) changes nothing
        in what it finds, only how long it takes to set up (issue 13).  Numbers keep the
        order of the whole map's links, which is all the search compares them by."""
        walks = _walks_of(self.network)
        found: list[tuple[int, int, int, tuple[str, ...]]] = []
        queued = [False] * len(self.stops)
        todo = list(self.tokens)
        for index in todo:
            queued[index] = True
        while todo:
            start = todo.pop()
            if self.ends_route[start] and start not in self.tokens:
                continue
            walked = walks.links.get(start)
            if walked is None:
                walked = self._walked_from(start, walks)
            found.extend(walked)
            for _, end, _, _ in walked:
                if not queued[end]:
                    queued[end] = True
                    todo.append(end)
        links_from: list[list[_Link]] = [[] for _ in self.stops]
        for number, (start, end, mask, segments) in enumerate(sorted(found, key=lambda f: (f[0], f[3]))):
            links_from[start].append(_Link(number, start, end, mask, segments))
        for links in links_from:  # the most valuable next stop first: good routes are found early
            links.sort(key=lambda link: (-self.stops[link.end].revenue, link.number))
        return links_from

    def _walked_from(self, start: int, walks: _Walks) -> list[tuple[int, int, int, tuple[str, ...]]]:
        """The links leaving stop ``start``, walked once per network.  The service replays in
        threads, so a walk (and the numbering of its track pieces) is done under the
        network's lock and published only when complete."""
        with walks.lock:
            walked = walks.links.get(start)
            if walked is None:
                walked = []
                stop_id = self.stops[start].id
                for segment in sorted(self.network.touching.get(stop_id, ()), key=lambda s: s.id):
                    self._walk(start, stop_id, segment, walks.masks, 0, (), walked)
                walks.links[start] = walked
            return walked

    def _walk(self, start: int, node: str, segment, masks, mask: int, segments: tuple[str, ...], found: list) -> None:
        """Follow ``segment`` away from ``node``; record a link at the next stop."""
        own = masks.of(segment)
        if own & mask:
            return
        mask |= own
        segments = (*segments, segment.id)
        other = segment.ends[1] if segment.ends[0] == node else segment.ends[0]
        if other in self.network.stops:
            end = self.number[other]
            if end != start:
                found.append((start, end, mask, segments))
            return
        for onward in sorted(self.network.touching.get(other, ()), key=lambda s: s.id):
            if onward.hex != segment.hex:
                self._walk(start, other, onward, masks, mask, segments, found)

    def segments_of(self, route: _Route) -> tuple[str, ...]:
        """The route's segments in travel order from its first stop (links may run backwards)."""
        here = route.stops[0]
        segments: list[str] = []
        for link in route.links:
            if link.start == here:
                segments.extend(link.segments)
                here = link.end
            else:
                segments.extend(reversed(link.segments))
                here = link.start
        return tuple(segments)

    def ceiling(self, train: Train, state: _State, open_ends: int) -> int:
        """The most ``train`` could earn on any completion of ``state`` with ``open_ends`` ends still free.

        The spare places are filled with the best values of stops still reachable in hexes
        the route has not touched, at most one stop that ends routes per free end: loose,
        but never too low.
        """
        multiplier = train.multiplier
        if train.express:
            room = train.allowance - state.offboards
            fill = self._fill(room, (*state.small, *state.city_values), state.hexes, open_ends)
            mandatory = state.offboard_value
            private = state.private + room * self.best_private
        else:
            big = state.cities + state.offboards
            if big > train.allowance:
                return -1
            room = train.allowance - big
            fill = self._fill(room, state.small, state.hexes, open_ends)
            mandatory = state.offboard_value + state.city_value
            private = state.private + room * self.best_private
        return multiplier * (mandatory + fill + self.pair_value) + private

    def _fill(self, room: int, visited: tuple[int, ...], hexes: int, open_ends: int) -> int:
        """The largest sum of ``room`` values from visited optional stops and stops still to come."""
        if room <= 0:
            return 0
        values = sorted(visited, reverse=True)[:room]
        if open_ends > 0:
            ends_left = open_ends
            taken = 0
            for value, hex_bit, ends_route in self.pool:
                if taken >= room:
                    break
                if hex_bit & hexes:  # a touched hex, or one already used by this fill (G4)
                    continue
                if ends_route:
                    if not ends_left:
                        continue
                    ends_left -= 1
                hexes |= hex_bit
                values.append(value)
                taken += 1
            values.sort(reverse=True)
        return sum(values[:room])

    def _reachable(self) -> list[bool]:
        """Stops a route from the company's tokens can reach (never passing a city that ends routes)."""
        seen = [False] * len(self.stops)
        todo = list(self.tokens)
        for index in todo:
            seen[index] = True
        while todo:
            here = todo.pop()
            if self.ends_route[here] and here not in self.tokens:
                continue
            for link in self.links_from[here]:
                if not seen[link.end]:
                    seen[link.end] = True
                    todo.append(link.end)
        return seen

    def revenue(self, state: _State, train: Train) -> int:
        """What ``train`` earns on the route ``state`` (-1 if it may not run it).

        The common cases are counted here from the running sums; a route where a bonus
        depends on which optional stops count goes to :func:`engine.t1861.revenue.count_route`.
        """
        if train.express:
            return self._express_revenue(state, train)
        big = state.cities + state.offboards
        if big > train.allowance:
            return -1
        room = train.allowance - big
        if len(state.small) <= room:
            fill, counted, private = sum(state.small), state.hexes, state.private + state.town_private
        elif state.special_towns:
            return self._slow(state.stops, train)
        else:
            fill = sum(sorted(state.small, reverse=True)[:room])
            counted, private = state.big_hexes, state.private
        pairs = sum(amount for first, second, amount in self.pair_bits if counted & first and counted & second)
        return train.multiplier * (state.city_value + state.offboard_value + fill + pairs) + private

    def _express_revenue(self, state: _State, train: Train) -> int:
        """The 5+5E's count, as :func:`engine.t1861.revenue.count_route` makes it, on numbers.

        Off-boards count; the rest of the allowance takes the best weights (value times
        multiplier plus private bonus), one of them a token stop, with or without each
        pair bonus's stops forced in.
        """
        route_stops = state.stops
        multiplier = train.multiplier
        offboards = [index for index in route_stops if self.kind[index] == _OFFBOARD]
        others = [index for index in route_stops if self.kind[index] != _OFFBOARD]
        room = train.allowance - len(offboards)
        weight = {index: multiplier * self.value[index] + self.private[index] for index in others}
        ranked = sorted(others, key=lambda index: (-weight[index], index))
        base = sum(multiplier * self.value[index] + self.private[index] for index in offboards)
        base_hexes = 0
        for index in offboards:
            base_hexes |= self.hex_bit[index]
        best = -1
        pairs_possible = any(state.hexes & first and state.hexes & second for first, second, _ in self.pair_bits)
        forcings = self._express_forcings(route_stops, others) if pairs_possible else [()]
        for forced in forcings:
            picked = self._express_pick(ranked, forced, room)
            if picked is None:
                continue
            hexes = base_hexes
            for index in picked:
                hexes |= self.hex_bit[index]
            pairs = (
                sum(amount for first, second, amount in self.pair_bits if hexes & first and hexes & second)
                if pairs_possible
                else 0
            )
            best = max(best, base + sum(weight[index] for index in picked) + multiplier * pairs)
        return best

    def _express_forcings(self, route_stops: tuple[int, ...], others: list[int]) -> list[tuple[int, ...]]:
        """Nothing forced, and each pair bonus's visited optional stops forced (both hexes visited)."""
        optional = {self.hex_bit[index]: index for index in others}
        visited = 0
        for index in route_stops:
            visited |= self.hex_bit[index]
        usable = [
            tuple(optional[bit] for bit in (first, second) if bit in optional)
            for first, second, _ in self.pair_bits
            if visited & first and visited & second
        ]
        return [
            tuple(sorted({index for pair in pairs for index in pair}))
            for size in range(len(usable) + 1)
            for pairs in combinations(usable, size)
        ]

    def _express_pick(self, ranked: list[int], forced: tuple[int, ...], room: int) -> list[int] | None:
        if len(forced) > room:
            return None
        picked = [*forced, *[index for index in ranked if index not in forced][: room - len(forced)]]
        if any(self.token[index] for index in picked):
            return picked
        spare = [index for index in ranked if self.token[index] and index not in picked]
        if not spare or room - len(forced) < 1:
            return None
        return [*picked[: room - 1], spare[0]] if len(picked) == room else [*picked, spare[0]]

    def _pairs(self, counted_hexes: set[str]) -> int:
        return sum(
            pair.amount
            for pair in self.rules.pairs
            if pair.bonus_hex in counted_hexes and pair.with_hex in counted_hexes
        )

    def _slow(self, route_stops: tuple[int, ...], train: Train) -> int:
        stops = [self.stops[index] for index in route_stops]
        return count_route(stops, train, self.company, self.rules).revenue


_CITY, _TOWN, _OFFBOARD = 0, 1, 2
_KIND = {"city": _CITY, "town": _TOWN, "offboard": _OFFBOARD}


@dataclass(slots=True)
class _State:
    """A partial route: its stops and links, and the running sums the bounds need."""

    stops: tuple[int, ...]
    links: tuple[_Link, ...]
    mask: int
    hexes: int
    areas: int
    offboards: int = 0  # count
    offboard_value: int = 0
    cities: int = 0
    city_value: int = 0
    private: int = 0  # private bonuses of the cities and off-boards visited
    small: tuple[int, ...] = ()  # values of visited towns
    big_hexes: int = 0  # hex bits of the visited cities and off-boards (which always count)
    town_private: int = 0  # private bonuses of the visited towns
    special_towns: int = 0  # visited towns whose counting decides a bonus
    city_values: tuple[int, ...] = ()  # values of visited cities (the express chooses among them)


class _Search:
    """Depth-first search for routes of some train types, above a revenue floor per type."""

    def __init__(
        self, board: _Board, trains: list[Train], floors: dict[str, int], avoid: int, steps: int, keep_all: bool
    ):
        self.board = board
        self.trains = trains
        self.floors = dict(floors)
        self.avoid = avoid
        self.steps_left = steps
        self.keep_all = keep_all  # collect every route at or above the floors, else only improvements
        self.found: dict[int, _Route] = {}
        self.best: dict[str, _Route] = {}
        self.complete = True
        self.max_big = max((t.allowance for t in trains if not t.express), default=0)
        self.any_express = any(t.express for t in trains)
        self.seen: set[int] = set()
        self.on_found: Callable[[_Search, _Route], None] | None = None  # told of each kept route

    def run(self) -> None:
        board = self.board
        for token in board.tokens:
            state = self._start(token)
            if state is not None:
                self._arm(token, state)
            if not self.complete:
                return

    def _start(self, token: int) -> _State | None:
        board = self.board
        state = _State((token,), (), self.avoid, board.hex_bit[token], board.area_bit[token])
        return self._add(state, token, state.stops)

    def _add(self, state: _State, index: int, stops: tuple[int, ...]) -> _State:
        board = self.board
        kind = board.kind[index]
        value = board.value[index]
        town = kind == _TOWN
        grown = _State(
            stops=stops,
            links=state.links,
            mask=state.mask,
            hexes=state.hexes | board.hex_bit[index],
            areas=state.areas | board.area_bit[index],
            offboards=state.offboards,
            offboard_value=state.offboard_value,
            cities=state.cities,
            city_value=state.city_value,
            private=state.private,
            small=state.small,
            big_hexes=state.big_hexes | (0 if town else board.hex_bit[index]),
            town_private=state.town_private + (board.private[index] if town else 0),
            special_towns=state.special_towns + board.special_town[index],
            city_values=state.city_values,
        )
        if kind == _OFFBOARD:
            grown.offboards += 1
            grown.offboard_value += value
            grown.private += board.private[index]
        elif kind == _CITY:
            grown.cities += 1
            grown.city_value += value
            grown.private += board.private[index]
            if self.any_express:
                grown.city_values = (*state.city_values, value)
        else:
            grown.small = (*state.small, value)
        return grown

    def _tick(self) -> bool:
        self.steps_left -= 1
        if self.steps_left < 0:
            self.complete = False
        return self.complete

    def _arm(self, token: int, state: _State) -> None:
        """Grow the first arm from ``token``; at each length, try every second arm."""
        if len(state.stops) > 1:
            self._record(state)
            self._second(token, state, (), state.links[0].number)
        end = state.stops[-1]
        if len(state.stops) > 1 and self.board.ends_route[end]:
            return
        for link in self.board.links_from[end]:
            if not self._tick():
                return
            grown = self._extend(state, link, front=False, open_ends=2)
            if grown is not None:
                self._arm(token, grown)

    def _second(self, token: int, state: _State, links2: tuple[_Link, ...], first: int) -> None:
        end = links2[-1].end if links2 else token
        if links2 and self.board.ends_route[end]:
            return
        for link in self.board.links_from[end]:
            if not links2 and link.number <= first:
                continue
            if not self._tick():
                return
            grown = self._extend(state, link, front=True, open_ends=1)
            if grown is None:
                continue
            self._record(grown)
            self._second(token, grown, (*links2, link), first)

    def _extend(self, state: _State, link: _Link, front: bool, open_ends: int) -> _State | None:
        """The state grown by ``link`` (at the back, or at the front), or None if illegal or hopeless."""
        board = self.board
        end = link.end
        if link.mask & state.mask or board.hex_bit[end] & state.hexes or board.area_bit[end] & state.areas:
            return None
        if not self.any_express and board.kind[end] != _TOWN and state.cities + state.offboards >= self.max_big:
            return None
        stops = (end, *state.stops) if front else (*state.stops, end)
        grown = self._add(state, end, stops)
        grown.mask = state.mask | link.mask
        grown.links = (link, *state.links) if front else (*state.links, link)
        if not self._promising(grown, open_ends if not board.ends_route[end] else open_ends - 1):
            return None
        return grown

    def _promising(self, state: _State, open_ends: int) -> bool:
        """Whether some train could still reach its floor on some completion of ``state``."""
        board = self.board
        return any(board.ceiling(train, state, open_ends) >= self.floors[train.name] for train in self.trains)

    def _record(self, state: _State) -> None:
        mask = state.mask
        if mask in self.seen:
            return
        self.seen.add(mask)
        board = self.board
        revenues: dict[str, int] = {}
        worth = False
        for train in self.trains:
            floor = self.floors[train.name]
            if floor > 0 and board.ceiling(train, state, 0) < floor:
                revenues[train.name] = -1  # below this train's floor: never one of its candidates
                continue
            revenue = board.revenue(state, train)
            revenues[train.name] = revenue
            worth = worth or revenue >= max(floor, 0)
        if not worth:
            return
        route = _Route(state.stops, state.links, mask, revenues)
        for train in self.trains:
            revenue = revenues[train.name]
            if revenue < 0 or revenue < self.floors[train.name]:
                continue
            best = self.best.get(train.name)
            if best is None or revenue > best.revenue[train.name]:
                self.best[train.name] = route
                if not self.keep_all:
                    self.floors[train.name] = revenue + 1
        if self.keep_all:
            self.found[mask] = route
            if self.on_found is not None:
                self.on_found(self, route)


class _Planner:
    """Steps 2 to 4 of the module docstring for one company's trains."""

    def __init__(self, board: _Board, trains: list[Train], step_limit: int) -> None:
        self.board = board
        self.trains = trains
        self.steps_left = step_limit
        self.proven = True

    def plan(self) -> tuple[list[tuple[Train, _Route | None]], bool]:
        kinds = _kinds(self.trains)
        best: dict[str, _Route] = {}
        for group in _groups(kinds):
            best.update(self._search(group, {t.name: 0 for t in group}, 0, keep_all=False).best)
        if not best:
            return [(train, None) for train in self.trains], self.proven
        if len(self.trains) == 1:
            return [(self.trains[0], best.get(self.trains[0].name))], self.proven
        greedy = self._greedy(best)
        floor = sum(_earned(route, train) for train, route in greedy)
        tops = {t.name: best[t.name].revenue[t.name] if t.name in best else 0 for t in kinds}
        total_top = sum(tops[train.name] for train in self.trains)
        pairing = _Pairing(self.trains, greedy, floor, tops) if len(self.trains) == 2 else None
        candidates: dict[int, _Route] = {}
        for group in _groups(kinds):
            floors = {t.name: max((pairing.floor if pairing else floor) - (total_top - tops[t.name]), 0) for t in group}
            for mask, route in self._search(group, floors, 0, keep_all=True, on_found=pairing).found.items():
                if mask in candidates:
                    candidates[mask].revenue.update(route.revenue)
                else:
                    candidates[mask] = route
        if pairing is not None:
            greedy, floor = pairing.chosen, pairing.floor
        combined = _Combiner(self.trains, list(candidates.values()), greedy, floor).run()
        self.proven = self.proven and combined.complete
        return combined.chosen, self.proven

    def _search(
        self,
        kinds: list[Train],
        floors: dict[str, int],
        avoid: int,
        keep_all: bool,
        proof: bool = True,
        on_found: Callable[[_Search, _Route], None] | None = None,
    ) -> _Search:
        """One search; ``proof``: whether stopping at the work limit leaves the answer unproven."""
        allowed = max(self.steps_left, 0 if proof else GREEDY_STEPS)
        search = _Search(self.board, kinds, floors, avoid, allowed, keep_all)
        search.on_found = on_found
        search.run()
        self.steps_left -= allowed - max(search.steps_left, 0)
        if proof:
            self.proven = self.proven and search.complete
        return search

    def _greedy(self, best: dict[str, _Route]) -> list[tuple[Train, _Route | None]]:
        """A good legal set to start from: greedy in each order of the trains, then improved.

        Greedy gives the trains routes one after another, each the best avoiding the track
        already taken; then each train in turn looks for a better route avoiding the
        others' track, until none finds one.  The best set found is the floor.
        """
        chosen: list[_Route | None] | None = None
        for order in _orders(self.trains):
            picks = self._improved(self._greedy_in(order, best))
            if chosen is None or _total(self.trains, picks) > _total(self.trains, chosen):
                chosen = picks
        assert chosen is not None
        return list(zip(self.trains, chosen, strict=True))

    def _greedy_in(self, order: Sequence[int], best: dict[str, _Route]) -> list[_Route | None]:
        taken = 0
        chosen: list[_Route | None] = [None] * len(self.trains)
        for position in order:
            train = self.trains[position]
            route = best.get(train.name)
            if route is None or route.mask & taken:
                route = self._search([train], {train.name: 0}, taken, keep_all=False, proof=False).best.get(train.name)
            chosen[position] = route
            if route is not None:
                taken |= route.mask
        return chosen

    def _improved(self, chosen: list[_Route | None]) -> list[_Route | None]:
        chosen = list(chosen)
        for _ in range(len(self.trains) + 1):
            if self.steps_left <= 0:  # the budget is spent: keep the greedy set
                break
            better = False
            for position, train in enumerate(self.trains):
                others = 0
                for other, route in enumerate(chosen):
                    if other != position and route is not None:
                        others |= route.mask
                floor = _earned(chosen[position], train) + 1
                found = self._search([train], {train.name: floor}, others, keep_all=False, proof=False).best
                if train.name in found:
                    chosen[position] = found[train.name]
                    better = True
            if not better:
                break
        return chosen


def _orders(trains: list[Train]) -> list[tuple[int, ...]]:
    """Each distinct order of the trains by type (all of them for up to three trains)."""
    if len(trains) > 3:
        return [tuple(sorted(range(len(trains)), key=lambda i: -trains[i].allowance))]
    orders: dict[tuple[str, ...], tuple[int, ...]] = {}
    for order in permutations(range(len(trains))):
        orders.setdefault(tuple(trains[i].name for i in order), order)
    return list(orders.values())


def _total(trains: list[Train], chosen: Sequence[_Route | None]) -> int:
    return sum(_earned(route, train) for train, route in zip(trains, chosen, strict=True))


class _Pairing:
    """For two trains: pairs each candidate as it is found with the best disjoint one so far.

    A better pair raises the floor at once, and with it every train's floor in the running
    search, so the collection of candidates tightens as it goes.  Only the best
    ``PARTNERS`` candidates of the other train are tried for each new one.
    """

    PARTNERS = 40

    def __init__(
        self, trains: list[Train], chosen: list[tuple[Train, _Route | None]], floor: int, tops: dict[str, int]
    ):
        self.trains = trains
        self.chosen = chosen
        self.floor = floor
        self.tops = tops
        self.ranked: dict[str, list[tuple[int, int, _Route]]] = {train.name: [] for train in trains}
        self.count = 0

    def __call__(self, search: _Search, route: _Route) -> None:
        first, second = self.trains
        for mine, other, order in ((first, second, (0, 1)), (second, first, (1, 0))):
            revenue = route.revenue.get(mine.name, -1)
            if revenue <= 0:
                continue
            for _, _, partner in self.ranked[other.name][: self.PARTNERS]:
                if partner.mask & route.mask:
                    continue
                total = revenue + partner.revenue[other.name]
                if total > self.floor:
                    pair = (route, partner) if order == (0, 1) else (partner, route)
                    self._raise(search, total, pair)
                break
        self.count += 1
        for train in {train.name: train for train in self.trains}.values():
            revenue = route.revenue.get(train.name, -1)
            if revenue > 0:
                ranked = self.ranked[train.name]
                insort(ranked, (-revenue, self.count, route))
                del ranked[self.PARTNERS :]  # only the best are ever tried

    def _raise(self, search: _Search, total: int, pair: tuple[_Route, _Route]) -> None:
        self.floor = total
        self.chosen = list(zip(self.trains, pair, strict=True))
        top_total = sum(self.tops[train.name] for train in self.trains)
        for name, top in self.tops.items():
            if name in search.floors:
                search.floors[name] = max(search.floors[name], total - (top_total - top))


def _groups(kinds: list[Train]) -> list[list[Train]]:
    """Kinds searched together: the ordinary trains share one search, the express its own.

    Ordinary trains prune on their allowance; the 5+5E's routes can be any length, so a
    joint search could prune for neither.
    """
    groups = [[kind for kind in kinds if not kind.express], [kind for kind in kinds if kind.express]]
    return [group for group in groups if group]


def _kinds(trains: list[Train]) -> list[Train]:
    kinds: dict[str, Train] = {}
    for train in trains:
        kinds.setdefault(train.name, train)
    return list(kinds.values())


def _earned(route: _Route | None, train: Train) -> int:
    return max(route.revenue.get(train.name, 0), 0) if route is not None else 0


class _Combiner:
    """Branch-and-bound choice of one candidate per train with disjoint track."""

    def __init__(self, trains: list[Train], candidates: list[_Route], greedy, floor: int) -> None:
        self.order = sorted(range(len(trains)), key=lambda i: (trains[i].name, i))
        self.trains = trains
        self.lists: dict[str, list[_Route]] = {}  # each train name's usable candidates, best first
        for train in trains:
            if train.name not in self.lists:
                usable = [route for route in candidates if route.revenue.get(train.name, -1) > 0]
                usable.sort(key=lambda route: (-route.revenue[train.name], route.stops))
                self.lists[train.name] = usable
        self.order.sort(key=lambda i: -(self._top(trains[i])))
        # The best the trains from each depth on could add (their top candidates), fixed once
        # the lists are: the bound the search prunes by at every step.
        tops = [self._top(trains[i]) for i in self.order]
        self.rest = [sum(tops[depth:]) for depth in range(len(tops) + 1)]
        self.chosen = greedy
        self.best = floor
        self.steps_left = COMBINE_LIMIT
        self.complete = True

    def _top(self, train: Train) -> int:
        usable = self.lists[train.name]
        return usable[0].revenue[train.name] if usable else 0

    def run(self) -> _Combiner:
        self._choose(0, 0, 0, {}, {})
        return self

    def _choose(
        self, depth: int, mask: int, total: int, picks: dict[int, _Route | None], last_index: dict[str, int]
    ) -> None:
        if depth == len(self.order):
            if total > self.best:
                self.best = total
                self.chosen = [(train, picks.get(i)) for i, train in enumerate(self.trains)]
            return
        if total + self.rest[depth] <= self.best:
            return
        position = self.order[depth]
        train = self.trains[position]
        usable = self.lists[train.name]
        start = last_index.get(train.name, -1) + 1  # trains of one type take candidates in order
        rest = self.rest[depth + 1]
        for index in range(start, len(usable)):
            route = usable[index]
            revenue = route.revenue[train.name]
            if total + revenue + rest <= self.best:
                break
            self.steps_left -= 1
            if self.steps_left < 0:
                self.complete = False
                return
            if route.mask & mask:
                continue
            picks[position] = route
            self._choose(depth + 1, mask | route.mask, total + revenue, picks, {**last_index, train.name: index})
            del picks[position]
            if not self.complete:
                return
        picks[position] = None
        self._choose(depth + 1, mask, total, picks, {**last_index, train.name: len(usable)})
        del picks[position]
