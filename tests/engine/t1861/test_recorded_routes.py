"""18xx.games' recorded routes (connections and nodes) become our plans, and back."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from engine.t1861.board import Board
from engine.t1861.optimiser import best_routes
from engine.t1861.recorded_routes import node_stop, recorded_form, recorded_plan, recorded_plans
from engine.t1861.routes import RouteError, check_routes
from engine.t1861.track_network import build_network

from .networks import EXPRESS, THREE, TWO, city, junction, network, random_networks, town

# A route as 18xx.games records it: Moscow's city 1 to St. Petersburg along the printed line.
RECORDED = {
    "train": "2-0",
    "connections": [["H8", "G7", "G5"], ["G5", "F4", "F2", "E1"]],
    "nodes": ["H8-1", "G5-0", "E1-1"],
}


def test_a_recorded_route_on_the_printed_map_becomes_the_same_walk_and_earns_the_same():
    board = Board.empty().place_token("N", "H8", 1)
    net = build_network(board, "2")

    plan = recorded_plan(net, RECORDED, TWO)

    assert [net.stops[stop].hex for stop in check_routes(net, "N", [plan]).routes[0].stops] == ["H8", "G5", "E1"]
    assert check_routes(net, "N", [plan]).revenue == 40 + 40  # Moscow and St. Petersburg; the town is free
    assert recorded_form(net, plan.segments) == {key: RECORDED[key] for key in ("connections", "nodes")}


def test_stretches_may_be_written_in_either_direction_and_need_no_nodes():
    board = Board.empty().place_token("N", "H8", 1)
    net = build_network(board, "2")
    backwards = {"train": "2-0", "connections": [["E1", "F2", "F4", "G5"], ["G5", "G7", "H8"]]}

    plan = recorded_plans(net, [backwards], lambda train_id: TWO)[0]

    assert check_routes(net, "N", [plan]).routes[0].stops == ("E1:c1", "G5:t0", "H8:c1")


def test_node_indices_count_cities_then_towns_then_the_off_board():
    net = network([city("X", 10, index=1), city("X", 20), town("Y", 10)], [])

    assert [node_stop(net, sig) for sig in ("X-0", "X-1", "Y-0", "Y-1")] == ["X:c0", "X:c1", "Y:t0", None]


def test_nodes_break_a_tie_between_two_cities_the_same_hexes_reach():
    # Hex M has two cities both joined to its border with hex B.
    border = junction("B.0", "M.3")
    stops = [city("M", 30, index=0), city("M", 30, index=1), city("B", 10, tokens=["A"])]
    net = network(stops, [("M", "M:c0", border), ("M", "M:c1", border), ("B", border, "B:c0")])
    to_city_1 = {"train": "2-0", "connections": [["B", "M"]], "nodes": ["B-0", "M-1"]}

    assert recorded_plan(net, to_city_1, TWO).segments == ("B/0", "M/1")
    assert recorded_plan(net, {**to_city_1, "nodes": ["B-0", "M-0"]}, TWO).segments == ("B/0", "M/0")


def test_track_that_is_not_on_the_map_is_refused_in_words():
    net = build_network(Board.empty(), "2")
    wrong = {"train": "2-0", "connections": [["H8", "H10", "H12"]]}

    with pytest.raises(
        RouteError, match=r"The recorded 2-train's route runs on track that is not on the map \(H8-H10-H12\)\."
    ):
        recorded_plan(net, wrong, TWO)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_networks())
def test_every_optimiser_route_goes_to_the_recorded_form_and_back_to_the_same_revenue(net):
    found = best_routes(net, "A", [THREE, EXPRESS])
    recorded = [{"train": route.train.name, **recorded_form(net, route.segments)} for route in found.routes]
    trains = {route.train.name: route.train for route in found.routes}

    plans = recorded_plans(net, recorded, lambda name: trains[name])

    assert check_routes(net, "A", plans).revenue == found.revenue
