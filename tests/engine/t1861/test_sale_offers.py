"""Turnpost's ``sale_consent`` (12.8 "agreed between the presidents", 12.1): a company buying
another player's train or private makes an offer that the seller accepts or declines."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.t1861.state import total_money
from engine.t1861.title import TITLE
from tests.engine.t1861.games import asked, play
from tests.engine.t1861.test_operating_round import _nw_operating


def _nw_buying_from_bobs_minor():
    """NW (ann presides) at its forced train purchase; bob's minor N holds a 2-train."""
    state = _nw_operating()
    play(state, 0, "pass")  # track
    state.minors["n"].update(status="started", owner=1, trains=["2-0"])
    return state


def test_a_train_from_another_players_company_waits_for_that_players_answer():
    state = _nw_buying_from_bobs_minor()
    before = (state.majors["nw"]["cash"], state.minors["n"]["cash"])
    play(state, 0, "buy_train", train="2-0", source="n", price=1)
    assert asked(state) == (1, "sale_offer")
    assert state.minors["n"]["trains"] == ["2-0"] and (state.majors["nw"]["cash"], state.minors["n"]["cash"]) == before
    prompt = TITLE.prompts(state)[0]
    assert prompt.question == "ann, for NW, offers ₽1 for N's 2-train. Do you accept?"
    assert [answer.action for answer in prompt.quick] == [{"type": "respond_offer", "accept": True},
                                                          {"type": "respond_offer", "accept": False}]
    assert prompt.context["default"] == {"type": "respond_offer", "accept": False}  # absent: the train stays
    with pytest.raises(IllegalAction):
        play(state, 0, "buy_train", train="2-0", source="depot")  # the buyer waits for the answer


def test_a_declined_offer_changes_nothing_and_the_buyer_is_asked_again():
    state = _nw_buying_from_bobs_minor()
    play(state, 0, "buy_train", train="2-0", source="n", price=1)
    play(state, 1, "respond_offer", accept=False)
    assert asked(state) == (0, "operate") and state.minors["n"]["trains"] == ["2-0"]
    play(state, 0, "buy_train", train="2-0", source="depot")  # NW buys from the bank instead
    assert state.majors["nw"]["trains"] == ["2-0"] and state.minors["n"]["trains"] == ["2-0"]
    assert total_money(state) == 15000


def test_an_accepted_offer_is_the_purchase_as_offered():
    state = _nw_buying_from_bobs_minor()
    play(state, 0, "buy_train", train="2-0", source="n", price=60)
    play(state, 1, "respond_offer", accept=True)
    assert state.majors["nw"]["trains"] == ["2-0"] and state.minors["n"]["trains"] == []
    assert (state.majors["nw"]["cash"], state.minors["n"]["cash"]) == (300 - 60, 60)
    assert total_money(state) == 15000


def test_an_illegal_offer_is_refused_at_once_and_asks_no_one():
    state = _nw_buying_from_bobs_minor()
    with pytest.raises(IllegalAction, match="₽1 to ₽300"):
        play(state, 0, "buy_train", train="2-0", source="n", price=301)
    assert asked(state) == (0, "operate")


def test_a_presidents_own_company_sells_without_being_asked():
    state = _nw_buying_from_bobs_minor()
    state.minors["n"]["owner"] = 0
    play(state, 0, "buy_train", train="2-0", source="n", price=1)
    assert state.majors["nw"]["trains"] == ["2-0"] and asked(state) != (1, "sale_offer")


def test_a_players_private_is_bought_only_with_its_owners_yes():
    state = _nw_operating()
    state.privates["tsr"] = 1
    play(state, 0, "buy_company", company="tsr", price=1)
    assert asked(state) == (1, "sale_offer") and state.privates["tsr"] == 1
    assert TITLE.prompts(state)[0].question == "ann, for NW, offers ₽1 for the private TSR. Do you accept?"
    play(state, 1, "respond_offer", accept=False)
    assert state.privates["tsr"] == 1 and asked(state) == (0, "operate")
    state.privates["tsr"] = 0  # the president's own private: no one to ask
    play(state, 0, "buy_company", company="tsr", price=30)
    assert state.privates["tsr"] == "nw" and total_money(state) == 15000


def test_an_imported_game_has_the_option_off_and_buys_at_once():
    """18xx.games takes the buyer's price; ``import-18xx`` sets ``sale_consent`` off."""
    state = _nw_buying_from_bobs_minor()
    state.options["sale_consent"] = False
    play(state, 0, "buy_train", train="2-0", source="n", price=1)
    assert state.majors["nw"]["trains"] == ["2-0"] and state.minors["n"]["cash"] == 1
