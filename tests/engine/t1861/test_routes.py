"""The rules of a route, one at a time, on small hand-made networks."""

from __future__ import annotations

import pytest

from engine.t1861.network import Stop
from engine.t1861.revenue import Bonuses
from engine.t1861.routes import RouteError, RoutePlan, check_route, check_routes

from .networks import EXPRESS, THREE, TWO, TWO_PLUS_TWO, city, junction, line, network, offboard, town

HOME = city("A1", 20, tokens=["A"])


def plan_along(train, net, first_stop: str, last_stop: str) -> RoutePlan:
    """The plan running along a line network from one stop to another (segments in order)."""
    ids = [segment.id for segment in net.segments]
    stop_ids = [s for s in (seg.ends[0] for seg in net.segments) if s in net.stops] + [net.segments[-1].ends[1]]
    start, end = stop_ids.index(first_stop), stop_ids.index(last_stop)
    if start <= end:
        return RoutePlan(train, tuple(ids[2 * start : 2 * end]))
    return RoutePlan(train, tuple(reversed(ids[2 * end : 2 * start])))


def refusal(net, *plans, company="A", bonuses=None, names=None) -> str:
    with pytest.raises(RouteError) as caught:
        check_routes(net, company, list(plans), bonuses, names)
    return str(caught.value)


def test_a_legal_route_counts_its_cities_and_pays_their_values():
    net = network(*line(HOME, town("B1", 10), city("C1", 40)))

    route = check_route(net, "A", plan_along(TWO, net, "A1:c0", "C1:c0"))

    assert route.stops == ("A1:c0", "B1:t0", "C1:c0")
    assert route.counted == ("A1:c0", "C1:c0")
    assert route.revenue == 60


def test_a_route_may_be_given_from_either_end():
    net = network(*line(HOME, town("B1", 10), city("C1", 40)))

    route = check_route(net, "A", plan_along(TWO, net, "C1:c0", "A1:c0"))

    assert route.stops == ("C1:c0", "B1:t0", "A1:c0")
    assert route.revenue == 60


def test_towns_fill_spare_capacity_best_first():
    net = network(*line(HOME, town("B1", 10), town("C1", 30), city("D1", 40)))

    assert check_route(net, "A", plan_along(THREE, net, "A1:c0", "D1:c0")).revenue == 20 + 40 + 30


def test_a_train_may_not_visit_more_cities_than_it_counts():
    net = network(*line(HOME, city("B1", 10), city("C1", 30)))

    message = refusal(net, plan_along(TWO, net, "A1:c0", "C1:c0"))

    assert message == "The 2-train's route visits 3 cities and off-boards; a 2-train may visit at most 2."


def test_two_plus_two_doubles_its_revenue():
    net = network(*line(HOME, town("B1", 10), city("C1", 40)))

    assert check_route(net, "A", plan_along(TWO_PLUS_TWO, net, "A1:c0", "C1:c0")).revenue == 2 * 60


def test_a_route_must_reach_a_token_of_the_company():
    net = network(*line(city("A1", 20, tokens=["B"], slots=2), city("C1", 40)))

    message = refusal(net, plan_along(TWO, net, "A1:c0", "C1:c0"))

    assert message == "The 2-train's route does not reach any of A's station tokens."


def test_a_route_needs_two_stops_and_must_end_at_stops():
    stops, segments = line(HOME, city("C1", 40))
    net = network(stops, segments)

    assert refusal(net, RoutePlan(TWO, ("A1/0",))) == (
        "The 2-train's route must start and end at a city, town or off-board, not in open track."
    )


def test_a_route_must_be_connected():
    net = network(*line(HOME, city("B1", 30), city("C1", 40)))

    message = refusal(net, RoutePlan(TWO, ("A1/0", "B1/0", "C1/0")))

    assert message == "The 2-train's route is not connected: its track breaks off in C1."


def test_a_route_may_end_at_a_city_filled_by_others_but_not_pass_through_it():
    full = city("B1", 30, tokens=["X"])
    net = network(*line(HOME, full, city("C1", 40)))

    assert check_route(net, "A", plan_along(TWO, net, "A1:c0", "B1:c0")).revenue == 50
    message = refusal(net, plan_along(THREE, net, "A1:c0", "C1:c0"), names={"B1": "Kazan"})
    assert message == "The 3-train's route passes through Kazan (B1), whose slots are all taken by other companies."


def test_a_city_with_the_companys_token_or_a_free_slot_can_be_passed():
    net = network(*line(HOME, city("B1", 30, tokens=["X", "A"], slots=2), city("C1", 40)))

    assert check_route(net, "A", plan_along(THREE, net, "A1:c0", "C1:c0")).revenue == 90


def test_an_off_board_ends_a_route():
    net = network(*line(HOME, offboard("B1", 30), city("C1", 40)))

    message = refusal(net, plan_along(THREE, net, "A1:c0", "C1:c0"))

    assert message == "The 3-train's route runs through the off-board in B1; an off-board ends a route."


def test_only_one_hex_of_an_off_board_area_per_route():
    net = network(*line(offboard("P1", 30, "Poland"), HOME, offboard("P2", 30, "Poland")))

    message = refusal(net, plan_along(THREE, net, "P1:o0", "P2:o0"))

    assert (
        message == "The 3-train's route uses two hexes of Poland; a route may use only one hex of each off-board area."
    )


def test_a_route_may_not_touch_two_nodes_in_one_hex_even_a_town_it_does_not_count():
    # Moscow-like hex M with a city and a town; track leaves M and comes back.
    moscow_city, moscow_town = city("M", 40, tokens=["A"]), town("M", 10)
    out, back = junction("M.0", "X.3"), junction("M.1", "X.4")
    net = network(
        [moscow_city, moscow_town, town("X", 0)],
        [("M", moscow_city.id, out), ("X", out, "X:t0"), ("X", "X:t0", back), ("M", back, moscow_town.id)],
    )

    message = refusal(net, RoutePlan(TWO, ("M/0", "X/0", "X/1", "M/1")))

    assert message == "The 2-train's route touches two stops in M; a route may touch only one stop in each hex."


def test_at_a_junction_a_route_runs_on_into_the_other_hex():
    # Hex H holds a tile-23-like pair of paths sharing its edge toward S.
    south, north, east = junction("H.0", "S.3"), junction("H.3", "T.0"), junction("H.4", "U.1")
    net = network(
        [city("T", 30, tokens=["A"]), city("U", 40), city("S", 10)],
        [("T", "T:c0", north), ("H", north, south), ("H", south, east), ("U", east, "U:c0"), ("S", south, "S:c0")],
    )

    message = refusal(net, RoutePlan(TWO, ("T/0", "H/0", "H/1", "U/0")))

    assert message == "The 2-train's route reverses in H; a train must run on into the next hex."
    assert check_route(net, "A", RoutePlan(TWO, ("T/0", "H/0", "S/0"))).revenue == 40


def test_a_route_may_not_cross_the_same_border_twice():
    border, onward = junction("A.0", "B.3"), junction("A.5", "C.2")
    net = network(
        [city("A", 20, tokens=["A"]), town("B", 10), city("C", 30)],
        [
            ("A", "A:c0", border),
            ("B", border, "B:t0"),
            ("B", "B:t0", border),
            ("A", border, onward),
            ("C", onward, "C:c0"),
        ],
    )

    message = refusal(net, RoutePlan(THREE, ("A/0", "B/0", "B/1", "A/1", "C/0")))

    assert message == "The 3-train's route uses the same track twice in B."


def test_two_routes_of_a_company_may_meet_in_a_city_but_not_share_track():
    net = network(*line(city("A1", 10), city("B1", 20, tokens=["A"]), city("C1", 50)))
    left, right = plan_along(TWO, net, "B1:c0", "A1:c0"), plan_along(TWO, net, "B1:c0", "C1:c0")

    assert check_routes(net, "A", [left, right]).revenue == 30 + 70
    assert refusal(net, left, plan_along(THREE, net, "A1:c0", "C1:c0")) == (
        "The 2-train's route and the 3-train's route both use the same track in A1."
    )
    assert refusal(net, left, RoutePlan(TWO, tuple(reversed(left.segments)))) == (
        "The first 2-train's route and the second 2-train's route both use the same track in A1."
    )


def test_paths_sharing_a_tile_edge_are_one_piece_of_track_for_two_routes():
    # A tile-23-like hex H: both of its paths use its edge toward S.
    south, north, east = junction("H.0", "S.3"), junction("H.3", "T.0"), junction("H.4", "U.1")
    net = network(
        [city("S", 10, tokens=["A"]), city("T", 30), city("U", 40)],
        [("S", "S:c0", south), ("H", south, north), ("H", south, east), ("T", north, "T:c0"), ("U", east, "U:c0")],
    )
    to_t, to_u = RoutePlan(TWO, ("S/0", "H/0", "T/0")), RoutePlan(THREE, ("S/0", "H/1", "U/0"))

    assert check_route(net, "A", to_t).revenue == 40 and check_route(net, "A", to_u).revenue == 50
    assert refusal(net, to_t, to_u) == "The 2-train's route and the 3-train's route both use the same track in S."


def test_the_express_counts_off_boards_and_fills_with_the_best_cities_including_a_token():
    stops = [offboard("P1", 50), city("A1", 10, tokens=["A"])] + [city(f"C{i}", 40) for i in range(1, 6)]
    net = network(*line(*stops))

    route = check_route(net, "A", plan_along(EXPRESS, net, "P1:o0", "C5:c0"))

    assert "P1:o0" in route.counted and "A1:c0" in route.counted and len(route.counted) == 5
    assert route.revenue == 2 * (50 + 10 + 3 * 40)


def test_the_ekaterinburg_moscow_bonus_is_multiplied_by_the_train():
    net = network(*line(city("Q3", 40), city("H8", 40, tokens=["A"])))
    plan = plan_along(TWO_PLUS_TWO, net, "Q3:c0", "H8:c0")

    assert check_route(net, "A", plan).revenue == 2 * (40 + 40 + 40)
    assert check_route(net, "A", plan, Bonuses(by_hex={}, pairs=())).revenue == 2 * 80


def test_private_bonuses_count_once_per_route_and_are_not_doubled():
    net = network(*line(city("H8", 40, tokens=["A"]), city("D20", 30)))
    bonuses = Bonuses.of({"H8": 20, "D20": 10})

    assert check_route(net, "A", plan_along(TWO_PLUS_TWO, net, "H8:c0", "D20:c0"), bonuses).revenue == 2 * 70 + 30


def test_a_bonus_town_is_preferred_when_it_pays_more_with_its_bonus():
    net = network(*line(HOME, town("B1", 20), town("C1", 10), city("D1", 40)))
    bonuses = Bonuses.of({"C1": 20})

    route = check_route(net, "A", plan_along(THREE, net, "A1:c0", "D1:c0"), bonuses)

    assert route.counted == ("A1:c0", "C1:t0", "D1:c0") and route.revenue == 20 + 10 + 40 + 20


def test_unknown_track_is_refused_by_name():
    net = network(*line(HOME, city("B1", 30)))

    assert refusal(net, RoutePlan(TWO, ("Z9/0",))) == "The 2-train's route uses track that is not on the map (Z9/0)."


def test_stop_kind_changes_nothing_in_a_network_but_the_rules():
    assert Stop("X:c0", "X", "city", 10, slots=1, tokens=("B",)).is_blocked_for("A")
