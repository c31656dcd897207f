"""The route step's card on the 1861 game page: the suggested routes, the one-click accept, the editor.

When the viewer's prompt waits for the company's (or the RSR's) routes, the card lists each
train's suggested route with its stops and revenue and the total, as the engine's prompt
describes them (``context["routes"]``), offers the prompt's own quick answer as one button,
and a form with each train's stops to edit.  An edited set goes to
``games.t1861_route_views`` and from there through the one move path; the engine
finds the track between the stops and judges the routes (``engine.t1861.route_preview``).
This module only reads posts and lays out what the engine said.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core import UNFORESEEN_INPUT_ERRORS, Prompt
from engine.t1861.depot import train_names
from engine.t1861.route_preview import Preview, preview_stops
from games.titles.t1861.route_layer import DrawnRoute, drawn_routes, layer_svg, train_colour

EDIT_MARK = "routes_edit"  # a posted field: the post came from this card's editor
MAX_STOPS_CHARS = 300


@dataclass
class TrainRow:
    """One train in the editor: its index in the post, id, colour and the stops shown in its box."""

    index: int
    train: str
    colour: str
    stops: str
    name: str  # the train in words ("3-train"); ``train`` is its id


def is_route_prompt(prompt: Prompt | None) -> bool:
    """A prompt waiting for ``run_routes``: a company's routes step, or the RSR's routes."""
    if prompt is None:
        return False
    return prompt.name == "rsr_routes" or (prompt.name == "operate" and prompt.context.get("step") == "routes")


def entries_from_post(data: Mapping[str, Any], trains: list[str]) -> list[tuple[str, list[str]]]:
    """``(train, stops)`` for each train whose box names stops; trains are the prompt's, by position."""
    entries = []
    for index, train in enumerate(trains):
        text = str(data.get(f"stops.{index}", ""))[:MAX_STOPS_CHARS]
        stops = [stop for stop in re.split(r"[\s,;]+", text) if stop]
        if stops:
            entries.append((train, stops))
    return entries


def preview_post(state: Any, prompt: Prompt, data: Mapping[str, Any]) -> Preview:
    """What the engine says of the routes in a post from the editor (nothing is changed)."""
    try:
        return preview_stops(state, str(prompt.context["company"]), entries_from_post(data, trains_of(prompt)))
    except UNFORESEEN_INPUT_ERRORS:
        # The engine refuses bad routes with words; this keeps a case it missed a refusal, not a server error.
        return Preview(error="Those routes could not be read; pick each train's stops on the map in order.")


def stop_text(view_map: dict[str, Any], stops: list[str]) -> str:
    """Stops as the editor's box shows them: the hex alone when it has one stop, else the stop id."""
    counts = {entry["id"]: len(entry["cities"]) + len(entry["towns"]) + (1 if entry.get("offboard") else 0)
              for entry in view_map.get("hexes", [])}
    return " ".join(stop.split(":")[0] if counts.get(stop.split(":")[0], 0) == 1 else stop for stop in stops)


def card(prompt: Prompt | None, view: dict[str, Any], edited: Preview | None = None,
         posted: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
    """The card's context, or None when the prompt is not at a routes step.

    ``edited``/``posted``: a refused edit, whose routes are drawn (the refused one marked) and
    whose boxes keep what was sent.
    """
    if not is_route_prompt(prompt):
        return None
    assert prompt is not None
    view_map = (view.get("facts") or {}).get("map") or {}
    suggested = list(prompt.context.get("routes") or [])
    shown = _edited_routes(edited) if edited is not None else suggested
    refused = edited.refused if edited is not None else None
    by_train = {route["train"]: route for route in suggested}
    trains = trains_of(prompt)
    rows = []
    names = train_names(trains)
    for index, train in enumerate(trains):
        default = stop_text(view_map, list(by_train.get(train, {}).get("stops") or []))
        stops = str(posted.get(f"stops.{index}", default))[:MAX_STOPS_CHARS] if posted is not None else default
        rows.append(TrainRow(index, train, train_colour(index, train, trains), stops, names[train]))
    legend: list[DrawnRoute] = drawn_routes(view_map, shown, refused, trains)
    return {
        "legend": legend,
        "total": edited.revenue if edited is not None else prompt.context.get("revenue"),
        "suggested_total": prompt.context.get("revenue"),
        "quick_index": next((index for index, answer in enumerate(prompt.quick)
                             if answer.action.get("type") == "run_routes"), None),
        "rows": rows,
        "layer": layer_svg(view_map, shown, refused, pickable=True, trains=trains),
        "edited": edited is not None,
        "problem": edited.error if edited is not None else "",  # the engine's words, beside the routes
        "edit_mark": EDIT_MARK,
    }


def _edited_routes(preview: Preview) -> list[dict[str, Any]]:
    return [{"train": route.train, "segments": list(route.segments), "stops": list(route.stops),
             "revenue": route.revenue} for route in preview.routes]


def trains_of(prompt: Prompt) -> list[str]:
    return [str(train) for train in prompt.context.get("trains") or []]
