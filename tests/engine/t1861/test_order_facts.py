"""1861's order facts (engine.core.order_facts) on game 29683: what standing orders hear of a move."""

from __future__ import annotations

from functools import cache

from engine.core import order_facts, order_subjects
from engine.core.order_facts import PHASE_CHANGED, SHARES_SOLD, STOCK_ROUND_ENDED, TRAIN_RUSTED
from engine.t1861.export import parse_export
from engine.t1861.importer import replay_export
from engine.t1861.title import TITLE
from tests.games.t1861_imports import running_export


@cache
def facts_by_move() -> dict[int, list]:
    record = replay_export(parse_export(running_export(10**9))).record
    state = TITLE.new_game(record["players"], record["seed"], TITLE.validate_options(record["options"]))
    found = {}
    for number, entry in enumerate(record["actions"][:390]):
        facts = order_facts(state, TITLE.apply_in_place(state, entry["seat"], entry["action"]))
        if facts:
            found[number] = facts
    return found


def test_a_sale_concerns_the_other_holders_of_that_major_only() -> None:
    (sale,) = facts_by_move()[385]  # Player 3 sells a GRR share; Player 1 and 2 hold GRR
    assert (sale.kind, sale.because, sale.seats, sale.companies) == (
        SHARES_SOLD, "Player 3 sold 1 GRR share", frozenset({0, 1}), frozenset({"grr"}))
    assert sale.touches(0, None) and not sale.touches(2, None) and not sale.touches(0, "nw")


def test_the_first_4_train_gives_a_new_phase_and_names_the_companies_whose_2_trains_rusted() -> None:
    phase, rust = facts_by_move()[322]
    assert (phase.kind, phase.because, phase.seats, phase.companies) == (PHASE_CHANGED, "phase 4 began", None, None)
    assert (rust.kind, rust.because) == (TRAIN_RUSTED, "the 2 trains rusted")
    assert rust.companies == frozenset({"y", "ok", "nw", "m-k", "kr", "mv", "ro", "kb"})
    assert rust.touches(0, "kr") and not rust.touches(1, "grr")


def test_each_stock_round_end_is_a_fact_and_quiet_moves_give_none() -> None:
    ends = [number for number, facts in facts_by_move().items() if facts[0].kind == STOCK_ROUND_ENDED]
    assert ends == [52, 111, 200, 389]
    assert 384 not in facts_by_move()  # a pass changes nothing an order assumed


def test_a_seat_may_set_orders_about_the_companies_it_runs() -> None:
    record = replay_export(parse_export(running_export(378))).record  # move 349: NW's dividend step
    state = TITLE.new_game(record["players"], record["seed"], TITLE.validate_options(record["options"]))
    for entry in record["actions"]:
        TITLE.apply_in_place(state, entry["seat"], entry["action"])
    assert order_subjects(state, 2) == [("kk", "KK", ("routes",)), ("spw", "SPW", ("routes",)),
                                        ("nw", "NW", ("routes", "dividend"))]  # a minor is never asked its dividend
