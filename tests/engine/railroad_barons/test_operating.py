"""Operating rounds: income, dividends, railroads, help, investors, sales, scrapping, obsolescence
(b.7, P-1 .. P-6, D-06 .. D-09, D-16, D-19)."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction, game
from engine.railroad_barons import names, operating, railroads, tables
from tests.engine.railroad_barons.support import (
    ANN,
    BOB,
    DRAFT_ANN_450,
    DRAFT_WITHOUT_450,
    SEEDY_FLOATED,
    TWO_HOLDINGS,
    act,
    buy,
    buy_railroad,
    dividend,
    drive,
    offer_railroad,
    pass_,
    play,
    prompt_name,
    respond,
    scrap,
)

DONE = {"type": "done"}


def texts(events: list) -> list[str]:
    return [event.text for event in events]


def test_a_holding_without_railroads_earns_nothing_and_is_asked_only_to_operate() -> None:
    state = play(SEEDY_FLOATED)
    assert (state.set_number, state.or_number) == (1, 1)
    assert state.turn.company == "seedy" and state.turn.income == 0
    assert prompt_name(state) == (ANN, "operate")  # no dividend prompt without income (P-1.1, D-06)


def test_buying_the_top_railroad_from_the_bank() -> None:
    state = play(SEEDY_FLOATED)
    events = act(state, *buy_railroad(ANN, "a1"))
    seedy = state.companies["seedy"]
    assert seedy.railroads == {"a1": "front"} and seedy.cash == 940 and state.pile[0] == "a2"
    assert texts(events) == ["Seedy Brothers bought Dominion Atlantic (A1) on its level 2 (A front, $60, income $22);"
                             " the holding paid $60."]


def test_only_the_top_card_on_a_live_side_and_only_one_per_turn() -> None:
    state = play(SEEDY_FLOATED)
    with pytest.raises(IllegalAction, match=r"Only the top card of the pile, Dominion Atlantic \(A1\).*P-1.2"):
        game.apply(state, *buy_railroad(ANN, "a2"))
    with pytest.raises(IllegalAction, match="has only a front side"):
        game.apply(state, *buy_railroad(ANN, "a1", side="back"))
    with pytest.raises(IllegalAction):
        game.apply(state, *buy_railroad(ANN, "a1", side="sideways"))
    act(state, *buy_railroad(ANN, "a1"))
    with pytest.raises(IllegalAction, match=r"one per turn \(P-1.2\)"):
        game.apply(state, *buy_railroad(ANN, "a2"))


def test_railroads_bought_this_turn_earn_from_the_next_operating_round() -> None:
    state = play([*SEEDY_FLOATED, buy_railroad(ANN, "a1"), (ANN, DONE)])
    assert state.or_number == 2 and state.turn.income == 22  # P-1.1
    assert prompt_name(state) == (ANN, "dividend")


def test_a_dividend_pays_each_player_per_10_percent_and_keeps_the_rest() -> None:
    state = play([*SEEDY_FLOATED, buy_railroad(ANN, "a1"), (ANN, DONE)])
    events = act(state, *dividend(ANN, 2))
    assert state.cash == [350 + 8, 630 + 2]  # $2 per 10%: ann holds 40%, bob 10% (P-5.2)
    assert state.companies["seedy"].cash == 940 + 12  # the unpaid income and the bank's 50% stay
    assert state.companies["seedy"].price_index == tables.SHARE_TRACK.index(110)  # P-5.3
    assert texts(events) == ["Seedy Brothers pays $2 per share (ann $8 and bob $2) and keeps $12.",
                             "Seedy Brothers' share price rises to $110."]
    assert prompt_name(state) == (ANN, "operate")


def test_withholding_keeps_all_income_and_leaves_the_price() -> None:
    state = play([*SEEDY_FLOATED, buy_railroad(ANN, "a1"), (ANN, DONE), dividend(ANN, 0)])
    assert state.companies["seedy"].cash == 940 + 22
    assert state.companies["seedy"].price_index == tables.SHARE_TRACK.index(100)


def test_the_dividend_is_at_most_a_tenth_of_the_income() -> None:
    state = play([*SEEDY_FLOATED, buy_railroad(ANN, "a1"), (ANN, DONE)])
    for bad in (3, -1, 1.5, True, "2"):
        with pytest.raises(IllegalAction):
            game.apply(state, *dividend(ANN, bad))  # type: ignore[arg-type]


def test_half_the_most_possible_raises_the_price_exactly_half_rounding_up() -> None:
    assert operating.price_rises(4, 75) and not operating.price_rises(3, 75)  # m = 7 needs 4 (D-07)
    assert operating.price_rises(1, 22) and not operating.price_rises(0, 22)  # m = 2 needs 1


def test_one_director_moves_a_railroad_between_her_holdings_at_once() -> None:
    state = play(TWO_HOLDINGS)
    events = act(state, *offer_railroad(ANN, "a1", 700))
    assert state.companies["rice"].railroads == {"a1": "front"} and state.companies["rice"].cash == 0
    assert state.companies["seedy"].cash == 640 + 700  # any price, even all its cash (P-1.4, D-22 looting)
    assert texts(events) == ["Rice International bought Dominion Atlantic (A1) from Seedy Brothers for $700."]
    assert prompt_name(state) == (ANN, "operate")


def test_the_director_helps_a_holding_without_railroads_with_the_rest() -> None:
    state = play([*TWO_HOLDINGS, offer_railroad(ANN, "a1", 700)])
    with pytest.raises(IllegalAction, match=r"help only while it owns no railroad \(P-1.3, D-08\)"):
        game.apply(state, *buy_railroad(ANN, "a2"))
    act(state, *scrap(ANN, "a1"))  # P-1.5; scrap then help is allowed (D-08, D-22)
    assert "a1" in state.removed
    events = act(state, *buy_railroad(ANN, "a2"))
    assert state.cash[ANN] == 190 - 60 and state.companies["rice"].cash == 0
    assert texts(events)[0].endswith("the holding paid $0; ann added $60.")


def test_help_is_refused_when_the_director_cannot_pay_the_rest_but_investors_count_first() -> None:
    # ann: Seedy Brothers at $100 and Rice International at $80, $30 left; she holds inv30 and inv50.
    steps = [
        *DRAFT_WITHOUT_450,
        buy(ANN, "seedy", 40, par=100), buy(BOB, "seedy", 10), buy(ANN, "rice", 40, par=80), buy(BOB, "rice", 10),
        pass_(ANN), pass_(BOB),
        buy_railroad(ANN, "a1"), (ANN, DONE), offer_railroad(ANN, "a1", 800), scrap(ANN, "a1"),
    ]
    state = play(steps)
    assert state.cash[ANN] == 30 and state.companies["rice"].cash == 0
    with pytest.raises(IllegalAction, match=r"add \$60 but have only \$30 \(P-1.3\)"):
        game.apply(state, *buy_railroad(ANN, "a2"))
    with pytest.raises(IllegalAction, match=r"only the \$40, \$50 and \$60 investors.*P-6, D-19"):
        game.apply(state, *buy_railroad(ANN, "a2", investors=["inv30"]))
    with pytest.raises(IllegalAction, match=r"You do not hold the \$40 investor"):
        game.apply(state, *buy_railroad(ANN, "a2", investors=["inv40"]))
    events = act(state, *buy_railroad(ANN, "a2", investors=["inv50"]))  # $50 from the bank, ann adds $10 (D-19)
    assert state.cash[ANN] == 20 and state.investors[ANN] == ["inv30"]
    assert texts(events)[0] == ("Rice International bought Railroad A2 on its level 2 (A front, $60, income $22); the"
                                " $50 investor paid $50; the holding paid $0; ann added $10.")


def test_an_investor_worth_more_than_the_price_loses_the_excess() -> None:
    state = play([*SEEDY_FLOATED])
    act(state, *buy_railroad(ANN, "a1", investors=["inv50"]))
    act(state, ANN, DONE)
    act(state, *dividend(ANN, 0))
    seedy_cash = state.companies["seedy"].cash
    assert seedy_cash == 1000 - 10 + 22  # $60 cost: $50 from the investor, $10 from the holding


def test_offers_to_another_director_wait_for_an_answer() -> None:
    # bob directs Rice International; ann's Seedy Brothers wants bob's railroad.
    steps = [
        *DRAFT_WITHOUT_450,
        buy(ANN, "seedy", 40, par=70), buy(BOB, "rice", 40, par=70), buy(ANN, "rice", 10), buy(BOB, "seedy", 10),
        pass_(ANN), pass_(BOB),
        (ANN, DONE), buy_railroad(BOB, "a1"), (BOB, DONE),  # OR 1.1
    ]
    state = play(steps)
    assert state.or_number == 2 and prompt_name(state) == (ANN, "operate")
    events = act(state, *offer_railroad(ANN, "a1", 100))
    assert prompt_name(state) == (BOB, "respond_offer")
    assert texts(events) == ["Seedy Brothers offers Rice International $100 for Dominion Atlantic (A1)."]
    act(state, *respond(BOB, False))
    assert prompt_name(state) == (ANN, "operate") and state.companies["rice"].railroads == {"a1": "front"}
    with pytest.raises(IllegalAction, match=r"declined this turn.*D-09"):
        game.apply(state, *offer_railroad(ANN, "a1", 200))  # the loop guard
    act(state, ANN, DONE)
    assert state.turn.company == "rice"
    state = play([*steps, offer_railroad(ANN, "a1", 100)])
    assert texts(act(state, *respond(BOB, True))) == [
        "bob accepts: Seedy Brothers bought Dominion Atlantic (A1) from Rice International for $100."]  # one line
    assert state.companies["seedy"].railroads == {"a1": "front"}
    assert state.companies["seedy"].cash == 700 - 100 and state.companies["rice"].cash == 640 + 100


def test_offers_need_a_floated_seller_a_token_and_a_price_within_the_buyers_cash() -> None:
    # ann holds MS&C (unfloated, with Dominion Atlantic); bob's Seedy Brothers floats with ann's 10%.
    steps = [
        *DRAFT_ANN_450, (BOB, {"type": "use_priority", "use": False}),
        pass_(ANN), buy(BOB, "seedy", 40, par=70), buy(ANN, "seedy", 10), pass_(BOB), pass_(ANN),
    ]
    state = play(steps)
    assert prompt_name(state) == (BOB, "operate")
    with pytest.raises(IllegalAction, match=r"MS&C has not floated.*P-1.4, D-09"):
        game.apply(state, *offer_railroad(BOB, "a1", 10))
    state = play(TWO_HOLDINGS)
    for price in (0, 701, True, "5"):
        with pytest.raises(IllegalAction):
            game.apply(state, *offer_railroad(ANN, "a1", price))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="does not belong to another holding"):
        game.apply(state, *offer_railroad(ANN, "a2", 5))


def test_a_holding_cannot_own_more_railroads_than_it_has_tokens() -> None:
    state = play(SEEDY_FLOATED)
    drive(state, lambda s: len(s.companies["seedy"].railroads) == tables.HOLDING_BY_ID["seedy"].tokens)
    assert railroads.free_tokens(state.companies["seedy"]) == 0
    drive(state, lambda s: s.phase == "operate" and s.turn.company == "seedy" and not s.turn.bought)
    with pytest.raises(IllegalAction, match=r"no free operator token.*P-4"):
        game.apply(state, *buy_railroad(ANN, state.pile[0]))
    act(state, *scrap(ANN, "a1"))
    act(state, *buy_railroad(ANN, state.pile[0]))


def test_the_first_level_4_purchase_makes_level_2_obsolete_everywhere() -> None:
    # Three holdings buy the cheap cards until category D tops the pile; then D1 is bought on its level-4 back.
    steps = [
        *DRAFT_WITHOUT_450,
        buy(ANN, "seedy", 40, par=70), buy(BOB, "seedy", 10), buy(ANN, "rice", 40, par=70), buy(BOB, "rice", 10),
        pass_(ANN), buy(BOB, "picable", 40, par=70), buy(ANN, "picable", 10), pass_(BOB), pass_(ANN),
    ]
    state = play(steps)
    drive(state, lambda s: bool(s.pile) and s.pile[0] == "d1" and s.phase == "operate" and not s.turn.bought)
    level_two = {r for c in state.companies.values() for r, side in c.railroads.items()
                 if railroads.face(r, side).level == 2}
    assert level_two and state.obsolete_levels == []
    seat = game.prompts(state)[0].seat
    events = act(state, *buy_railroad(seat, "d1", side="back"))
    assert state.obsolete_levels == [2]  # P-3, b.6 #47
    assert not level_two & {r for c in state.companies.values() for r in c.railroads}
    assert level_two <= set(state.removed)
    assert events[-1].kind == "obsolete" and events[-1].text.startswith("Level-2 railroads are now obsolete")
    assert all(names.railroad(r) in events[-1].text for r in level_two)  # named as every other line names them


def test_an_obsolete_side_of_a_card_still_in_the_pile_cannot_be_bought() -> None:
    state = play(SEEDY_FLOATED)
    state.pile.remove("b1")  # only possible with other card data (D-16): b1 has a level-2 front and level-3 back
    state.pile.insert(0, "b1")
    state.obsolete_levels.append(2)
    with pytest.raises(IllegalAction, match=r"obsolete.*P-3"):
        game.apply(state, *buy_railroad(ANN, "b1", side="front"))
    game.apply(state, *buy_railroad(ANN, "b1", side="back"))


def test_obsolescence_removes_pile_cards_without_a_live_side() -> None:
    state = play(SEEDY_FLOATED)
    for card in ("b1", "a2", "d1"):  # again only possible with other card data (P-3, D-16)
        state.pile.remove(card)
        state.pile.insert(0, card)
    act(state, *buy_railroad(ANN, "d1", side="back"))
    assert state.pile[0] == "b1" and "a2" not in state.pile and "a2" in state.removed
    assert railroads.live_sides(state, "b1") == ["back"]


def test_reaching_350_ends_the_game_after_the_set() -> None:
    state = play(SEEDY_FLOATED)
    drive(state, lambda s: s.end_trigger is not None, pay_full=True)
    trigger_round = (state.set_number, state.or_number)
    assert state.companies["seedy"].price_index == len(tables.SHARE_TRACK) - 1
    drive(state, lambda s: False, pay_full=True)
    assert state.phase == "finished" and state.set_number == trigger_round[0] and state.or_number == 2  # P-9.1
    assert state.end_reason == "Seedy Brothers reached $350, and the set was completed (P-9.1)."
    assert prompt_name(state) is None


def test_the_game_ends_after_twelve_sets() -> None:
    state = play(DRAFT_WITHOUT_450)
    drive(state, lambda s: False)
    assert state.phase == "finished" and state.set_number == 12 and state.or_number == 2  # P-9.2
    assert state.end_reason == "12 sets have been played, the most a game lasts (P-9.2)."


def test_an_empty_pile_ends_the_game_one_set_later_with_the_option() -> None:
    for option, last_set in ((True, 3), (False, 12)):
        state = play(SEEDY_FLOATED, {"end_on_empty_pile": option})
        state.removed.extend(state.pile)  # a shortcut: the pile runs out during set 2
        drive(state, lambda s: s.set_number == 2)
        state.pile.clear()
        drive(state, lambda s: False)
        assert state.set_number == last_set, option  # P-9.3, D-11
    assert state.end_reason is not None


def test_operate_is_asked_even_when_nothing_can_be_done_and_done_is_always_legal() -> None:
    state = play(SEEDY_FLOATED)
    prompt = game.prompts(state)[0]
    # Seedy owns nothing to scrap and no other holding has a railroad to offer for: only what is legal shows.
    assert [option.type for option in prompt.actions] == ["buy_railroad", "done"]
    assert prompt.quick[0].action == {"type": "done"}


def test_an_operating_round_with_no_holding_floated_says_that_none_operates() -> None:
    state = play([*DRAFT_WITHOUT_450, pass_(ANN)])
    lines = texts(act(state, *pass_(BOB)))
    assert lines[2:] == ["Operating round 1.1: no holding has floated yet, so none operates.",
                         "Operating round 1.2: no holding has floated yet, so none operates.",
                         "Stock round 2 begins; ann has the priority deal."]
    assert prompt_name(state) == (ANN, "stock_turn")
