"""Routes on the real 1861 map: train types and the Ekaterinburg bonus from the data file,
and the optimiser's answers on boards grown by legal lays."""

from __future__ import annotations

import pytest

from engine.t1861.board import Board
from engine.t1861.data import DATA
from engine.t1861.optimiser import best_routes
from engine.t1861.revenue import EKATERINBURG_MOSCOW
from engine.t1861.routes import check_routes
from engine.t1861.sample_boards import grown_board
from engine.t1861.track_network import build_network
from engine.t1861.trains import Train

TRAINS = {entry["name"]: Train.from_data(entry) for entry in DATA.raw["trains"]}


def test_every_train_type_of_the_data_file_reads_as_its_counting_rule():
    assert [(t.name, t.allowance, t.multiplier, t.express) for t in TRAINS.values()] == [
        *[(str(n), n, 1, False) for n in range(2, 9)],
        ("2+2", 2, 2, False),
        ("5+5E", 5, 2, True),
    ]
    assert TRAINS["5+5E"].label == "5+5E-train"


def test_the_ekaterinburg_bonus_is_the_data_files():
    special = DATA.raw["hexes"][EKATERINBURG_MOSCOW.bonus_hex]["special_revenue"]
    assert (special["bonus"], special["multiplied_by_train_multiplier"]) == (EKATERINBURG_MOSCOW.amount, True)
    assert f"({EKATERINBURG_MOSCOW.with_hex})" in special["condition"]


def test_on_the_printed_map_a_moscow_minor_runs_to_st_petersburg():
    network = build_network(Board.empty().place_token("N", "H8", 1), "2")

    found = best_routes(network, "N", [TRAINS["2"], TRAINS["2"]])

    assert found.revenue == 80 and found.proven_best  # one line out of its Moscow city: one train runs
    assert [route.counted for route in found.routes] == [("H8:c1", "E1:c1")]


@pytest.fixture(scope="module")
def late_board():
    board, phase = grown_board(seed=3, turns=6)
    return build_network(board, phase)


@pytest.mark.parametrize("company", ["N", "SPW", "KR", "E"])
@pytest.mark.parametrize("train_set", [("8", "2+2"), ("4", "5"), ("5+5E",)])
def test_every_answer_on_a_grown_board_is_legal_and_the_same_each_time(late_board, company, train_set):
    trains = [TRAINS[name] for name in train_set]

    found = best_routes(late_board, company, trains)

    assert check_routes(late_board, company, found.plans).revenue == found.revenue
    assert best_routes(late_board, company, trains) == found
    assert found.revenue >= max((best_routes(late_board, company, [t]).revenue for t in trains), default=0)
