"""What a set of routes would earn, asked without acting: the route step's preview.

The game page draws the suggested routes with each train's stops and revenue, and lets a
player edit them stop by stop; before anything is sent, the page asks here what the edited
set would earn, or which route the rules refuse and why.  Everything is judged by the same
``company_turn.check_run`` the ``run_routes`` action goes through, so a preview never
accepts a set the move would refuse; nothing here changes the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import IllegalAction
from engine.t1861 import company_turn
from engine.t1861.data import DATA
from engine.t1861.map_replay import train_of
from engine.t1861.network import Network
from engine.t1861.route_stops import segments_for_stops, stop_candidates
from engine.t1861.routes import RouteError
from engine.t1861.state import State

NAMES = {hex_id: hexdef.name for hex_id, hexdef in DATA.hexes.items() if hexdef.name}


@dataclass(frozen=True)
class PreviewRoute:
    """One train's route: its track, the stops it visits in order, and (when legal) what it earns."""

    train: str
    segments: tuple[str, ...] = ()
    stops: tuple[str, ...] = ()
    revenue: int | None = None


@dataclass(frozen=True)
class Preview:
    """A route set as the rules judge it: ``error`` empty and ``revenue`` the total when legal;
    otherwise the engine's words and the index of the route they refuse (None: the set as a whole)."""

    routes: tuple[PreviewRoute, ...] = ()
    revenue: int | None = None
    error: str = ""
    refused: int | None = None
    action: dict[str, Any] = field(default_factory=dict)

    @property
    def legal(self) -> bool:
        return not self.error


def preview_routes(state: State, company: str, routes: Sequence[dict[str, Any]]) -> Preview:
    """A ``run_routes`` answer's routes (``{train, segments}``) judged as the move would judge them."""
    action = {"type": "run_routes", "routes": [dict(route) for route in routes]}
    try:
        checked = company_turn.check_run(state, company, action)
    except IllegalAction as refusal:
        return Preview(tuple(PreviewRoute(str(r.get("train", "")), tuple(r.get("segments") or ())) for r in routes),
                       error=str(refusal), refused=_refused_route(state, company, routes), action=action)
    drawn = tuple(PreviewRoute(str(route["train"]), run.segments, run.stops, run.revenue)
                  for route, run in zip(routes, checked.routes, strict=True))
    return Preview(drawn, checked.revenue, action=action)


def preview_stops(state: State, company: str, entries: Sequence[tuple[str, Sequence[str]]]) -> Preview:
    """Routes written as ``(train, stops)``: track is found between the stops, then judged as a move.

    A train with no stops does not run.  A route whose stops no track joins is refused in
    the same words a move would be.  A refused set keeps each route's stops as written, so
    the page can mark them.
    """
    network = company_turn.network(state)
    taken: frozenset[str] = frozenset()
    routes: list[dict[str, Any]] = []
    marked = [_marks(network, stops) for _, stops in entries]
    drawn: list[PreviewRoute] = []
    first: tuple[int, str] | None = None  # the first route no track fits, and why
    for position, (train, stops) in enumerate(entries):
        who = f"The {_label(train)}'s route"
        try:
            segments, pieces = segments_for_stops(network, [str(stop) for stop in stops], who, NAMES, taken)
        except RouteError as refusal:
            first = first or (position, str(refusal))
            drawn.append(PreviewRoute(train, (), marked[position]))
            continue
        taken |= pieces
        routes.append({"train": train, "segments": list(segments)})
        drawn.append(PreviewRoute(train, segments, marked[position]))
    if first is not None:  # the routes that fit are still drawn, so the player sees the whole set
        return Preview(tuple(drawn), error=first[1], refused=first[0], action={"type": "run_routes", "routes": routes})
    preview = preview_routes(state, company, routes)
    if preview.legal:
        return preview
    kept = tuple(PreviewRoute(route.train, route.segments, marks) for route, marks in zip(preview.routes, marked,
                                                                                         strict=True))
    return Preview(kept, None, preview.error, preview.refused, preview.action)


def _marks(network: Network, stops: Sequence[str]) -> tuple[str, ...]:
    """The stop ids written stops stand for, where the map has one (a hex's first stop for a hex)."""
    found = []
    for stop in stops:
        try:
            found.append(stop_candidates(network, str(stop), NAMES)[0])
        except RouteError:
            continue
    return tuple(found)


def suggestion_context(state: State, company: str, routes: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The suggested routes for a prompt's ``context``: each train's stops and revenue, and the total,
    so the page can draw and label them without asking the engine again."""
    preview = preview_routes(state, company, routes)
    return {"routes": [{"train": route.train, "segments": list(route.segments), "stops": list(route.stops),
                        "revenue": route.revenue} for route in preview.routes],
            "revenue": preview.revenue}


def _label(train: str) -> str:
    try:
        return train_of(train).label
    except (KeyError, ValueError, StopIteration):  # no such train: check_run names it
        return f"{train} train"


def _refused_route(state: State, company: str, routes: Sequence[dict[str, Any]]) -> int | None:
    """The first route whose addition the rules refuse (each judged with those before it)."""
    for count in range(1, len(routes) + 1):
        try:
            company_turn.check_run(state, company, {"type": "run_routes", "routes": [dict(r) for r in routes[:count]]})
        except IllegalAction:
            return count - 1
    return None
