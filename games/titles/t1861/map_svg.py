"""The 1861 map as one SVG string, drawn from the engine's map view and nothing else.

A pure function of :func:`engine.t1861.map_view.map_view`'s plain data: the view already
says each hex's colour, track, cities, tokens, held slots, off-board value and cost, so no
rule is decided here (and none in a template, which only embeds the string).  The drawing
scales by its ``viewBox`` and is readable without any script; the game page's zoom-and-pan
script (``templates/games/boards/_map_zoom.html``) only changes that ``viewBox``.

Built as one string rather than a template loop, like Acquire's board: 144 hexes through
the template engine would cost more than the page around them.  Numbers carry one decimal
and shared attributes sit on groups, so a late-game map stays well under 150 KB
(``benchmarks/t1861_map_svg.py`` prints the size).  No ``<style>`` element and no
``style`` attribute: the site's content security policy would refuse them inline.
"""

from __future__ import annotations

from html import escape
from typing import Any

from games.titles.t1861.colours import company_colour, hex_fill, is_pale
from games.titles.t1861.corners import TILE_NUMBER, Corners
from games.titles.t1861.track import (
    APOTHEM,
    SLOT,
    Point,
    R,
    curve_middle,
    edge_ends,
    edge_midpoint,
    edge_to_edge,
    edge_to_point,
    hex_outline,
    num,
    pair,
    point_to_point,
    stop_positions,
    through_towns,
)

INK = "#1d2330"
FAINT = "#4a4f58"
MARGIN = R * 1.1
PHASE_COLOURS = ("yellow", "green", "brown", "gray")
HALO = ' paint-order="stroke" stroke="#ffffff" stroke-width="2.5" stroke-linejoin="round"'


def map_svg(view: dict[str, Any]) -> str:
    """The whole map: every hex with its tile, track, stops and tokens, then borders on top."""
    hexes = view["hexes"]
    xs = [entry["centre"][0] * R for entry in hexes]
    ys = [entry["centre"][1] * R for entry in hexes]
    left, top = min(xs) - MARGIN, min(ys) - MARGIN
    width, height = max(xs) - min(xs) + 2 * MARGIN, max(ys) - min(ys) + 2 * MARGIN
    phase = view.get("phase", "")
    # One hex a line: the golden files (tests/games/golden/) then diff hex by hex.
    body = "\n".join(_hex(entry, view.get("offboard_colour", "")) for entry in hexes)
    borders = "".join(_borders(entry) for entry in hexes)
    coordinates = "".join(_coordinates(entry) for entry in hexes)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{num(left)} {num(top)} {num(width)} {num(height)}" '
        f'width="100%" role="img" aria-labelledby="map-title" class="map-1861" data-zoom="map" '
        f'font-family="system-ui,sans-serif" text-anchor="middle">'
        f'<title id="map-title">The 1861 map in phase {escape(str(phase))}</title>'
        f"{_defs()}<g>{body}{borders}</g>"
        f'<g font-size="8" fill="{FAINT}"{HALO}>{coordinates}</g></svg>'
    )


def _defs() -> str:
    """The hex outline, drawn once and reused, and the hatching that marks a closed hex."""
    return (
        f'<defs><polygon id="hx" points="{hex_outline()}"/>'
        '<pattern id="closed" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
        '<rect width="3" height="8" fill="#1d2330" fill-opacity="0.35"/></pattern></defs>'
    )


def hex_svg(entry: dict[str, Any], offboard_colour: str) -> str:
    """One hex exactly as the map draws it, placed on the map (a lay's preview, ``lay_picker``)."""
    return _hex(entry, offboard_colour)


def _hex(entry: dict[str, Any], offboard_colour: str) -> str:
    x, y = entry["centre"][0] * R, entry["centre"][1] * R
    places, through = stop_positions(entry), through_towns(entry)
    corners = Corners(entry, places, through)
    parts = [
        f'<g transform="translate({num(x)} {num(y)})" data-hex="{escape(entry["id"])}">',
        f"<title>{escape(_describe(entry))}</title>",
        f'<use href="#hx" fill="{hex_fill(entry["colour"])}" stroke="{FAINT}" stroke-width="1"/>',
        _track(entry, places, through),
        _offboard(entry, offboard_colour),
        _stops(entry, places, through),
        _revenue(entry, corners),
        _texts(entry, corners),
    ]
    if entry.get("closed"):
        parts.append('<use href="#hx" fill="url(#closed)"/>')
    parts.append("</g>")
    return "".join(parts)


# ---------------------------------------------------------------- track and stops


def _track(entry: dict[str, Any], places: dict[str, Point], through: dict[str, tuple[int, int]]) -> str:
    """Every path of the tile (or the printed picture), as black track over a white casing."""
    shapes = []
    drawn_through = set()
    for a, b in entry["paths"]:
        stop = a if a[0] != "e" else b if b[0] != "e" else None
        if stop in through:
            if stop not in drawn_through:
                shapes.append(edge_to_edge(*through[stop]))
                drawn_through.add(stop)
        elif stop is None:
            shapes.append(edge_to_edge(int(a[1:]), int(b[1:])))
        elif a[0] == "e" or b[0] == "e":
            edge = int((a if a[0] == "e" else b)[1:])
            target = places.get(stop, (0.0, 0.0))
            if stop[0] == "o":
                target = (edge_midpoint(edge)[0] * 0.3, edge_midpoint(edge)[1] * 0.3)
            shapes.append(edge_to_point(edge, target))
        else:
            shapes.append(point_to_point(places.get(a, (0.0, 0.0)), places.get(b, (0.0, 0.0))))
    if not shapes:
        return ""
    data = "".join(shapes)
    return (f'<path d="{data}" fill="none" stroke="#ffffff" stroke-width="{num(0.2 * R)}"/>'
            f'<path d="{data}" fill="none" stroke="{INK}" stroke-width="{num(0.13 * R)}"/>')


def _stops(entry: dict[str, Any], places: dict[str, Point], through: dict[str, tuple[int, int]]) -> str:
    """Towns as dots (on the curve when track runs through), cities with their slots."""
    parts = []
    for index in range(len(entry["towns"])):
        key = f"t{index}"
        point = curve_middle(*through[key]) if key in through else places[key]
        parts.append(f'<circle cx="{num(point[0])}" cy="{num(point[1])}" r="{num(0.12 * R)}" fill="{INK}" '
                     f'stroke="#ffffff" stroke-width="1.5"/>')
    for city in entry["cities"]:
        parts.append(_city(city, places.get(f"c{city['index']}", (0.0, 0.0))))
    return "".join(parts)


def _city(city: dict[str, Any], centre: Point) -> str:
    """A white city with one circle per token slot: tokens in company colours, held slots dashed."""
    slots = max(1, int(city["slots"]))
    offsets = _slot_offsets(slots)
    cx, cy = centre
    parts = [_city_backing(slots, cx, cy)]
    reserved = list(city.get("reserved_for", []))
    for slot, (dx, dy) in enumerate(offsets):
        sx, sy = cx + dx, cy + dy
        if slot < len(city["tokens"]):
            parts.append(_token(city["tokens"][slot], sx, sy))
        elif reserved:
            parts.append(_held(reserved.pop(0), sx, sy))
        else:
            parts.append(f'<circle cx="{num(sx)}" cy="{num(sy)}" r="{num(SLOT)}" fill="#ffffff" '
                         f'stroke="{INK}" stroke-width="1.5"/>')
    return "".join(parts)


def _slot_offsets(slots: int) -> list[Point]:
    if slots == 1:
        return [(0.0, 0.0)]
    if slots == 2:
        return [(-SLOT, 0.0), (SLOT, 0.0)]
    if slots == 3:
        return [(-SLOT, SLOT * 0.55), (SLOT, SLOT * 0.55), (0.0, -SLOT * 1.2)]
    return [(-SLOT, -SLOT), (SLOT, -SLOT), (-SLOT, SLOT), (SLOT, SLOT)][:slots]


def _city_backing(slots: int, cx: float, cy: float) -> str:
    """The white ground joining a big city's slots, so it reads as one city."""
    if slots == 1:
        return ""
    radius = SLOT * (1.3 if slots == 2 else 2.25 if slots == 3 else 2.1)
    if slots == 2:
        return (f'<rect x="{num(cx - 2 * SLOT - 1)}" y="{num(cy - SLOT - 1)}" width="{num(4 * SLOT + 2)}" '
                f'height="{num(2 * SLOT + 2)}" rx="{num(SLOT + 1)}" fill="#ffffff" stroke="{INK}" stroke-width="1.5"/>')
    return f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(radius)}" fill="#ffffff" stroke="{INK}" stroke-width="1.5"/>'


def _token(company: str, x: float, y: float) -> str:
    fill, ink = company_colour(company)
    size = 9 if len(company) <= 2 else 7.5 if len(company) == 3 else 6.5
    return (f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(SLOT)}" fill="{fill}" stroke="{INK}" stroke-width="1.5"/>'
            f'<text x="{num(x)}" y="{num(y + size * 0.36)}" font-size="{num(size)}" font-weight="700" '
            f'fill="{ink}">{escape(company)}</text>')


def _held(company: str, x: float, y: float) -> str:
    """A slot held for a company (its home or reservation): its colour as a dashed ring, its id faint."""
    fill, _ = company_colour(company)
    size = 8 if len(company) <= 2 else 7 if len(company) == 3 else 6
    return (f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(SLOT)}" fill="#ffffff" stroke="{INK}" stroke-width="1.5"/>'
            f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(SLOT - 2.5)}" fill="{fill}" fill-opacity="0.3" '
            f'stroke="{INK if is_pale(fill) else fill}" stroke-width="2.5" stroke-dasharray="3 2"/>'
            f'<text x="{num(x)}" y="{num(y + size * 0.36)}" font-size="{num(size)}" fill="{INK}">'
            f"{escape(company)}</text>")


def _revenue(entry: dict[str, Any], corners: Corners) -> str:
    """The stops' value in one bubble, set in the corner of the hex that track leaves freest."""
    values = [stop["revenue"] for stop in [*entry["cities"], *entry["towns"]] if stop.get("revenue") is not None]
    if not values:
        return ""
    text = "/".join(str(value) for value in dict.fromkeys(values))
    x, y = corners.take("revenue")
    width = max(2 * 0.2 * R, 6.5 * len(text) + 6)
    return (f'<rect x="{num(x - width / 2)}" y="{num(y - 0.2 * R)}" width="{num(width)}" height="{num(0.4 * R)}" '
            f'rx="{num(0.2 * R)}" fill="#ffffff" stroke="{INK}"/>'
            f'<text x="{num(x)}" y="{num(y + 4)}" font-size="11" font-weight="700" fill="{INK}">{text}</text>')


# ---------------------------------------------------------------- off-boards, texts and borders


def _offboard(entry: dict[str, Any], offboard_colour: str) -> str:
    """An off-board's values for the four phase colours, the current phase's one boxed in black."""
    offboard = entry.get("offboard")
    if not offboard:
        return ""
    values = offboard.get("values", {})
    colours = [colour for colour in PHASE_COLOURS if colour in values]
    box, parts = 0.42 * R, []
    left = -box * len(colours) / 2
    for index, colour in enumerate(colours):
        now = colour == offboard_colour
        x = left + index * box
        stroke = f' stroke="{INK}" stroke-width="2.5"' if now else ' stroke="#ffffff" stroke-width="0.8"'
        ink = "#ffffff" if colour in ("green", "brown") else INK
        weight = ' font-weight="700"' if now else ""
        parts.append(f'<rect x="{num(x)}" y="{num(-box / 2)}" width="{num(box)}" height="{num(box)}"'
                     f' fill="{hex_fill(colour)}"{stroke}/>'
                     f'<text x="{num(x + box / 2)}" y="{num(4)}" font-size="10" fill="{ink}"{weight}>'
                     f"{values[colour]}</text>")
    return "".join(parts)


def _texts(entry: dict[str, Any], corners: Corners) -> str:
    """The place's name at the bottom, its label, the cost of the next tile and any bonus."""
    parts = []
    if entry.get("name"):
        name_y = -APOTHEM + 20 if entry.get("offboard") else APOTHEM - 5
        size = 8.5 if len(entry["name"]) <= 12 else 7  # "Nizhnii Novgorod" still fits its hex
        parts.append(f'<text y="{num(name_y)}" font-size="{num(size)}" fill="{INK}"{HALO}>'
                     f'{escape(entry["name"])}</text>')
    if entry.get("label"):
        x, y = corners.take("label")
        parts.append(f'<text x="{num(x)}" y="{num(y + 4.5)}" font-size="13" font-weight="700" '
                     f'fill="{INK}"{HALO}>{escape(entry["label"])}</text>')
    if entry.get("cost_to_build"):
        parts.append(_cost(entry, corners.take("cost")))
    if entry.get("bonus"):
        bonus = entry["bonus"]
        x, y = corners.take("bonus")
        parts.append(f'<text x="{num(x)}" y="{num(y + 3)}" font-size="8" font-weight="700" fill="{INK}"'
                     f'{HALO}>+{escape(str(bonus.get("bonus", "")))}<title>{escape(str(bonus.get("condition", "")))}'
                     f"</title></text>")
    return "".join(parts)


def _cost(entry: dict[str, Any], spot: Point) -> str:
    """What the next tile here costs to lay: a water wave when it is a river, and the roubles."""
    x, y = spot
    wave = ""
    if entry.get("terrain") == "water":
        wave = (f'<path d="M{num(x - 8)} {num(y - 7)}q4 -4 8 0t8 0" fill="none" stroke="#1f6fd1" '
                f'stroke-width="2"/>')
    cost = entry["cost_to_build"]
    return wave + f'<text x="{num(x)}" y="{num(y + 5)}" font-size="9" fill="{INK}"{HALO}>₽{cost}</text>'


def _coordinates(entry: dict[str, Any]) -> str:
    """The hex's name at its top (and the tile's number to its right), over any track."""
    x, y = entry["centre"][0] * R, entry["centre"][1] * R - APOTHEM + 10
    text = f'<text x="{num(x)}" y="{num(y)}">{escape(entry["id"])}</text>'
    if entry.get("tile"):
        text += (f'<text x="{num(x + TILE_NUMBER[0])}" y="{num(y + 2)}" font-size="7">'
                 f'{escape(str(entry["tile"]))}</text>')
    return text


def _borders(entry: dict[str, Any]) -> str:
    """Impassable borders as thick red-brown strokes, drawn over every hex so none is covered."""
    if not entry.get("borders"):
        return ""
    x, y = entry["centre"][0] * R, entry["centre"][1] * R
    lines = []
    for edge in entry["borders"]:
        (ax, ay), (bx, by) = edge_ends(int(edge))
        lines.append(f"M{pair((x + ax, y + ay))}L{pair((x + bx, y + by))}")
    return f'<path d="{"".join(lines)}" stroke="#7a1f1f" stroke-width="4" stroke-linecap="round"/>'


def _describe(entry: dict[str, Any]) -> str:
    """The hex in words, for a screen reader and a tooltip: "G15 Kharkov: tile 57; city 20 (NW)"."""
    words = [entry["id"] + (f" {entry['name']}" if entry.get("name") else "")]
    if entry.get("tile"):
        words.append(f"tile {entry['tile']}")
    for city in entry["cities"]:
        held = city.get("reserved_for") or []
        who = ", ".join([*city["tokens"], *(f"held for {company}" for company in held)])
        value = "" if city.get("revenue") is None else f" {city['revenue']}"
        words.append(f"city{value} ({who or 'free'}; {city['slots']} slot{'s' if city['slots'] != 1 else ''})")
    words += [f"town {town['revenue']}" if town.get("revenue") is not None else "town" for town in entry["towns"]]
    if entry.get("offboard"):
        words.append(f"off-board {entry['offboard']['revenue']}")
    if entry.get("cost_to_build"):
        words.append(f"costs {entry['cost_to_build']} to build")
    if entry.get("closed"):
        words.append("closed until phase 3")
    return "; ".join(words[:1]) + (": " + "; ".join(words[1:]) if len(words) > 1 else "")
