"""Routes written stop by stop (engine.t1861.route_stops, route_preview) on recorded 29683 positions.

The optimiser's suggested routes, written as their stops alone, come back as routes that earn
what the suggestion earns (the track found between the stops is as good as the optimiser's);
stops no track joins, unknown places and shared track are refused in words naming the route.
"""

from __future__ import annotations

from functools import cache

import pytest

import engine.core as engine
from engine.t1861.import_command import import_text
from engine.t1861.route_preview import preview_routes, preview_stops
from tests.games.t1861_imports import running_export

CUTS = {450: "nw", 474: "rsr", 521: "mkn"}  # NW's 3- and 4-train; the RSR's 4-train; MKN's three trains


@cache
def position(cut: int):
    _, imported = import_text(running_export(cut))
    prompt = next(p for p in engine.prompts(imported.state) if p.context.get("company") == CUTS[cut])
    return imported.state, prompt


@pytest.mark.parametrize("cut", sorted(CUTS))
def test_the_suggestion_written_as_stops_earns_what_the_suggestion_earns(cut):
    state, prompt = position(cut)
    suggested = prompt.context["routes"]
    assert prompt.context["revenue"] == preview_routes(state, CUTS[cut], prompt.quick[0].action["routes"]).revenue
    by_stops = preview_stops(state, CUTS[cut], [(route["train"], route["stops"]) for route in suggested])
    assert by_stops.legal, by_stops.error
    assert [route.revenue for route in by_stops.routes] == [route["revenue"] for route in suggested]
    assert by_stops.revenue == prompt.context["revenue"]
    by_hexes = [(route["train"], [stop.split(":")[0] for stop in route["stops"]]) for route in suggested]
    assert preview_stops(state, CUTS[cut], by_hexes).revenue == prompt.context["revenue"]


def test_refusals_name_the_route_and_the_places():
    state, _ = position(450)
    gap = preview_stops(state, "nw", [("3-1", ["D14", "E1"])])
    assert (gap.refused, gap.revenue) == (0, None)
    assert gap.error.startswith("The 3-train's route: no track joins Kiev (D14) and St. Petersburg (E1)")
    assert preview_stops(state, "nw", [("3-1", ["D14", "ZZ"])]).error == (
        "ZZ has no city, town or off-board that track reaches.")
    assert preview_stops(state, "nw", [("3-1", ["D14"])]).error.startswith(
        "The 3-train's route must run between at least two stops")
    shared = preview_stops(state, "nw", [("3-1", ["D14:c2", "E13", "E11", "E9", "H8"]), ("4-1", ["H8", "E9"])])
    assert (shared.refused, shared.error) == (1, "The 3-train's route and the 4-train's route both use the same"
                                                 " track in H8.")
    second = preview_stops(state, "nw", [("3-1", ["D14:c2", "E13", "E11", "E9"]), ("4-1", ["E9", "A9"])])
    assert second.refused == 1 and second.routes[0].segments  # the route that fits is still drawn
    assert preview_stops(state, "nw", [("9-9", ["D14:c2", "E13", "E11", "E9"])]).error == "NW has no train 9-9 to run."
