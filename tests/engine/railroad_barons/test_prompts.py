"""Prompts as data (D.0, D-21): action options with fields, and quick answers that are complete legal actions."""

from __future__ import annotations

import json

from engine.core import game
from engine.core.prompts import Prompt
from tests.engine.railroad_barons.support import (
    ANN,
    BOB,
    DRAFT_ANN_450,
    DRAFT_WITHOUT_450,
    SEEDY_FLOATED,
    TWO_HOLDINGS,
    buy,
    buy_railroad,
    offer,
    offer_railroad,
    pass_,
    play,
    sell,
)


def only_prompt(steps: list) -> Prompt:
    state = play(steps)
    waiting = game.prompts(state)
    assert len(waiting) == 1
    for answer in waiting[0].quick:
        game.apply(state, waiting[0].seat, answer.action)  # every quick answer is legal
    return waiting[0]


def fields_of(prompt: Prompt, action_type: str) -> dict[str, tuple[str, object]]:
    option = next(option for option in prompt.actions if option.type == action_type)
    return {field.name: (field.kind, field) for field in option.fields}


def labels(prompt: Prompt) -> list[str]:
    return [answer.label for answer in prompt.quick]


def test_offer_investor_has_an_investor_choice_and_a_value_from_0_to_1000() -> None:
    prompt = only_prompt([])
    assert (prompt.seat, prompt.name) == (ANN, "offer_investor")
    fields = fields_of(prompt, "offer_investor")
    assert fields["investor"][0] == "choice" and fields["value"][0] == "number"
    value = fields["value"][1]
    assert (value.min, value.max) == (0, 1000)  # type: ignore[attr-defined]
    assert labels(prompt) == ["Offer the $30 investor at $30", "Offer the $40 investor at $40",
                              "Offer the $50 investor at $50", "Offer the $60 investor at $60",
                              "Offer the $450 investor at $450"]


def test_choose_offer_names_both_outcomes() -> None:
    prompt = only_prompt([offer(ANN, "inv450", 400)])
    assert labels(prompt) == ["Take the $450 investor (ann gets $400)", "Take $400 (ann gets the $450 investor)"]
    assert fields_of(prompt, "choose_offer")["take"][0] == "choice"


def test_set_par_and_use_priority_prompts() -> None:
    prompt = only_prompt(DRAFT_ANN_450[:2])
    assert [answer.action["par"] for answer in prompt.quick] == [70, 80, 90, 100]
    prompt = only_prompt(DRAFT_ANN_450)
    assert (prompt.seat, prompt.name) == (BOB, "use_priority")
    assert fields_of(prompt, "use_priority")["use"][0] == "bool"
    assert [answer.action["use"] for answer in prompt.quick] == [True, False]


def test_stock_turn_offers_every_legal_trade_and_pass() -> None:
    prompt = only_prompt([*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=80)])
    assert [option.type for option in prompt.actions] == ["buy", "pass"]  # nothing to sell, no sale to end (D-05)
    assert prompt.quick[0].action == {"type": "pass"}
    assert "Buy the 30% certificate of Seedy Brothers for $240" in labels(prompt)
    assert "Start MS&C at par $100 (40% for $400)" in labels(prompt)
    assert not any(label.startswith("Sell") for label in labels(prompt))
    buy_fields = fields_of(prompt, "buy")
    holdings = buy_fields["holding"][1].choices  # type: ignore[attr-defined]
    assert [(choice.value, choice.legal) for choice in holdings] == [
        ("msc", True), ("seedy", True), ("rice", True), ("picable", True), ("mcgreed", True)]


def test_stock_turn_after_a_sale_offers_done_and_exchanges() -> None:
    steps = [*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=70), buy(BOB, "seedy", 30), pass_(ANN),
             sell(BOB, "seedy", 30, take=10)]
    prompt = only_prompt(steps)
    assert prompt.quick[0].action == {"type": "done"}
    assert [option.type for option in prompt.actions][-1:] == ["done"] and not prompt.accepts("pass")  # D-05
    assert not any(label.startswith("Buy") and "Seedy" in label for label in labels(prompt))  # b.5 #39


def test_exchange_and_director_sale_labels() -> None:
    steps = [*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=70), buy(BOB, "seedy", 30), buy(ANN, "seedy", 20),
             buy(BOB, "seedy", 10), pass_(ANN), pass_(BOB), (ANN, {"type": "done"}), (ANN, {"type": "done"})]
    prompt = only_prompt(steps)
    assert "Sell the 40% of Seedy Brothers for $280 (bob's 30% and 10% go to the bank)" in labels(prompt)
    prompt = only_prompt([*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=70), buy(BOB, "seedy", 10), pass_(ANN)])
    assert "Exchange your 10% of Seedy Brothers for the bank's 30% (pay $140)" in labels(prompt)
    assert "Exchange your 10% of Seedy Brothers" not in " ".join(label for label in labels(prompt)
                                                               if label.startswith("Sell"))


def test_dividend_offers_all_half_and_withhold() -> None:
    steps = [*SEEDY_FLOATED, buy_railroad(ANN, "a1"), (ANN, {"type": "done"})]
    prompt = only_prompt(steps)
    assert prompt.name == "dividend"
    field = fields_of(prompt, "dividend")["per_share"][1]
    assert (field.min, field.max) == (0, 2)  # type: ignore[attr-defined]
    assert labels(prompt) == ["Pay $2 per share (all: ann $8 and bob $2; price rises)",
                              "Pay $1 per share (half: ann $4 and bob $1; price rises)",
                              "Withhold: Seedy Brothers keeps $22"]


def test_operate_offers_the_top_card_on_each_legal_side_and_done() -> None:
    prompt = only_prompt(SEEDY_FLOATED)
    assert labels(prompt) == ["End Seedy Brothers' turn",
                              "Buy Dominion Atlantic (A1) on its level 2 (A front, $60, income $22)",
                              "Buy Dominion Atlantic (A1) on its level 2 (A front, $60, income $22) using the $50"
                              " investor"]
    fields = fields_of(prompt, "buy_railroad")
    investors = fields["investors"][1].choices  # type: ignore[attr-defined]
    assert [choice.value for choice in investors] == [[], ["inv50"]]
    assert not prompt.accepts("offer_railroad")  # no other holding has a railroad yet


def test_respond_offer_accept_or_decline() -> None:
    steps = [*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=70), buy(BOB, "rice", 40, par=70), buy(ANN, "rice", 10),
             buy(BOB, "seedy", 10), pass_(ANN), pass_(BOB), (ANN, {"type": "done"}), buy_railroad(BOB, "a1"),
             (BOB, {"type": "done"}), offer_railroad(ANN, "a1", 100)]
    prompt = only_prompt(steps)
    assert (prompt.seat, prompt.name) == (BOB, "respond_offer")
    assert fields_of(prompt, "respond_offer")["accept"][0] == "bool"
    assert labels(prompt) == ["Accept: Rice International sells it for $100",
                              "Decline: Rice International keeps it"]


def test_prompt_to_json_describes_the_dividend_choice() -> None:
    state = play(TWO_HOLDINGS)
    game.apply_in_place(state, ANN, {"type": "done"})
    fresh = game.prompts(state)[0]
    raw = fresh.to_json()
    assert raw["name"] == "dividend" and raw["quick"][0]["action"] == {"type": "dividend", "per_share": 2}
    assert raw["actions"][0]["fields"][0]["name"] == "per_share"


def test_state_round_trips_whatever_order_a_json_store_returns_keys_in() -> None:
    state = play(TWO_HOLDINGS)
    raw = game.to_json(state)
    shuffled = json.loads(json.dumps(raw, sort_keys=True))
    assert game.to_json(game.from_json(shuffled)) == raw


def test_a_holding_named_with_an_abbreviated_plural_takes_an_apostrophe_alone() -> None:
    """A walk was asked "McGreed Bros.'s turn: buy, sell or scrap railroads, or end the turn."."""
    from engine.railroad_barons import names

    assert names.possessive(names.holding("mcgreed")) == "McGreed Bros.'"
    assert names.possessive("Seedy Brothers") == "Seedy Brothers'" and names.possessive("MS&C") == "MS&C's"
