"""The optimiser finds the best legal route set: checked against brute force on random boards."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.t1861.optimiser import best_routes
from engine.t1861.revenue import Bonuses, PairBonus
from engine.t1861.routes import check_routes

from .networks import (
    EIGHT,
    EXPRESS,
    FOUR,
    THREE,
    TWO,
    TWO_PLUS_TWO,
    brute_force_best,
    city,
    line,
    network,
    random_networks,
)

TRAIN_SETS = [
    (TWO,),
    (THREE,),
    (TWO, TWO),
    (TWO, THREE),
    (TWO_PLUS_TWO,),
    (EXPRESS,),
    (EXPRESS, FOUR),
    (EIGHT, TWO_PLUS_TWO),
]
BONUSES = [Bonuses.of(), Bonuses.of({"H1": 10}), Bonuses(by_hex={"H2": 20}, pairs=(PairBonus("H0", "H2", 40),))]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_networks(), st.sampled_from(TRAIN_SETS), st.sampled_from(BONUSES))
def test_it_matches_an_exhaustive_search_and_its_answer_validates(net, trains, bonuses):
    found = best_routes(net, "A", trains, bonuses)

    assert found.proven_best
    assert found.revenue == brute_force_best(net, "A", trains, bonuses)
    assert check_routes(net, "A", found.plans, bonuses).revenue == found.revenue


def test_two_trains_share_no_track_even_when_both_want_the_same_line():
    stops, segments = line(city("A1", 10), city("B1", 20, tokens=["A"]), city("C1", 50), city("D1", 60))
    net = network(stops, segments)

    found = best_routes(net, "A", [TWO, TWO])

    assert found.revenue == (20 + 50) + (20 + 10)  # B1-C1 and B1-A1: the token city counts twice
    assert len(found.routes) == 2


def test_a_company_without_a_token_on_the_map_runs_nothing():
    stops, segments = line(city("A1", 10), city("B1", 20))

    assert best_routes(network(stops, segments), "A", [TWO]).routes == ()
