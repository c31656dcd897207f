"""Whether a route exists (23 R1 step 6) is answered exactly without the optimiser.

The routes step waits for ``run_routes`` only when some train can run; ``route_exists``
decides that from the track alone.  It must agree with the optimiser (its answer is
non-empty exactly when a route exists) and with a brute force over every walk, on random
networks, on random boards and at every position of the recorded games.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.t1861 import company_turn
from engine.t1861.map_replay import train_of
from engine.t1861.optimiser import best_routes
from engine.t1861.playout import random_board
from engine.t1861.route_exists import route_exists
from engine.t1861.routes import RouteError, RoutePlan, check_route
from engine.t1861.state import State
from engine.t1861.track_network import build_network
from tests.engine.t1861.games import fixture_replay

from .networks import EXPRESS, THREE, TWO, TWO_PLUS_TWO, all_walks, city, line, network, random_networks

PROBE_STEPS = 2_000  # the optimiser's budget when it was the routes step's probe


def _any_legal_walk(net, company: str, trains) -> bool:
    for walk in all_walks(net, 12):
        for train in trains:
            try:
                check_route(net, company, RoutePlan(train, walk))
            except RouteError:
                continue
            return True
    return False


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_networks(), st.sampled_from([(TWO,), (THREE, TWO), (TWO_PLUS_TWO,), (EXPRESS,)]))
def test_it_agrees_with_a_brute_force_and_the_optimiser_on_random_networks(net, trains):
    """12.5: two stops, a token city of the company among them, on track it may use."""
    exists = route_exists(net, "A", trains)

    assert exists == _any_legal_walk(net, "A", trains)
    assert exists == bool(best_routes(net, "A", trains).plans)


def test_a_line_from_a_token_city_to_a_town_is_a_route_and_a_lone_token_city_is_not():
    stops, segments = line(city("A1", 20, tokens=("A",)), city("A2", 10))
    assert route_exists(network(stops, segments), "A", [TWO])
    assert not route_exists(network(stops[:1], []), "A", [TWO])
    assert not route_exists(network(stops, segments), "B", [TWO])  # no token of B on it
    assert not route_exists(network(stops, segments), "A", [])  # no train runs


@pytest.mark.parametrize("seed", range(6))
def test_it_agrees_with_the_optimiser_on_random_boards(seed: int) -> None:
    board = random_board(seed, turns=40 + 20 * seed)
    for phase in ("2", "5", "8"):
        net = build_network(board, phase)
        for company in sorted({company for _, _, company in board.token_places()}):
            assert route_exists(net, company, [TWO]) == bool(
                best_routes(net, company, [TWO], step_limit=PROBE_STEPS).plans
            ), (seed, phase, company)


def _companies_with_trains(state: State) -> list[tuple[str, list[str]]]:
    entries = [*state.minors.items(), *state.majors.items(), (company_turn.RSR_ID, state.rsr)]
    return [(company, list(entry["trains"])) for company, entry in entries if entry.get("trains")]


@pytest.mark.parametrize("game", ["29683", "167259", "bank_breaks_then_final_phase"])
def test_it_agrees_with_the_optimiser_at_every_position_of_the_recorded_games(game: str) -> None:
    """Every company holding trains, after every recorded action: the answer the routes step
    used to get from the optimiser's probe is the one it gets now."""
    seen: set[tuple[Any, ...]] = set()
    kept_boards: list[Any] = []  # keeps each board alive, so no two share an id

    def compare(state: State, recorded: dict[str, Any]) -> None:
        net = company_turn.network(state)
        for company, trains in _companies_with_trains(state):
            key = (id(state.board), state.phase, company, tuple(trains))
            if key in seen:
                continue
            seen.add(key)
            kept_boards.append(state.board)
            types = [train_of(train) for train in trains]
            probe = best_routes(net, company.upper(), types, company_turn.bonuses(state, company),
                                step_limit=PROBE_STEPS)
            assert route_exists(net, company.upper(), types) == bool(probe.plans), (recorded.get("id"), company)

    fixture_replay(game, after_each=compare)
    assert seen  # the part replayed reaches operating rounds with trains
