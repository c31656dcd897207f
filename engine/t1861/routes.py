"""The rules of a route (section 12.5 and 23's G4): checking a company's submitted routes.

A submitted route is a :class:`RoutePlan`: the train and the ids of the track segments it
runs over, in travel order from one end stop to the other (``Segment.id`` of the Network,
``"<hex>/<path index>"``).  That form is unambiguous: consecutive segments share exactly
one node, so the walk, the stops it visits and the junctions it crosses follow from it.
(A single segment must run from stop to stop; for two parallel segments between the same
two nodes the walk starts at the first segment's first end.)

The checker walks each plan and refuses, with a sentence naming the train and the place,
a route that is not connected, reverses, reuses track, touches two nodes in one hex, runs
through an off-board or a city filled by other companies, uses two hexes of one off-board
area, has fewer than two stops, reaches no token of the company or visits more cities and
off-boards than its train allows; across the company's routes no piece of track may be
used twice.  What a legal route earns is counted in :mod:`engine.t1861.revenue`.

"Track" is counted as the 18xx.games engine does: besides the segment itself, every tile
edge a segment reaches is a piece of track, so two paths of one tile that leave by the
same edge (tiles 23 to 47) cannot carry two routes of one company.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.core.errors import IllegalAction
from engine.t1861.network import Network, Segment, Stop
from engine.t1861.revenue import Bonuses, BonusesGiven, as_bonuses, count_route
from engine.t1861.trains import Train


class RouteError(IllegalAction):
    """A submitted route set the rules refuse; the message says which route broke which rule."""


@dataclass(frozen=True)
class RoutePlan:
    """A route as submitted: a train and the segments it runs over, in travel order."""

    train: Train
    segments: tuple[str, ...]


@dataclass(frozen=True)
class RunRoute:
    """A checked route with what it counts and earns."""

    train: Train
    segments: tuple[str, ...]
    stops: tuple[str, ...]  # every stop visited, in travel order
    counted: tuple[str, ...]  # the stops that pay, in travel order
    revenue: int

    @property
    def plan(self) -> RoutePlan:
        return RoutePlan(self.train, self.segments)


@dataclass(frozen=True)
class RouteSet:
    """A company's routes for one run, and their total revenue.

    ``proven_best`` is set by the optimiser: False when it stopped at its work limit and
    could not prove that no better set exists (the set is legal either way).
    """

    routes: tuple[RunRoute, ...]
    revenue: int
    proven_best: bool = True

    @property
    def plans(self) -> tuple[RoutePlan, ...]:
        return tuple(route.plan for route in self.routes)


def track_pieces(network: Network, segment: Segment) -> tuple[str, ...]:
    """The pieces of track a segment occupies: itself and each tile edge it reaches.

    Kept with the network (``Network.pieces``): a run is checked route by route and as a
    set, and the optimiser and the route probe ask again for the same segments."""
    kept = network.pieces.get(segment.id)
    if kept is not None and kept[0] is segment:
        return kept[1]
    edges = tuple(f"{end}@{segment.hex}" for end in segment.ends if end not in network.stops)
    pieces = (segment.id, *edges)
    network.pieces[segment.id] = (segment, pieces)
    return pieces


def check_routes(
    network: Network,
    company: str,
    plans: Sequence[RoutePlan],
    bonuses: BonusesGiven = None,
    names: Mapping[str, str] | None = None,
) -> RouteSet:
    """Check a company's routes (one plan per train that runs) and count their revenue.

    ``names`` maps hexes to place names for the messages ("Kazan (K11)"); without it
    places are named by their hex.  Raises :class:`RouteError` on the first broken rule.
    """
    rules = as_bonuses(bonuses)
    places = _Places(names or {})
    used: dict[str, str] = {}
    routes = []
    for plan, who in zip(plans, _route_names(plans), strict=True):
        route, walk = _check_one(network, company, plan, rules, places, who)
        routes.append(route)
        if not used.keys().isdisjoint(walk.all_pieces):  # the usual answer at once; the words only for a clash
            segment, clash = next((segment, piece) for segment, pieces in zip(walk.segments, walk.pieces, strict=True)
                                  for piece in pieces if piece in used)
            raise RouteError(f"{used[clash]} and {_lower(who)} both use the same track in {places.hex(segment.hex)}.")
        used.update(dict.fromkeys(walk.all_pieces, who))
    return RouteSet(tuple(routes), sum(route.revenue for route in routes))


def check_route(
    network: Network,
    company: str,
    plan: RoutePlan,
    bonuses: BonusesGiven = None,
    names: Mapping[str, str] | None = None,
) -> RunRoute:
    """Check one route on its own (not against the company's other routes) and count it."""
    return _check_one(network, company, plan, as_bonuses(bonuses), _Places(names or {}), _who(plan.train))[0]


def _check_one(
    network: Network, company: str, plan: RoutePlan, bonuses: Bonuses, places: _Places, who: str
) -> tuple[RunRoute, _Walk]:
    """The route counted, and its walk (whose track pieces the set's check reads again)."""
    walk = _Walk(network, plan, places, who)
    stops = walk.stops()
    walk.check_stops(stops, company)
    count = count_route(stops, plan.train, company, bonuses)
    if plan.train.express and not any(company in network.stops[stop_id].tokens for stop_id in count.counted):
        raise RouteError(f"{who} counts none of {company}'s station tokens; one counted stop must hold one.")
    return RunRoute(plan.train, plan.segments, tuple(stop.id for stop in stops), count.counted, count.revenue), walk


def segment_index(network: Network) -> dict[str, Segment]:
    """Segments by id; the last index is kept, since a run is checked route by route and the
    whole set again, and an import matches each recorded route on the same network.  It is a
    function of the segments alone, and networks of boards with the same track share their
    segment tuple (``track_network``), so it is kept by that tuple (a tuple never changes, and
    the index is never changed once kept).  A whole-board network comes with its index
    (``Network.by_id``), kept up to date hex by hex as the board changes."""
    if network.by_id:
        return network.by_id
    kept, index = _LAST_INDEX[0]
    if kept is not network.segments:
        index = {segment.id: segment for segment in network.segments}
        _LAST_INDEX[0] = (network.segments, index)  # one assignment: threads see the old pair or the new
    return index


_LAST_INDEX: list[tuple[tuple[Segment, ...] | None, dict[str, Segment]]] = [(None, {})]


def _who(train: Train, ordinal: str = "") -> str:
    return f"The {ordinal}{train.label}'s route"


_ORDINALS = ("first ", "second ", "third ", "fourth ", "fifth ", "sixth ", "seventh ", "eighth ")


def _route_names(plans: Sequence[RoutePlan]) -> list[str]:
    """ "The 3-train's route", or "The second 3-train's route" when a company runs two of a kind."""
    totals: dict[str, int] = {}
    for plan in plans:
        totals[plan.train.name] = totals.get(plan.train.name, 0) + 1
    seen: dict[str, int] = {}
    names = []
    for plan in plans:
        number = seen.get(plan.train.name, 0)
        seen[plan.train.name] = number + 1
        ordinal = _ORDINALS[number] if totals[plan.train.name] > 1 and number < len(_ORDINALS) else ""
        names.append(_who(plan.train, ordinal))
    return names


def _lower(sentence: str) -> str:
    return sentence[:1].lower() + sentence[1:]


class _Places:
    """Names places in messages: "Kazan (K11)" when the caller knows the name, else "K11"."""

    def __init__(self, names: Mapping[str, str]) -> None:
        self.names = names

    def hex(self, hex_id: str) -> str:
        name = self.names.get(hex_id)
        return f"{name} ({hex_id})" if name else hex_id

    def stop(self, stop: Stop) -> str:
        kind = {"city": "the city", "town": "the town", "offboard": "the off-board"}[stop.kind]
        if stop.hex in self.names:
            return self.hex(stop.hex)
        return f"{kind} in {stop.hex}"


class _Walk:
    """One plan walked node by node, refusing what breaks the rules of its path."""

    def __init__(self, network: Network, plan: RoutePlan, places: _Places, who: str) -> None:
        self.network = network
        self.plan = plan
        self.places = places
        self.who = who
        index = segment_index(network)
        if not plan.segments:
            raise RouteError(f"{self.who} has no track.")
        unknown = [segment_id for segment_id in plan.segments if segment_id not in index]
        if unknown:
            raise RouteError(f"{self.who} uses track that is not on the map ({', '.join(unknown)}).")
        self.segments = [index[segment_id] for segment_id in plan.segments]
        self.pieces: list[tuple[str, ...]] = []  # each segment's track pieces, once the track is checked
        self.all_pieces: list[str] = []  # all of them, in order

    def _start(self) -> str:
        """The node the walk starts from: the first segment's end that the second does not touch."""
        first = self.segments[0]
        if len(self.segments) > 1:
            following = self.segments[1].ends
            if first.ends[0] in following and first.ends[1] not in following:
                return first.ends[1]
        return first.ends[0]

    def nodes(self) -> list[str]:
        """The nodes in travel order (one more than segments), checking each step connects."""
        nodes = [self._start()]
        for segment in self.segments:
            here = nodes[-1]
            if here not in segment.ends:
                raise RouteError(
                    f"{self.who} is not connected: its track breaks off in {self.places.hex(segment.hex)}."
                )
            nodes.append(segment.ends[1] if segment.ends[0] == here else segment.ends[0])
        return nodes

    def stops(self) -> list[Stop]:
        """The stops visited in order, after the checks on the walk itself.  A route that keeps
        them all (most routes checked: a recorded run, the optimiser's answer) is walked once;
        one that breaks one is walked check by check to name the first rule it breaks."""
        found = self.stops_if_legal()
        return found if found is not None else self.stops_checked()

    def stops_if_legal(self) -> list[Stop] | None:
        """The stops in order when the walk keeps every rule of its path (connected, from a stop to
        a stop, no reversal at a hex edge, no track twice), its track pieces noted; None when it
        breaks any, which :meth:`stops_checked` then names.  One pass instead of four (issue 13)."""
        network = self.network
        stops_by_id = network.stops
        here = self._start()
        stop = stops_by_id.get(here)
        if stop is None:
            return None
        visited = [stop]
        pieces: list[tuple[str, ...]] = []
        all_pieces: list[str] = []
        for segment in self.segments:
            first, second = segment.ends
            if here == first:
                here = second
            elif here == second:
                here = first
            else:
                return None  # not connected
            own = track_pieces(network, segment)
            pieces.append(own)
            all_pieces.extend(own)
            stop = stops_by_id.get(here)
            if stop is not None:
                visited.append(stop)
        if stop is None or len(set(all_pieces)) != len(all_pieces):
            # It ends in open track, or uses some track twice; turning back at a hex edge is
            # among the latter, as both segments hold that edge's piece of the hex.
            return None
        self.pieces, self.all_pieces = pieces, all_pieces
        return visited

    def stops_checked(self) -> list[Stop]:
        """The stops visited in order, each rule of the walk checked in turn (RouteError names the first broken)."""
        nodes = self.nodes()
        stops_by_id = self.network.stops
        for end in (nodes[0], nodes[-1]):
            if end not in stops_by_id:
                raise RouteError(f"{self.who} must start and end at a city, town or off-board, not in open track.")
        self._check_turns(nodes)
        self._check_track_once()
        return [stops_by_id[node] for node in nodes if node in stops_by_id]

    def _check_turns(self, nodes: list[str]) -> None:
        for position in range(1, len(nodes) - 1):
            if nodes[position] in self.network.stops:
                continue
            before, after = self.segments[position - 1], self.segments[position]
            if before.hex == after.hex:
                raise RouteError(
                    f"{self.who} reverses in {self.places.hex(before.hex)}; a train must run on into the next hex."
                )

    def _check_track_once(self) -> None:
        network = self.network
        self.pieces = [track_pieces(network, segment) for segment in self.segments]
        self.all_pieces = [piece for pieces in self.pieces for piece in pieces]
        if len(set(self.all_pieces)) == len(self.all_pieces):
            return  # the usual answer, without a walk for the words
        seen: set[str] = set()
        for segment, pieces in zip(self.segments, self.pieces, strict=True):
            for piece in pieces:
                if piece in seen:
                    raise RouteError(f"{self.who} uses the same track twice in {self.places.hex(segment.hex)}.")
                seen.add(piece)

    def check_stops(self, stops: list[Stop], company: str) -> None:
        """The rules about the stops: count, repeats, hexes, ends, areas, token, allowance."""
        if len(stops) < 2:
            raise RouteError(f"{self.who} must run between at least two stops.")
        self._check_hexes(stops)
        self._check_passing(stops, company)
        self._check_areas(stops)
        if not any(company in stop.tokens for stop in stops):
            raise RouteError(f"{self.who} does not reach any of {company}'s station tokens.")
        train = self.plan.train
        if not train.express:
            big = sum(1 for stop in stops if stop.kind != "town")
            if big > train.allowance:
                raise RouteError(
                    f"{self.who} visits {big} cities and off-boards; "
                    f"a {train.label} may visit at most {train.allowance}."
                )

    def _check_hexes(self, stops: list[Stop]) -> None:
        seen: dict[str, Stop] = {}
        for stop in stops:
            earlier = seen.get(stop.hex)
            if earlier is not None and earlier.id == stop.id:
                raise RouteError(f"{self.who} visits {self.places.stop(stop)} twice.")
            if earlier is not None:
                raise RouteError(
                    f"{self.who} touches two stops in {self.places.hex(stop.hex)}; "
                    "a route may touch only one stop in each hex."
                )
            seen[stop.hex] = stop

    def _check_passing(self, stops: list[Stop], company: str) -> None:
        for stop in stops[1:-1]:
            if stop.kind == "offboard":
                raise RouteError(f"{self.who} runs through {self.places.stop(stop)}; an off-board ends a route.")
            if stop.is_blocked_for(company):
                raise RouteError(
                    f"{self.who} passes through {self.places.stop(stop)}, whose slots are all taken by other companies."
                )

    def _check_areas(self, stops: list[Stop]) -> None:
        areas: dict[str, Stop] = {}
        for stop in stops:
            if stop.area is None:
                continue
            if stop.area in areas:
                raise RouteError(
                    f"{self.who} uses two hexes of {stop.area}; a route may use only one hex of each off-board area."
                )
            areas[stop.area] = stop
