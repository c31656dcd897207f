"""The acting seat's map picker: every legal tile lay drawn in place, every token place with its cost.

Made from the seat's prompt alone, when the position is computed (``TitleUI.prompt_picker``):
the operate prompt's context lists every lay (``lays``) or token place (``tokens``) it offers,
with its cost; the ``home_city`` prompt's quick answers are its cities.  Nothing here decides
a rule.  A lay's preview is the hex as the map would draw it once the tile is laid: the
engine's map view of the hex after the lay (``map_view.hex_after_lay``) and the
map's own hex drawing (``map_svg.hex_svg``), so what the player picks is what they will see.

The result is plain data for ``templates/games/boards/_1861_lays.html``: hexes in order, each
with its choices and the forms they are posted by; each choice carries the form fields that
post it through the prompt's own option (``prompt_forms.fields_for_action``), so the list's
buttons and the map's confirm button send what the generic form would.  It is cached with the
seat's position, never with the board every visitor shares, and made only for the seat the
game waits on.
"""

from __future__ import annotations

from typing import Any

from engine.core import ActionOption, Prompt
from engine.t1861.data import DATA
from engine.t1861.loans import loans_words
from engine.t1861.map_view import hex_after_lay, hex_view
from engine.t1861.operate_prompt import edge_words, loans_to_pay, turn_words
from engine.t1861.state import State
from games.prompt_forms import fields_for_action
from games.titles.t1861.map_svg import hex_svg
from games.titles.t1861.track import APOTHEM, R, num, stop_positions

FOLDED_FROM = 8  # more choices than this: the list starts folded


def prompt_picker(state: State, prompt: Prompt) -> dict[str, Any] | None:
    """The picker for ``prompt``, or None when it asks for no lay or token."""
    if prompt.name == "operate" and prompt.context.get("lays") and prompt.accepts("lay_tile"):
        return _lay_picker(state, prompt, _option(prompt, "lay_tile"))
    if prompt.name == "operate" and prompt.context.get("tokens") and prompt.accepts("place_token"):
        places = [(place["hex"], place["city"], f"₽{place['cost']}") for place in prompt.context["tokens"]]
        return _token_picker(state, _option(prompt, "place_token"), places, "Place the token")
    if prompt.name == "home_city" and prompt.accepts("place_token"):
        places = [(answer.action["hex"].upper(), answer.action["city"], "") for answer in prompt.quick
                  if answer.action.get("type") == "place_token"]
        return _token_picker(state, _option(prompt, "place_token"), places, "Place the home token", home=True)
    return None


def _option(prompt: Prompt, kind: str) -> ActionOption:
    return next(option for option in prompt.actions if option.type == kind)


def _lay_picker(state: State, prompt: Prompt, option: ActionOption) -> dict[str, Any]:
    groups: dict[str, dict[str, Any]] = {}
    offboard_colour = DATA.phase(state.phase).offboard_colour
    for lay in prompt.context["lays"]:  # one per track laid: the prompt offers a symmetric tile's turns once
        hex_id, tile, rotation = lay["hex"], lay["tile"], lay["rotation"]
        group = groups[hex_id] if hex_id in groups else groups.setdefault(hex_id, _group(state, hex_id))
        action = {"type": "lay_tile", "hex": hex_id.lower(), "tile": tile, "rotation": rotation}
        after = hex_after_lay(state.board, hex_id, tile, rotation, state.phase)
        turn, edges = turn_words(rotation), edge_words(tile, rotation)
        group["choices"].append({
            "key": f"{hex_id}-{tile}-{rotation}", "hex": hex_id, "tile": tile, "rotation": rotation,
            "price": _lay_price(state, prompt.context["company"], lay["cost"]),
            "fields": fields_for_action(option, action),
            # (form heading, button words) when the button sends the rotation, or the tile
            "parts": {"f.rotation": (f"Tile {tile}", f"{turn}: {edges}"),
                      "f.tile": (turn[0].upper() + turn[1:], f"Tile {tile}: {edges}")},
            "drawing": _preview(after, offboard_colour),
        })
    return _picker("lays", "lay_tile", "Lay this tile", groups, len(prompt.context["lays"]))


def _lay_price(state: State, company: str, cost: int) -> str:
    """"₽80", or "₽80 (takes 2 loans)" when the company's cash falls short: the rules borrow for a lay
    without asking (G11), so the price is where the player learns of it."""
    taken = loans_to_pay(state, company, cost)
    return f"₽{cost}" + (f" (takes {loans_words(taken)})" if taken else "")


def _token_picker(state: State, option: ActionOption, places: list[tuple[str, int, str]], button: str,
                  home: bool = False) -> dict[str, Any]:
    groups: dict[str, dict[str, Any]] = {}
    for hex_id, city, price in places:
        group = groups[hex_id] if hex_id in groups else groups.setdefault(hex_id, _group(state, hex_id))
        action = {"type": "place_token", "hex": hex_id.lower(), "city": city}
        x, y = _city_point(group["entry"], city)
        several = len(group["entry"]["cities"]) > 1
        label = f"{'Home' if home else 'Token'} in {hex_id}" + (f" (city {city})" if several else "")
        group["choices"].append({
            "key": f"{hex_id}-{city}", "hex": hex_id, "city": city, "price": price, "x": num(x), "y": num(y),
            "fields": fields_for_action(option, action), "parts": {"f.city": ("", label)},
        })
    return _picker("tokens", "place_token", button, groups, len(places))


def _forms(choices: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The hex's choices as forms, each button sending one field (``name``, ``value``) and its form the rest.

    Of the fields a button may send (``parts``: the rotation or the tile), the one that leaves the
    fewest forms is taken: a fresh hex takes one tile at several rotations, an upgrade several tiles
    at one, and each form carries its own CSRF token, so a late game's several hundred lays stay light.
    """
    def forms_by(name: str) -> dict[tuple, dict[str, Any]]:
        forms: dict[tuple, dict[str, Any]] = {}
        for choice in choices:
            hidden = {key: value for key, value in choice["fields"].items() if key != name}
            heading, words = choice["parts"][name]
            form = forms.setdefault(tuple(hidden.items()), {"hidden": hidden, "label": heading, "choices": []})
            form["choices"].append({"key": choice["key"], "price": choice["price"], "x": choice.get("x"),
                                    "y": choice.get("y"), "drawing": choice.get("drawing"), "words": words,
                                    "button": {"name": name, "value": choice["fields"][name]}})
        return forms

    return list(min((forms_by(name) for name in choices[0]["parts"]), key=len).values())


def _picker(kind: str, action_type: str, button: str, groups: dict[str, dict[str, Any]], count: int) -> dict[str, Any]:
    """The picker's data; the hexes' map entries were only needed to place things, so they are dropped."""
    hexes = [{key: value for key, value in group.items() if key != "entry"} for group in groups.values()]
    for group in hexes:  # a long list stays folded, so a phone reaches the map (and its picker) soon
        group["open"] = len(hexes) == 1
        group["forms"] = _forms(group.pop("choices"))
        group["count"] = sum(len(form["choices"]) for form in group["forms"])
    return {"kind": kind, "type": action_type, "button": button, "hexes": hexes, "count": count,
            "open": count <= FOLDED_FROM}


def _group(state: State, hex_id: str) -> dict[str, Any]:
    """One hex of the picker: its name and where it sits on the map (its centre, in map units)."""
    entry = hex_view(state.board, hex_id, state.phase)
    x, y = entry["centre"][0] * R, entry["centre"][1] * R
    name = f"{hex_id} {entry['name']}" if entry.get("name") else hex_id
    return {"hex": hex_id, "name": name, "x": num(x), "y": num(y), "entry": entry, "choices": [],
            "box": f"{num(x - R)} {num(y - APOTHEM)} {num(2 * R)} {num(2 * APOTHEM)}"}


def _city_point(entry: dict[str, Any], city: int) -> tuple[float, float]:
    """Where city ``city`` of the hex is drawn, in map units (the map's own placing of stops)."""
    dx, dy = stop_positions(entry).get(f"c{city}", (0.0, 0.0))
    return entry["centre"][0] * R + dx, entry["centre"][1] * R + dy


def _preview(entry: dict[str, Any], offboard_colour: str) -> str:
    """The hex drawn as the map draws it, marked as a preview (the map's own hexes keep ``data-hex``)."""
    drawing = hex_svg(entry, offboard_colour).replace(" data-hex=", " data-preview=", 1)
    start = drawing.find("<title>")  # the map's tooltip words: the list and the panel say what the lay is
    return drawing[:start] + drawing[drawing.index("</title>", start) + len("</title>"):] if start >= 0 else drawing


