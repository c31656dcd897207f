"""Depot, phases, train limits and purchases (rules sections 2, 6, 12.9, 12.10, 16)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.t1861.depot import (
    Depot,
    bank_offer,
    cheapest_offer,
    copies_left,
    discard,
    new_depot,
    next_train,
    rust,
    sell,
    train_names,
    train_type_of,
)
from engine.t1861.phase_changes import events_fired, first_purchase, phase_after
from engine.t1861.train_limits import discard_choices, excess, has_room, train_limit
from engine.t1861.train_purchase import (
    Buyer,
    bank_purchase,
    buy_step_waits,
    company_purchase,
    must_buy,
    rsr_purchases,
)


def _sold(depot: Depot, count: int) -> Depot:
    for _ in range(count):
        depot = sell(depot, next_train(depot) or "", "2")
    return depot


def test_16_trains_are_sold_strictly_in_order_every_2_before_any_3() -> None:
    depot = new_depot(4)
    assert bank_offer(depot, "2") == ("2-0",)
    depot = _sold(depot, 9)
    assert bank_offer(depot, "2") == ("2-9",)
    with pytest.raises(IllegalAction, match="offers 2-9"):
        sell(depot, "3-0", "2")
    assert next_train(_sold(depot, 1)) == "3-0"


def test_16_the_8_is_unlimited_and_2_plus_2_and_5_plus_5e_sell_beside_it_from_phase_8() -> None:
    depot = _sold(new_depot(4), 10 + 7 + 4 + 4 + 2 + 2)
    assert bank_offer(depot, "7") == ("8-0",)
    assert copies_left(depot, "8") is None
    depot = sell(depot, "8-0", "7")
    assert bank_offer(depot, "8") == ("8-1", "2+2-0", "5+5e-0")


def test_16_a_5_plus_5e_copy_has_a_lower_case_id_and_counts_as_a_5_plus_5e_sold() -> None:
    # Ids are lower case (docs/titles/1861.md, Ids); bank_breaks_then_final_phase id 692 buys
    # "5+5E-0", which the import writes "5+5e-0", the copy the bank offers.
    depot = sell(_sold(new_depot(4), 10 + 7 + 4 + 4 + 2 + 2), "8-0", "7")
    assert train_type_of("5+5e-0") == train_type_of("5+5E-0") == "5+5E"
    depot = sell(depot, "5+5e-0", "8")
    assert depot.sold_of("5+5E") == 1
    assert bank_offer(depot, "8") == ("8-1", "2+2-0", "5+5e-1")


def test_2_two_players_play_without_the_last_copies_of_2_to_7() -> None:
    assert [copies_left(new_depot(2), kind) for kind in ("2", "3", "4", "5", "6", "7")] == [7, 5, 3, 3, 1, 1]
    assert copies_left(new_depot(3), "2") == 10


def test_12_9_discarded_trains_are_sold_from_the_open_market_at_face_value_and_rust_there_too() -> None:
    depot = discard(_sold(new_depot(4), 12), "3-0")
    assert bank_offer(depot, "3") == ("3-2", "3-0")
    assert sell(depot, "3-0", "3").open_market == ()
    assert rust(depot, "3").open_market == ()


def test_12_9_the_open_market_offers_the_first_discarded_copy_of_each_type() -> None:
    """Copies of a type are alike; 18xx.games offers only the copy discarded first and refuses
    any other ("Not a buyable train", even when loading a game): the oracle's random seed 355
    (2 players, column market) had 2-2 and 2-6 in the open market and MB buying 2-6.  A
    submitted purchase of another copy is still sold, so a record naming one replays."""
    depot = discard(discard(discard(_sold(new_depot(4), 12), "2-6"), "3-0"), "2-2")
    assert bank_offer(depot, "3") == ("3-2", "2-6", "3-0")
    assert cheapest_offer(depot, "3") == "2-6"
    assert sell(depot, "2-2", "3").open_market == ("2-6", "3-0")
    assert bank_purchase(Buyer("KR", "minor", cash=500, loans=0, trains=()), "2-2", depot, "3").train == "2-2"


def test_16_the_first_4_starts_phase_4_rusts_the_2s_and_lets_majors_ipo() -> None:
    effects = first_purchase("4", "3", frozenset({"2", "3"}))
    assert effects is not None
    assert (effects.phase, effects.rusts) == ("4", ("2",))
    assert effects.events == ("majors_can_ipo", "trainless_nationalization")
    assert first_purchase("4", "4", frozenset({"2", "3", "4"})) is None


def test_16_the_first_8_rusts_the_4s_nationalises_the_minors_and_checks_trainless_companies() -> None:
    effects = first_purchase("8", "7", frozenset({"2", "3", "4", "5", "6", "7"}))
    assert effects is not None
    assert (effects.phase, effects.rusts) == ("8", ("4",))
    assert effects.events == ("minors_nationalized", "trainless_nationalization")


def test_16_phases_never_move_backwards() -> None:
    assert phase_after("8", "2+2") == "8"
    assert phase_after("5", "3") == "5"
    assert phase_after("2", "3") == "3"


def test_5_and_16_train_limits_per_company_kind_and_phase() -> None:
    assert [train_limit("minor", phase) for phase in "2345678"] == [2, 2, 1, 1, 1, 1, 0]
    assert [train_limit("major", phase) for phase in "345678"] == [4, 3, 3, 2, 2, 2]
    assert train_limit("national", "6") is None


def test_12_9_a_phase_change_puts_a_minor_over_its_limit_and_it_chooses_what_to_discard() -> None:
    assert excess("minor", "4", ("3-0", "3-1")) == 1
    assert discard_choices("minor", "4", ("3-0", "3-1")) == ("3-0", "3-1")
    assert discard_choices("minor", "3", ("3-0", "3-1")) == ()
    assert not has_room("major", "6", ("5-0", "6-0"))


def test_12_10_a_train_from_the_bank_costs_face_value_and_needs_room() -> None:
    depot = _sold(new_depot(4), 10)
    buyer = Buyer("MK", "major", cash=300, loans=0, trains=("2-0",))
    assert bank_purchase(buyer, "3-0", depot, "3").price == 225
    full = Buyer("MK", "major", cash=300, loans=0, trains=("2-0", "2-1", "2-2", "2-3"))
    with pytest.raises(IllegalAction, match="as many trains"):
        bank_purchase(full, "3-0", depot, "3")


def test_12_10_a_company_with_a_train_may_not_borrow_for_another() -> None:
    depot = _sold(new_depot(4), 10)
    with pytest.raises(IllegalAction, match="cannot pay"):
        bank_purchase(Buyer("MK", "major", cash=200, loans=0, trains=("2-0",)), "3-0", depot, "3")


def test_12_10_a_trainless_company_must_buy_and_loans_cover_the_gap_the_president_pays_nothing() -> None:
    depot = _sold(new_depot(4), 10)
    buyer = Buyer("KR", "minor", cash=150, loans=0, trains=())
    assert must_buy(buyer, depot, "3")
    assert bank_purchase(buyer, "3-0", depot, "3").loans == 2  # 150 + 2 x 45 = 240 >= 225


def test_12_10_a_trainless_company_that_cannot_finance_the_cheapest_train_is_not_forced() -> None:
    depot = _sold(new_depot(4), 10)
    buyer = Buyer("KR", "minor", cash=100, loans=1, trains=())
    assert not must_buy(buyer, depot, "3")
    with pytest.raises(IllegalAction, match="even with every loan"):
        bank_purchase(buyer, "3-0", depot, "3")


def test_g6_a_merged_major_above_its_loan_maximum_is_not_forced_by_cash_just_over_the_price() -> None:
    depot = _sold(new_depot(4), 10)
    merged = Buyer("MK", "major", cash=250, loans=6, trains=())  # buying power 250 - 45 < 225
    assert not must_buy(merged, depot, "3")
    assert buy_step_waits(merged, depot, "3", others_own_trains=False)  # it may buy, or pass
    assert bank_purchase(merged, "3-0", depot, "3").loans == 0


def test_13_a_forced_purchase_cannot_borrow_loans_the_supply_no_longer_holds() -> None:
    depot = _sold(new_depot(4), 10)
    buyer = Buyer("KR", "minor", cash=150, loans=0, trains=(), supply=1)
    with pytest.raises(IllegalAction, match="even with every loan"):
        bank_purchase(buyer, "3-0", depot, "3")


def test_12_10_a_forced_buyer_may_take_the_cheaper_discarded_train() -> None:
    depot = discard(_sold(new_depot(4), 12), "2-3")
    assert cheapest_offer(depot, "3") == "2-3"


def test_12_10_trains_between_companies_cost_1_to_the_buyers_cash_and_never_come_from_the_rsr() -> None:
    buyer = Buyer("MK", "major", cash=80, loans=0, trains=())
    assert company_purchase(buyer, "KR", "3-1", 1, "3").price == 1
    with pytest.raises(IllegalAction, match="₽1 to ₽80"):
        company_purchase(buyer, "KR", "3-1", 81, "3")
    with pytest.raises(IllegalAction, match="RSR"):
        company_purchase(buyer, "RSR", "3-1", 10, "4")


def test_6_the_trainless_rsr_borrows_for_the_cheapest_train_then_buys_while_its_cash_lasts() -> None:
    depot = _sold(new_depot(4), 10 + 7 + 1)  # the next train is 4-1
    bought = rsr_purchases(depot, "4", cash=400, loans=0, has_train=False)
    assert [(p.train, p.loans) for p in bought] == [("4-1", 0)]
    rich = rsr_purchases(depot, "4", cash=1300, loans=0, has_train=True)
    assert [p.train for p in rich] == ["4-1", "4-2", "4-3"]
    poor = rsr_purchases(depot, "4", cash=0, loans=0, has_train=False)
    assert [(p.train, p.loans) for p in poor] == [("4-1", 8)]


def test_16_events_stand_once_fired_green_minors_from_the_first_3_no_new_minors_from_the_first_5() -> None:
    assert "green_minors_available" not in events_fired({"2"})
    assert {"green_minors_available", "majors_can_ipo"} <= events_fired({"2", "3", "4"})
    assert "minors_cannot_start" in events_fired({"2", "3", "4", "5"})


def test_r1_step_11_asks_a_company_with_room_and_1_rouble_when_another_company_owns_a_train() -> None:
    depot = _sold(new_depot(4), 10 + 7 + 1)
    poor = Buyer("MK", "major", cash=5, loans=0, trains=("3-0",))
    assert buy_step_waits(poor, depot, "4", others_own_trains=True)  # even if only the RSR has trains
    assert not buy_step_waits(poor, depot, "4", others_own_trains=False)
    full = Buyer("KR", "minor", cash=900, loans=0, trains=("3-1",))
    assert not buy_step_waits(full, depot, "4", others_own_trains=True)
    forced = Buyer("MK", "major", cash=200, loans=0, trains=())
    assert buy_step_waits(forced, depot, "4", others_own_trains=False)


def test_the_log_names_one_train_with_its_article() -> None:
    """A walk read "buys a 8-train" and "The RSR buys the 8-0 train" (a copy's id, not its name)."""
    from engine.t1861.depot import a_train

    assert [a_train(copy) for copy in ("2-0", "8-3", "2+2-1", "5+5e-0")] == [
        "a 2-train", "an 8-train", "a 2+2-train", "a 5+5E-train"]


def test_trains_are_named_by_type_and_told_apart_only_where_a_company_holds_two_of_a_type() -> None:
    """The route card's legend: "3-1" numbers the copy in the whole game, which says nothing to a player."""
    assert train_names(["2-0", "3-1", "3-4", "2+2-0"]) == {
        "2-0": "2-train", "3-1": "3-train (1st)", "3-4": "3-train (2nd)", "2+2-0": "2+2-train"}
    assert train_names(["5+5e-0"]) == {"5+5e-0": "5+5E-train"}
