"""The investor draft (b.4 #24-29, P-8, D-04, D-17)."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction, game
from tests.engine.railroad_barons.support import (
    ANN,
    BOB,
    DRAFT_ANN_450,
    DRAFT_WITHOUT_450,
    act,
    choose,
    offer,
    play,
    prompt_name,
    set_par,
    start,
)


def test_setup_gives_each_player_200_and_keeps_dominion_atlantic_on_the_investor() -> None:
    state = start()
    assert state.cash == [200, 200]  # b.3 #20
    assert state.pile[0] == "a2"  # a1 lies on the $450 investor (b.4 #24)
    assert "a1" not in state.pile and len(state.pile) == 27
    assert prompt_name(state) == (ANN, "offer_investor")  # seat 0 is player A (D-04)
    assert [event.text for event in game.opening_events(state)] == [
        "ann and bob have $200 each and 27 railroads are in the pile; ann offers the first investor."]


def test_the_other_player_takes_the_card_or_the_cash_and_the_picker_gets_the_rest() -> None:
    state = play([offer(ANN, "inv40", 70), choose(BOB, "cash")])
    assert state.cash == [200, 270]  # bob took $70, ann gets the card (b.4 #26)
    assert state.investors == [["inv40"], []]
    state = play([offer(ANN, "inv40", 70), choose(BOB, "card")])
    assert state.cash == [270, 200]
    assert state.investors == [[], ["inv40"]]


def test_pickers_are_a_b_b_a_and_each_slot_is_offer_then_answer() -> None:
    state = start()
    expected = [(ANN, "offer_investor"), (BOB, "choose_offer"), (BOB, "offer_investor"), (ANN, "choose_offer"),
                (BOB, "offer_investor"), (ANN, "choose_offer"), (ANN, "offer_investor"), (BOB, "choose_offer")]
    for (seat, name), step in zip(expected, DRAFT_WITHOUT_450, strict=True):
        assert prompt_name(state) == (seat, name)
        act(state, *step)
    assert prompt_name(state) == (ANN, "stock_turn")  # A holds priority and opens SR 1 (b.4 #29)


def test_the_fifth_investor_pays_both_players_its_printed_value_and_dominion_atlantic_tops_the_pile() -> None:
    state = play(DRAFT_WITHOUT_450)
    assert state.cash == [750, 730]  # 450 each for the removed investor (b.4 #27)
    assert state.pile[0] == "a1"  # D-04, D-17
    assert state.companies["msc"].owners == [None, None, None, None]
    assert state.investors == [["inv30", "inv50"], ["inv40", "inv60"]]


def test_whoever_gets_the_450_investor_sets_msc_par_at_once() -> None:
    state = play(DRAFT_ANN_450[:2])
    assert prompt_name(state) == (ANN, "set_par")  # bob took cash, ann got the card (D-04)
    state = play(DRAFT_ANN_450[:3])
    msc = state.companies["msc"]
    assert msc.started and not msc.floated and msc.par == 100 and msc.director == ANN  # P-8
    assert msc.owners[0] == ANN and msc.railroads == {"a1": "front"}
    assert prompt_name(state) == (BOB, "offer_investor")  # then the next slot


def test_a_chooser_who_takes_the_450_card_sets_par() -> None:
    state = play([offer(ANN, "inv450", 300), choose(BOB, "card")])
    assert prompt_name(state) == (BOB, "set_par")
    act(state, *set_par(BOB, 70))
    assert state.companies["msc"].director == BOB and state.cash == [500, 200]


def test_msc_from_the_investor_floats_on_the_first_further_purchase() -> None:
    state = play(DRAFT_ANN_450)
    assert state.cash == [330, 760]
    act(state, BOB, {"type": "use_priority", "use": False})
    act(state, ANN, {"type": "buy", "holding": "msc", "take": 10})  # D-13
    msc = state.companies["msc"]
    assert msc.floated and msc.cash == 1000 and state.cash[ANN] == 230


def test_values_are_whole_dollars_from_0_to_1000() -> None:
    state = start()
    for bad in (-1, 1001, 12.5, True, "40", None):
        with pytest.raises(IllegalAction):
            game.apply(state, ANN, {"type": "offer_investor", "investor": "inv40", "value": bad})
    with pytest.raises(IllegalAction, match=r"between \$0 and \$1,000 \(D-04\)"):  # money as the other titles write it
        game.apply(state, ANN, {"type": "offer_investor", "investor": "inv40", "value": 1001})
    game.apply(state, ANN, {"type": "offer_investor", "investor": "inv40", "value": 0})
    game.apply(state, ANN, {"type": "offer_investor", "investor": "inv40", "value": 1000})


def test_printed_investor_values_option_forces_the_printed_value() -> None:
    state = start({"printed_investor_values": True})
    with pytest.raises(IllegalAction, match=r"printed investor values.*\$40"):
        game.apply(state, ANN, {"type": "offer_investor", "investor": "inv40", "value": 45})
    game.apply(state, ANN, {"type": "offer_investor", "investor": "inv40", "value": 40})


def test_a_drafted_investor_cannot_be_offered_again() -> None:
    state = play([offer(ANN, "inv40"), choose(BOB, "card")])
    with pytest.raises(IllegalAction, match="not an investor still in the draft"):
        game.apply(state, BOB, {"type": "offer_investor", "investor": "inv40", "value": 40})


def test_set_par_accepts_only_the_four_par_values_and_only_msc() -> None:
    state = play(DRAFT_ANN_450[:2])
    for bad in ({"par": 75}, {"par": 100, "holding": "seedy"}, {"par": "100"}):
        with pytest.raises(IllegalAction):
            game.apply(state, ANN, {"type": "set_par", **bad})
    game.apply(state, ANN, {"type": "set_par", "par": 90})  # holding defaults to msc


def test_choose_offer_takes_card_or_cash_only() -> None:
    state = play([offer(ANN, "inv40")])
    for bad in (True, "both", None, 1):
        with pytest.raises(IllegalAction):
            game.apply(state, BOB, {"type": "choose_offer", "take": bad})


def test_the_removed_450_investor_leaves_msc_unstarted() -> None:
    state = play(DRAFT_WITHOUT_450)
    assert not state.companies["msc"].started
    with pytest.raises(IllegalAction, match="first certificate must be the 40%"):
        game.apply(state, ANN, {"type": "buy", "holding": "msc", "take": 10})
