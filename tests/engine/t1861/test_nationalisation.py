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


# In the game flow (the rounds' state, recorded positions) ------------------------------------

from engine.t1861 import trainless  # noqa: E402
from engine.t1861.state import BANK_TOTAL, State, copy_state, total_money  # noqa: E402
from engine.t1861.title import TITLE  # noqa: E402
from tests.engine.t1861.games import asked, fixture_replay, new_game  # noqa: E402


@pytest.fixture(scope="module")
def before_first_4_train() -> State:
    """29683 up to id 351: SPW is about to buy the first 4-train (id 352), phase 3."""
    state, reached, refusal = fixture_replay("29683", until=351)
    assert reached == 351, refusal
    return state


@pytest.fixture(scope="module")
def kr_after_its_run() -> State:
    """29683 up to id 356: KR (a minor, phase 4) has run; its private step waits (id 357 passes)."""
    state, reached, refusal = fixture_replay("29683", until=356)
    assert reached == 356, refusal
    return state


def _buy_first_4(before: State) -> tuple[State, list]:
    state = copy_state(before)
    seat = asked(state)[0]
    events = TITLE.apply_in_place(state, seat, {"type": "buy_train", "train": "4-0", "source": "depot"})
    return state, events


def test_15_1_the_first_4_train_nationalises_each_trainless_minor_that_operated_in_operating_order(
    before_first_4_train: State,
) -> None:
    state, events = _buy_first_4(before_first_4_train)
    gone = [event.data["company"] for event in events if event.kind == "nationalised"]
    assert gone == ["ro", "ok", "sv", "v", "y"]  # 7.4's order; their 2-trains rusted (16)
    assert all(state.minors[minor]["status"] == "closed" for minor in gone)
    assert state.minors["kr"]["status"] == "started"  # KR kept its 3-train
    assert total_money(state) == BANK_TOTAL


def test_15_3_a_nationalised_minor_pays_its_owner_two_shares_at_the_price_moved_left_per_loan(
    before_first_4_train: State,
) -> None:
    before = before_first_4_train
    state, events = _buy_first_4(before)
    owner = before.minors["sv"]["owner"]
    # SV: ₽2 and two loans, none repaid: one step left, and one more per loan (70 -> 55).
    assert state.minors["sv"]["price"] == 55
    paid = {event.data["seat"]: event.data["amount"] for event in events
            if event.kind == "nationalised_payout" and event.data["company"] == "sv"}
    assert paid == {owner: 110}
    # G5: the cancelled loans (SV's and V's, four) leave the game: the supply is only short of
    # the two SPW took for the train; the RSR gets the cash (their trains had rusted).
    assert sum(before.minors[m]["loans"] for m in ("ro", "ok", "sv", "v", "y")) == 4
    assert state.loans_in_supply == before.loans_in_supply - 2
    assert state.rsr["cash"] == sum(before.minors[m]["cash"] for m in ("ro", "ok", "sv", "v", "y"))
    assert state.rsr["loans"] == 0


def test_15_3_the_rsr_puts_its_token_where_each_nationalised_minor_stood(before_first_4_train: State) -> None:
    state, _ = _buy_first_4(before_first_4_train)
    rsr = sorted(hex_ for hex_, _, owner in state.board.token_places() if owner == "RSR")
    assert rsr == ["B4", "D20", "H18", "I19", "N10"]  # RO, OK, Y, V, SV's homes
    assert state.rsr["reserved"] == ["E1", "H8"]  # two tokens still kept for them (section 6)


def test_22_29683_after_the_first_4_train_kr_operates_next_not_sv() -> None:
    state, reached, refusal = fixture_replay("29683", until=353)
    assert reached == 353, refusal
    assert state.operating is not None and state.operating["company"] == "kr"
    assert state.minors["sv"]["status"] == "closed"


def test_12_10_a_company_ending_its_buy_step_without_a_train_is_nationalised(kr_after_its_run: State) -> None:
    state = copy_state(kr_after_its_run)
    kr = state.minors["kr"]
    state.bank += kr["cash"]
    kr.update(cash=0, trains=[])  # it cannot buy: no cash, and ₽90 of loans buys no train
    seat = asked(state)[0]
    events = TITLE.apply_in_place(state, seat, {"type": "pass"})  # the private step
    assert "nationalised" in [event.kind for event in events]
    assert kr["status"] == "closed"
    assert state.operating is not None and state.operating["company"] == "mv"  # its turn is over
    assert total_money(state) == BANK_TOTAL


def test_13_a_company_that_cannot_pay_interest_even_with_its_maximum_loans_is_nationalised(
    kr_after_its_run: State,
) -> None:
    state = copy_state(kr_after_its_run)
    kr = state.minors["kr"]
    state.bank += kr["cash"]
    kr.update(cash=0, loans=2)  # at the minor's maximum, owing ₽10 interest
    state.loans_in_supply -= 2
    assert state.operating is not None
    state.operating["loans_at_start"]["kr"] = 2
    supply = state.loans_in_supply
    price = kr["price"]
    TITLE.apply_in_place(state, asked(state)[0], {"type": "pass"})
    assert kr["status"] == "closed"
    assert state.loans_in_supply == supply  # G5: neither loan returns to the supply
    assert state.rsr["trains"] == ["3-3"]  # its train is the RSR's now
    assert state.minors["kr"]["price"] < price
    assert total_money(state) == BANK_TOTAL


def _trainless_nw(kr_after_its_run: State) -> State:
    """KR's position with NW (operated, president seat 0 or whoever) made trainless, and the check run."""
    state = copy_state(kr_after_its_run)
    state.majors["nw"].update(trains=[], operated=True)
    state.majors["grr"].update(operated=True)
    trainless.after_first_purchase(state, ("trainless_nationalization",), "6")
    return state


def test_15_2_r4_a_trainless_majors_president_is_asked_before_anything_else(kr_after_its_run: State) -> None:
    state = _trainless_nw(kr_after_its_run)
    assert state.trainless_majors == ["nw"]  # GRR has its train
    president = state.majors["nw"]["certificates"][0]
    assert asked(state) == (president, "trainless_major")
    prompt = TITLE.prompts(state)[0]
    assert [option.type for option in prompt.actions] == ["nationalize", "pass"]
    with pytest.raises(IllegalAction):
        TITLE.apply_in_place(state, president, {"type": "lay_tile", "hex": "g15", "tile": "207", "rotation": 1})


def test_r4_a_declining_president_passes_and_the_turn_goes_on(kr_after_its_run: State) -> None:
    state = _trainless_nw(kr_after_its_run)
    TITLE.apply_in_place(state, asked(state)[0], {"type": "pass"})
    assert state.trainless_majors == [] and state.majors["nw"]["status"] == "started"
    assert asked(state) == (state.minors["kr"]["owner"], "operate")


def test_15_3_a_nationalised_major_is_reset_and_its_holders_paid(kr_after_its_run: State) -> None:
    state = _trainless_nw(kr_after_its_run)
    holders = {seat: sum(10 for cert in state.majors["nw"]["certificates"] if cert == seat) + (
        10 if state.majors["nw"]["certificates"][0] == seat else 0) for seat in state.seats}
    cash = list(state.cash)
    TITLE.apply_in_place(state, asked(state)[0], {"type": "nationalize"})
    nw = state.majors["nw"]
    assert nw["status"] == "unstarted" and nw["certificates"] == ["treasury"] * 9 and nw["price"] is None
    gains = [after - before for after, before in zip(state.cash, cash, strict=True)]
    assert all(gain % 10 == 0 for gain in gains) and sum(gains) > 0
    assert [gain > 0 for gain in gains] == [holders[seat] > 0 for seat in state.seats]
    assert "NW" not in {owner for _, _, owner in state.board.token_places()}
    assert asked(state)[1] == "operate"
    assert total_money(state) == BANK_TOTAL


def test_3_at_the_first_6_train_the_bank_pays_each_owner_face_value_and_the_rsr_takes_the_privates(
    kr_after_its_run: State,
) -> None:
    state = copy_state(kr_after_its_run)
    owners = dict(state.privates)
    cash = list(state.cash)
    trainless.after_first_purchase(state, ("nationalize_companies",), "6")
    assert set(state.privates.values()) == {"rsr"}
    faces = {"tsr": 30, "bss": 45, "myr": 60, "mrr": 75, "wvr": 90}
    for seat in state.seats:
        assert state.cash[seat] - cash[seat] == sum(faces[p] for p, owner in owners.items() if owner == seat)
    assert total_money(state) == BANK_TOTAL


def test_15_1_the_first_8_train_nationalises_every_minor_in_play(kr_after_its_run: State) -> None:
    state = copy_state(kr_after_its_run)
    trainless.after_first_purchase(state, ("minors_nationalized", "trainless_nationalization"), "8")
    assert {minor["status"] for minor in state.minors.values()} <= {"closed", "unstarted"}
    assert total_money(state) == BANK_TOTAL


def test_6_a_new_game_keeps_st_petersburg_and_moscow_for_the_rsr_and_snapshots_keep_them() -> None:
    state = new_game()
    assert state.rsr["reserved"] == ["E1", "H8"] and state.trainless_majors == []
    state.trainless_majors = ["nw"]
    again = TITLE.from_json(TITLE.to_json(state))
    assert again.rsr["reserved"] == ["E1", "H8"] and again.trainless_majors == ["nw"]


def test_r4_18xx_games_choose_nationalize_is_our_nationalize_by_the_majors_president() -> None:
    from engine.t1861.translate import Translator

    export = fixture_export("167259")
    choice = next(action for action in export.effective_actions() if action.get("id") == 583)
    translated = Translator(export, acting_seat=lambda company: {"mkn": 2}[company]).translate(choice)
    assert translated == {"seat": 2, "action": {"type": "nationalize"}}


def test_22_167259_to_its_frontier_the_rsr_holds_spws_st_petersburg_and_the_minors_cities() -> None:
    """15.3 step 5, section 6: SPW's home in E1 became the RSR's token there, which used up its
    St Petersburg reservation (and its held slot); KB's and OK's cities followed (id 421)."""
    state, reached, refusal = fixture_replay("167259", until=421)
    assert reached == 421, refusal
    assert sorted(hex_ for hex_, _, owner in state.board.token_places() if owner == "RSR") == ["D14", "D20", "E1"]
    assert state.rsr["reserved"] == ["H8"]
    assert "RSR" not in {owner for city in state.board.reserved_in("E1") for owner in city}
    assert total_money(state) == BANK_TOTAL
