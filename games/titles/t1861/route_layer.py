"""The route step drawn over the 1861 map: each train's route in its own colour, and the stops to pick.

A pure function of the engine's map view (where each hex's paths and stops sit) and route
descriptions the engine made (``engine.t1861.route_preview``: each train's segments, stops
and revenue).  No rule is decided here: a refused route is drawn as the engine refused it,
and which stops are pickable is every stop the view shows.  The layer is an SVG ``<g>``
the page's script lays over the map (``templates/games/boards/_1861_routes.html``), in the
map's own coordinates, so it zooms and pans with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from engine.t1861.depot import train_names
from games.titles.t1861.track import (
    Point,
    R,
    curve_middle,
    edge_midpoint,
    edge_to_edge,
    edge_to_point,
    num,
    point_to_point,
    stop_positions,
    through_towns,
)

# One colour per train of the company, in the order it runs them: strong, told apart on every tile colour.
TRAIN_COLOURS = ("#d62728", "#1f5fbf", "#7a3fbf", "#e07b00", "#0f8a7e", "#c2187a", "#5a5a00", "#333333")
REFUSED = "#b00020"


@dataclass(frozen=True)
class DrawnRoute:
    """One train's route as the legend and the map show it."""

    index: int
    train: str  # the train's id ("3-1"), which the page's script and the post name
    colour: str
    stops: tuple[str, ...]  # stop ids, in travel order
    places: tuple[str, ...]  # the same stops in words ("Moscow (H8)")
    revenue: int | None
    refused: bool = False
    name: str = ""  # the train in words ("3-train"), which the legend shows


def train_colour(index: int, train: str = "", trains: Sequence[str] = ()) -> str:
    """A train's colour: by its place among the company's ``trains`` (so it keeps its colour while
    the player edits which trains run), else by the route's place in the set."""
    place = list(trains).index(train) if train in trains else index
    return TRAIN_COLOURS[place % len(TRAIN_COLOURS)]


def drawn_routes(view: dict[str, Any], routes: Sequence[dict[str, Any]], refused: int | None = None,
                 trains: Sequence[str] = ()) -> list[DrawnRoute]:
    """The legend's rows for ``routes`` (``train``, ``stops``, ``revenue``), coloured by position."""
    hexes = _hexes(view)
    names = _names(routes, trains)
    return [DrawnRoute(index, str(route.get("train", "")), train_colour(index, str(route.get("train", "")), trains),
                       tuple(route.get("stops") or ()),
                       tuple(place_name(hexes, stop) for stop in route.get("stops") or ()), route.get("revenue"),
                       refused == index, names.get(str(route.get("train", "")), str(route.get("train", ""))))
            for index, route in enumerate(routes)]


def _names(routes: Sequence[dict[str, Any]], trains: Sequence[str]) -> dict[str, str]:
    """The trains' names in words, told apart among the company's ``trains`` (else among the routes')."""
    return train_names(list(trains) or [str(route.get("train", "")) for route in routes])


def place_name(hexes: dict[str, dict[str, Any]], stop_id: str) -> str:
    hex_id = stop_id.split(":")[0]
    entry = hexes.get(hex_id) or {}
    name = entry.get("name") or _area_name(hexes, entry)
    return f"{name} ({hex_id})" if name else hex_id


def _area_name(hexes: dict[str, dict[str, Any]], entry: dict[str, Any]) -> str | None:
    """An off-board hex's area as the map names it: only one hex of an area carries the name
    (Poland is written on A9, not on A11-A15)."""
    area = (entry.get("offboard") or {}).get("area")
    if not area:
        return None
    return next((other["name"] for other in hexes.values()
                 if other.get("name") and (other.get("offboard") or {}).get("area") == area), None)


def layer_svg(view: dict[str, Any], routes: Sequence[dict[str, Any]], refused: int | None = None,
              pickable: bool = False, trains: Sequence[str] = ()) -> str:
    """The overlay ``<g id="route-layer">``: each route's track and stops, then (``pickable``) a ring on
    every stop for the editor to click (hidden until the page's script shows it)."""
    hexes = _hexes(view)
    parts = [f'<g id="route-layer" data-routes="{len(routes)}" fill="none" stroke-linecap="round" '
             f'stroke-linejoin="round" pointer-events="none">']
    names = _names(routes, trains)
    for index, route in enumerate(routes):
        colour = REFUSED if refused == index else train_colour(index, str(route.get("train", "")), trains)
        name = names.get(str(route.get("train", "")), str(route.get("train", "")))
        parts.append(_route(hexes, index, route, colour, refused == index, name))
    if pickable:
        parts.append(_targets(hexes))
    parts.append("</g>")
    return "".join(parts)


def _route(hexes: dict[str, dict[str, Any]], index: int, route: dict[str, Any], colour: str, refused: bool,
           name: str) -> str:
    dash = ' stroke-dasharray="6 5"' if refused else ""
    pieces = [_segment(hexes, segment) for segment in route.get("segments") or ()]
    stops = [stop_point(hexes, stop) for stop in route.get("stops") or ()]
    train = escape(str(route.get("train", "")))
    title = f"{escape(name)}: ₽{route['revenue']}" if route.get("revenue") is not None else escape(name)
    marks = "".join(f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(0.16 * R)}" fill="{colour}" stroke="#ffffff" '
                    f'stroke-width="2"/>' for x, y in (point for point in stops if point is not None))
    return (f'<g class="route{" refused" if refused else ""}" data-route="{index}" data-train="{train}">'
            f"<title>{title}{' (refused)' if refused else ''}</title>"
            f'<g stroke="#ffffff" stroke-width="{num(0.22 * R)}" stroke-opacity="0.8">{"".join(pieces)}</g>'
            f'<g stroke="{colour}" stroke-width="{num(0.12 * R)}"{dash}>{"".join(pieces)}</g>{marks}</g>')


def _segment(hexes: dict[str, dict[str, Any]], segment_id: str) -> str:
    """One segment's track as a path placed at its hex: the same curves the map's track follows."""
    hex_id, _, index = segment_id.partition("/")
    entry = hexes.get(hex_id)
    if entry is None or not index.isdigit() or int(index) >= len(entry["paths"]):
        return ""
    a, b = entry["paths"][int(index)]
    places, through = stop_positions(entry), through_towns(entry)
    if a[0] == "e" and b[0] == "e":
        data = edge_to_edge(int(a[1:]), int(b[1:]))
    elif a[0] == "e" or b[0] == "e":
        edge, stop = (int(a[1:]), b) if a[0] == "e" else (int(b[1:]), a)
        data = edge_to_point(edge, _in_hex(entry, stop, places, through, edge))
    else:
        data = point_to_point(places.get(a, (0.0, 0.0)), places.get(b, (0.0, 0.0)))
    x, y = entry["centre"][0] * R, entry["centre"][1] * R
    return f'<path transform="translate({num(x)} {num(y)})" d="{data}"/>'


def _in_hex(entry: dict[str, Any], stop: str, places: dict[str, Point], through: dict[str, tuple[int, int]],
            edge: int | None = None) -> Point:
    """Where a stop sits inside its hex, as the map draws it (a through town on its curve)."""
    if stop in through:
        return curve_middle(*through[stop])
    if stop[0] == "o" and edge is not None:
        middle = edge_midpoint(edge)
        return middle[0] * 0.3, middle[1] * 0.3
    return places.get(stop, (0.0, 0.0))


def stop_point(hexes: dict[str, dict[str, Any]], stop_id: str) -> Point | None:
    """A stop's place on the whole map (None for a stop the view does not show)."""
    hex_id, _, local = stop_id.partition(":")
    entry = hexes.get(hex_id)
    if entry is None or not local:
        return None
    x, y = _in_hex(entry, local, stop_positions(entry), through_towns(entry))
    return entry["centre"][0] * R + x, entry["centre"][1] * R + y


def _targets(hexes: dict[str, dict[str, Any]]) -> str:
    """A clickable ring on every city, town and off-board (``data-stop`` carries the engine's stop id)."""
    rings = []
    for hex_id, entry in hexes.items():
        locals_ = [f"c{i}" for i in range(len(entry["cities"]))] + [f"t{i}" for i in range(len(entry["towns"]))]
        locals_ += ["o0"] if entry.get("offboard") else []
        for local in locals_:
            point = stop_point(hexes, f"{hex_id}:{local}")
            if point is None:
                continue
            label = escape(place_name(hexes, f"{hex_id}:{local}"))
            rings.append(f'<circle class="stop-pick" data-stop="{hex_id}:{local}" cx="{num(point[0])}" '
                         f'cy="{num(point[1])}" r="{num(0.3 * R)}"><title>{label}</title></circle>')
    return (f'<g class="stop-picks" visibility="hidden" pointer-events="all" fill="#ffffff" fill-opacity="0.01" '
            f'stroke="#1d2330" stroke-opacity="0.5" stroke-width="1.5" stroke-dasharray="3 3">{"".join(rings)}</g>')


def _hexes(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {entry["id"]: entry for entry in view.get("hexes", [])}
