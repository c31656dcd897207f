"""Nationalisation (rules section 15, 6, 23 R4, G5) on its own and in the recorded games."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.t1861.mergers import Assets
from engine.t1861.nationalisation import (
    RsrTokens,
    TrainlessCandidate,
    answer_nationalises,
    hand_over_tokens,
    holder_payout,
    minors_in_play,
    privates_bought_out,
    rsr_receives,
    settle,
    token_order,
    trainless_check,
)
from engine.t1861.walk import walk_states
from tests.engine.t1861.fixtures import fixture_export

_VALUES = {"H8": 40, "D14": 30, "E1": 40, "B4": 20, "K17": 20}.get


def _value(hex_: str) -> int:
    return _VALUES(hex_, 0)


def test_15_1_trainless_minors_that_operated_go_and_trainless_majors_are_asked_in_order() -> None:
    candidates = [
        TrainlessCandidate("KR", "minor", has_operated=True, has_train=False),
        TrainlessCandidate("SV", "minor", has_operated=False, has_train=False),
        TrainlessCandidate("E", "minor", has_operated=True, has_train=True),
        TrainlessCandidate("MKN", "major", has_operated=True, has_train=False),
        TrainlessCandidate("NW", "major", has_operated=True, has_train=False),
    ]
    check = trainless_check(candidates)
    assert (check.minors, check.majors) == (("KR",), ("MKN", "NW"))
    assert minors_in_play(candidates) == ("KR", "SV", "E")


def test_15_3_loans_are_repaid_with_cash_the_rest_cancelled_and_each_moves_the_price_left() -> None:
    settlement = settle(cash=70, loans=2)
    assert (settlement.repaid, settlement.cancelled, settlement.left_moves, settlement.cash) == (1, 1, 2, 20)
    assert settle(cash=300, loans=0).left_moves == 1
    assert holder_payout(price=55, shares=2) == 110


def test_15_3_tokens_go_by_city_value_ties_by_hex_id_reversed() -> None:
    assert token_order([("B4", 0), ("D14", 1), ("K17", 0), ("H8", 1)], _value) == [
        ("H8", 1),
        ("D14", 1),
        ("K17", 0),
        ("B4", 0),
    ]


def test_15_3_the_rsr_keeps_its_last_two_tokens_for_st_petersburg_and_moscow() -> None:
    rsr = RsrTokens((("B4", 0), ("D14", 1), ("K17", 0), ("I19", 0), ("D20", 0)), ("E1", "H8"))
    rsr, taken = hand_over_tokens(rsr, [("E9", 0), ("N10", 0)], _value)
    assert taken == (("N10", 0),)  # six elsewhere; E9 only frees its city
    rsr, taken = hand_over_tokens(rsr, [("H8", 2), ("G15", 0)], _value)
    assert taken == (("H8", 2),)
    assert rsr.reserved == ("E1",)


def test_15_3_the_rsr_never_holds_two_tokens_in_one_hex() -> None:
    _, taken = hand_over_tokens(RsrTokens((("H8", 0),), ("E1",)), [("H8", 1)], _value)
    assert taken == ()


def test_6_the_rsr_home_token_is_dropped_when_it_already_stands_in_st_petersburg() -> None:
    rsr = RsrTokens((("E1", 0),), ("E1", "H8")).with_reserved_token(("E1", 1))
    assert (rsr.placed, rsr.reserved) == ((("E1", 0),), ("H8",))
    assert RsrTokens.at_start().with_reserved_token(("E1", 1)).placed == (("E1", 1),)


def test_r4_a_trainless_major_declines_with_a_pass() -> None:
    assert answer_nationalises({"type": "choose", "choice": "nationalize"})
    assert not answer_nationalises({"type": "pass"})
    with pytest.raises(IllegalAction):
        answer_nationalises({"type": "lay_tile"})


def test_22_after_action_582_of_167259_trainless_majors_are_asked_in_operating_order_mkn_first() -> None:
    actions = fixture_export("167259").effective_actions()
    offers = next(state.trainless_offers for state, event in walk_states(actions) if event.at == 582)
    after = next(i for i, action in enumerate(actions) if action.get("id") == 582) + 1
    assert offers[0] == "MKN" == actions[after]["entity"]
    assert set(offers) == {"MKN", "NW", "SW"}
    assert [a["entity"] for a in actions[after : after + 3]] == ["MKN", "NW", "SW"]


def test_3_at_the_first_6_train_the_bank_buys_every_private_the_rsr_does_not_hold_at_face_value() -> None:
    assert privates_bought_out({"TSR": 2, "BSS": "RSR", "WVR": "MK"}) == (("TSR", 2, 30), ("WVR", "MK", 90))


def test_15_3_the_rsr_takes_cash_after_repayment_trains_and_privates_and_no_loans() -> None:
    share, settlement = rsr_receives(Assets(cash=120, trains=("3-1",), privates=("BSS",), loans=3))
    assert share == Assets(cash=20, trains=("3-1",), privates=("BSS",), loans=0)
    assert (settlement.repaid, settlement.cancelled, settlement.left_moves) == (2, 1, 2)
