"""Stock rounds: buying, starting, selling, exchanges, directors and priority (b.3, b.5, P-7, P-12, D-01 .. D-05,
D-10, D-12 .. D-15)."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction, game
from engine.railroad_barons.state import FINISHED
from tests.engine.railroad_barons.support import (
    ANN,
    BOB,
    DRAFT_WITHOUT_450,
    act,
    buy,
    choose,
    done,
    holding_percent,
    offer,
    pass_,
    play,
    prompt_name,
    sell,
    set_par,
)

OPERATE_DONE = {"type": "done"}


def texts(events: list) -> list[str]:
    return [event.text for event in events]


def test_starting_a_holding_costs_four_times_par_and_makes_the_buyer_director() -> None:
    state = play(DRAFT_WITHOUT_450)
    events = act(state, *buy(ANN, "seedy", 40, par=80))
    seedy = state.companies["seedy"]
    assert state.cash[ANN] == 750 - 320  # b.5 #41
    assert seedy.started and seedy.par == 80 and seedy.director == ANN and not seedy.floated
    assert texts(events) == ["ann started Seedy Brothers at par $80, buying the 40% director's certificate for $320."]
    assert prompt_name(state) == (BOB, "stock_turn")  # one certificate per turn (b.5 #38)
    with pytest.raises(IllegalAction, match="not ann's turn"):
        game.apply(state, *buy(ANN, "seedy", 10))


def test_the_first_certificate_must_be_the_40_and_needs_a_par() -> None:
    state = play(DRAFT_WITHOUT_450)
    with pytest.raises(IllegalAction, match=r"first certificate must be the 40% director's certificate \(b.5 #41\)"):
        game.apply(state, *buy(ANN, "seedy", 30))
    with pytest.raises(IllegalAction, match=r"needs a par value"):
        game.apply(state, *buy(ANN, "seedy", 40))
    with pytest.raises(IllegalAction, match=r"needs a par value"):
        game.apply(state, *buy(ANN, "seedy", 40, par=75))


def test_par_is_set_only_when_starting() -> None:
    state = play([*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=80)])
    with pytest.raises(IllegalAction, match="par is set only when a holding starts"):
        game.apply(state, *buy(BOB, "seedy", 10, par=100))


def test_a_purchase_pays_price_times_tens_to_the_bank_and_floats_at_50_percent() -> None:
    state = play([*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=80)])
    events = act(state, *buy(BOB, "seedy", 30))
    assert texts(events)[0] == "bob bought the 30% certificate of Seedy Brothers for $240."
    seedy = state.companies["seedy"]
    assert state.cash[BOB] == 730 - 240
    assert seedy.floated and seedy.cash == 800  # 10 x par from the bank (b.2 #13, D-13)
    assert "Seedy Brothers floats: the bank pays it $800." in texts(events)


def test_a_seller_cannot_buy_that_holding_again_in_the_same_stock_round() -> None:
    state = play([*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=80), buy(BOB, "seedy", 30), pass_(ANN)])
    act(state, *sell(BOB, "seedy", 30))  # selling in the first stock round is allowed (b.5 #42)
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, *buy(BOB, "seedy", 10))
    assert str(refused.value) == ("You sold Seedy Brothers shares this stock round, so you cannot buy them until the"
                                  " next one (b.5 #39).")
    act(state, *buy(BOB, "rice", 40, par=70))  # another holding is fine after a sale (D-05)


def test_pass_only_before_a_sale_and_done_only_after_one() -> None:
    state = play([*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=80), buy(BOB, "seedy", 30), pass_(ANN)])
    with pytest.raises(IllegalAction, match=r"Done ends a turn in which you sold; .* pass \(D-05\)"):
        game.apply(state, *done(BOB))
    act(state, *sell(BOB, "seedy", 30))
    with pytest.raises(IllegalAction, match=r"You sold this turn, so you cannot pass.*\(D-05\)"):
        game.apply(state, *pass_(BOB))
    act(state, *done(BOB))
    assert prompt_name(state) == (ANN, "stock_turn")


def test_a_sell_only_turn_resets_the_passes_and_two_passes_in_succession_end_the_round() -> None:
    state = play([*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=80), buy(BOB, "seedy", 30), pass_(ANN),
                  sell(BOB, "seedy", 30), done(BOB), pass_(ANN)])
    assert state.or_number == 0 and prompt_name(state) == (BOB, "stock_turn")  # b.5 #31, D-05
    act(state, *pass_(BOB))
    assert state.or_number == 1  # the operating rounds follow (b.5 #33)


def test_priority_goes_to_the_player_who_did_not_make_the_last_buy_or_sale() -> None:
    # bob bought last, so ann gets priority; ann holds inv30 and has priority, so nobody is asked (D-10).
    state = play([*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=80), buy(BOB, "seedy", 30), pass_(ANN),
                  pass_(BOB)])
    assert state.priority == ANN  # b.5 #32
    for _ in range(2):
        act(state, ANN, OPERATE_DONE)  # Seedy Brothers has no railroad: no income, no dividend prompt (D-06)
    assert (state.set_number, state.or_number) == (2, 0)
    assert prompt_name(state) == (ANN, "stock_turn")


def test_priority_stays_when_nobody_trades() -> None:
    state = play([*DRAFT_WITHOUT_450, pass_(ANN), pass_(BOB)])  # D-10
    assert state.set_number == 2 and state.priority == ANN


def test_the_30_investor_is_not_offered_to_the_priority_holder() -> None:
    state = play([*DRAFT_WITHOUT_450, pass_(ANN), buy(BOB, "seedy", 40, par=70), pass_(ANN), pass_(BOB)])
    assert state.set_number == 2 and state.priority == ANN  # bob traded last
    assert prompt_name(state) == (ANN, "stock_turn")  # ann owns inv30 and already has priority (P-7)


def test_the_30_investor_takes_priority_once_when_the_opponent_holds_it() -> None:
    state = play([*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=70), pass_(BOB), pass_(ANN)])
    assert state.priority == BOB
    assert prompt_name(state) == (ANN, "use_priority")  # P-7: the owner is asked before anyone acts
    events = act(state, ANN, {"type": "use_priority", "use": True})
    assert texts(events) == ["ann uses the $30 investor and takes the priority deal."]
    assert state.priority == ANN and "inv30" not in state.investors[ANN]
    assert prompt_name(state) == (ANN, "stock_turn")


def test_declining_the_30_investor_keeps_it() -> None:
    asked = play([*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=70), pass_(BOB), pass_(ANN)])
    with pytest.raises(IllegalAction, match="must be true or false"):
        game.apply(asked, ANN, {"type": "use_priority", "use": "yes"})
    state, _ = game.apply(asked, ANN, {"type": "use_priority", "use": False})
    assert state.priority == BOB and "inv30" in state.investors[ANN]
    assert prompt_name(state) == (BOB, "stock_turn")


# ann 40+20+30 of Seedy Brothers at par 70, bob 10; SR 2 opens with bob (ann traded last), ann keeps inv30.
ANN_OWNS_NINETY = [
    *DRAFT_WITHOUT_450,
    buy(ANN, "seedy", 40, par=70), buy(BOB, "seedy", 10), buy(ANN, "seedy", 20), pass_(BOB),
    buy(ANN, "seedy", 30), pass_(BOB), pass_(ANN),
    (ANN, OPERATE_DONE), (ANN, OPERATE_DONE),
    (ANN, {"type": "use_priority", "use": False}),
]


def test_a_directors_sales_in_one_turn_are_paid_at_the_first_price_and_drop_it_once() -> None:
    state = play([*ANN_OWNS_NINETY, pass_(BOB)])
    assert state.cash[ANN] == 120
    events = act(state, *sell(ANN, "seedy", 20))
    assert state.companies["seedy"].price_index is not None
    assert texts(events) == ["ann sold the 20% certificate of Seedy Brothers for $140.",
                             "Seedy Brothers' share price falls to $65 (a director's sale, b.5 #36)."]
    act(state, *sell(ANN, "seedy", 30))  # still paid at $70 (D-01)
    assert state.cash[ANN] == 120 + 140 + 210
    assert state.companies["seedy"].price_index == 5  # $65: one space, however many were sold


def test_a_non_directors_sale_does_not_move_the_price() -> None:
    state = play(ANN_OWNS_NINETY)
    act(state, *sell(BOB, "seedy", 10))
    assert state.cash[BOB] == 730 - 70 + 70
    assert state.companies["seedy"].price_index == 6  # still $70 (b.5 #36)


def test_the_director_is_the_largest_holder_and_keeps_a_tie() -> None:
    state = play([*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=70), buy(BOB, "seedy", 30), pass_(ANN),
                  buy(BOB, "seedy", 10)])
    assert holding_percent(state, "seedy", BOB) == 40
    assert state.companies["seedy"].director == ANN  # 40 against 40: the incumbent keeps it (b.2 #8, D-02)


def test_a_new_director_with_30_and_10_swaps_them_for_the_40() -> None:
    state = play([*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=70), buy(BOB, "seedy", 30), pass_(ANN),
                  buy(BOB, "seedy", 10), pass_(ANN)])
    events = act(state, *buy(BOB, "seedy", 20))
    seedy = state.companies["seedy"]
    assert seedy.director == BOB
    assert seedy.owners == [BOB, ANN, BOB, ANN]  # P-12: bob gave his 30% and 10% for the 40%
    assert "bob hands ann the 30% and 10% certificates for the 40% director's certificate of Seedy Brothers." in (
        texts(events))


def test_a_new_director_who_cannot_make_exactly_40_does_not_get_the_40() -> None:
    state = play([*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=70), buy(BOB, "seedy", 30), pass_(ANN),
                  buy(BOB, "seedy", 20)])
    seedy = state.companies["seedy"]
    assert seedy.director == BOB and seedy.owners[0] == ANN  # 30 + 20 cannot make 40 (P-12)
    act(state, *pass_(ANN))
    act(state, *pass_(BOB))  # the round ends; later, ann cannot sell her locked 40% (D-03)
    state = play([*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=70), buy(BOB, "seedy", 30), pass_(ANN),
                  buy(BOB, "seedy", 20)])
    with pytest.raises(IllegalAction, match=r"only when bob owns certificates worth exactly 40%.*D-03"):
        game.apply(state, *sell(ANN, "seedy", 40))


# ann 40+20 (director), bob 30+10 of Seedy Brothers at par 70; SR 2 opens with ann (bob traded last).
ANN_SIXTY_BOB_FORTY = [
    *DRAFT_WITHOUT_450,
    buy(ANN, "seedy", 40, par=70), buy(BOB, "seedy", 30), buy(ANN, "seedy", 20), buy(BOB, "seedy", 10),
    pass_(ANN), pass_(BOB), (ANN, OPERATE_DONE), (ANN, OPERATE_DONE),
]


def test_selling_the_40_hands_it_to_the_opponent_for_his_30_and_10() -> None:
    state = play(ANN_SIXTY_BOB_FORTY)
    assert prompt_name(state) == (ANN, "stock_turn") and state.cash[ANN] == 750 - 280 - 140
    events = act(state, *sell(ANN, "seedy", 40))
    seedy = state.companies["seedy"]
    assert seedy.owners == [BOB, None, ANN, None]  # D-03: bob's 30% and 10% went to the bank
    assert state.cash[ANN] == 330 + 280
    assert seedy.director == BOB and seedy.price_index == 5  # the seller directed: the price drops
    assert texts(events)[0] == ("ann sold the 40% certificate of Seedy Brothers for $280; bob takes it and the 30% and"
                                " 10% certificates go to the bank.")
    with pytest.raises(IllegalAction, match=r"b\.5 #39"):
        game.apply(state, *buy(ANN, "seedy", 30))  # the swap-sale counts as a sale


def test_the_40_is_never_exchanged_down() -> None:
    state = play(ANN_SIXTY_BOB_FORTY)
    with pytest.raises(IllegalAction, match=r"never be exchanged.*D-03"):
        game.apply(state, *sell(ANN, "seedy", 40, take=30))


def test_exchanging_down_is_one_sale_paid_on_the_difference() -> None:
    # ann 40+20+30, bob 10, the bank has nothing; bob sells his 10%, then ann exchanges her 30% for it.
    state = play([*ANN_OWNS_NINETY, sell(BOB, "seedy", 10), done(BOB)])
    events = act(state, *sell(ANN, "seedy", 30, take=10))
    seedy = state.companies["seedy"]
    assert seedy.owners == [ANN, None, ANN, ANN]
    assert state.cash[ANN] == 120 + 140  # (30 - 10) / 10 x $70 (b.5 #34, D-14)
    assert seedy.price_index == 5  # the director's exchange drops the price (D-14)
    assert texts(events)[0] == ("ann exchanged the 30% certificate of Seedy Brothers for the bank's 10% and received"
                                " $140.")
    with pytest.raises(IllegalAction, match=r"b\.5 #39"):
        game.apply(state, *buy(ANN, "seedy", 30))  # an exchange is a sale


def test_exchange_down_needs_a_smaller_bank_certificate() -> None:
    state = play(ANN_SIXTY_BOB_FORTY)  # the bank holds no certificate of Seedy Brothers
    with pytest.raises(IllegalAction, match="bank does not have the 10%"):
        game.apply(state, *sell(ANN, "seedy", 20, take=10))
    with pytest.raises(IllegalAction, match=r"smaller certificate.*b.5 #34"):
        game.apply(state, *sell(ANN, "seedy", 20, take=30))


def test_exchanging_up_is_the_turns_purchase_paid_on_the_difference() -> None:
    state = play([*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=70), buy(BOB, "seedy", 10), pass_(ANN)])
    events = act(state, *buy(BOB, "seedy", 30, give=10))
    assert state.companies["seedy"].owners == [ANN, BOB, None, None]
    assert state.cash[BOB] == 730 - 70 - 140  # (30 - 10) / 10 x $70 (b.5 #37, D-14)
    assert texts(events)[0] == "bob exchanged the 10% certificate of Seedy Brothers for the bank's 30%, paying $140."


def test_exchanging_up_must_give_a_smaller_certificate_of_ones_own() -> None:
    state = play([*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=70), buy(BOB, "seedy", 20), pass_(ANN)])
    with pytest.raises(IllegalAction, match="do not own the 10%"):
        game.apply(state, *buy(BOB, "seedy", 30, give=10))
    with pytest.raises(IllegalAction, match=r"smaller certificate.*b.5 #37"):
        game.apply(state, *buy(BOB, "seedy", 10, give=20))


def test_buying_needs_the_cash() -> None:
    state = play([*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=100), buy(BOB, "rice", 40, par=100),
                  buy(ANN, "rice", 30)])
    assert state.cash[ANN] == 50
    with pytest.raises(IllegalAction, match=r"You have \$330, and this costs \$400"):
        game.apply(state, *buy(BOB, "picable", 40, par=100))


# ann gets $4650 from a generous draft; bob only $650.
RICH_ANN = [
    offer(ANN, "inv30", 1000), choose(BOB, "card"),
    offer(BOB, "inv40", 1000), choose(ANN, "cash"),
    offer(BOB, "inv50", 1000), choose(ANN, "cash"),
    offer(ANN, "inv60", 1000), choose(BOB, "card"),
]
NINE_CERTIFICATES = [
    *RICH_ANN, (BOB, {"type": "use_priority", "use": False}),
    buy(ANN, "seedy", 40, par=70), pass_(BOB), buy(ANN, "rice", 40, par=70), pass_(BOB),
    buy(ANN, "picable", 40, par=70), pass_(BOB), buy(ANN, "mcgreed", 40, par=70), pass_(BOB),
    buy(ANN, "msc", 40, par=70), pass_(BOB), buy(ANN, "seedy", 10), pass_(BOB),
    buy(ANN, "rice", 10), pass_(BOB), buy(ANN, "picable", 10), pass_(BOB), buy(ANN, "mcgreed", 10), pass_(BOB),
]


def test_nine_certificates_is_the_limit_but_exchanges_stay_allowed() -> None:
    state = play(NINE_CERTIFICATES)
    assert state.cash == [4650 - 5 * 280 - 4 * 70, 650]
    with pytest.raises(IllegalAction, match=r"9 certificates, the limit.*b.3 #21-22, D-15"):
        game.apply(state, *buy(ANN, "msc", 10))
    game.apply(state, *buy(ANN, "seedy", 30, give=10))  # an exchange does not add a certificate (b.3 #22)


def test_a_director_swap_may_take_the_old_director_past_the_limit() -> None:
    state = play([*NINE_CERTIFICATES, buy(ANN, "seedy", 30, give=10), buy(BOB, "msc", 30), pass_(ANN),
                  buy(BOB, "msc", 10), pass_(ANN), buy(BOB, "msc", 20)])
    assert state.companies["msc"].director == BOB
    assert sum(company.owners.count(ANN) for company in state.companies.values()) == 10  # D-15: allowed
    with pytest.raises(IllegalAction, match="the limit"):
        game.apply(state, *buy(ANN, "seedy", 10))


def test_a_round_without_trades_ends_the_game_when_nothing_can_float() -> None:
    steps = [
        offer(ANN, "inv450", 0), choose(BOB, "cash"), set_par(ANN, 100),
        offer(BOB, "inv40", 200), choose(ANN, "cash"),
        offer(BOB, "inv50", 200), choose(ANN, "card"),
        offer(ANN, "inv60", 0), choose(BOB, "cash"),
        buy(ANN, "seedy", 40, par=100), buy(BOB, "rice", 40, par=100), pass_(ANN), pass_(BOB),
    ]
    state = play(steps)
    assert state.cash == [30, 30] and state.set_number == 2 and state.phase != FINISHED
    act(state, *pass_(ANN))
    act(state, *pass_(BOB))
    assert state.phase == FINISHED  # D-12
    assert state.end_reason == "No holding had floated and neither player could buy or sell (D-12)."


def test_a_round_without_trades_does_not_end_the_game_while_someone_could_trade() -> None:
    state = play([*DRAFT_WITHOUT_450, pass_(ANN), pass_(BOB)])
    assert state.phase != FINISHED and state.set_number == 2


def test_every_certificate_field_must_be_a_certificate_size() -> None:
    state = play([*DRAFT_WITHOUT_450, buy(ANN, "seedy", 40, par=70)])
    bad_actions = [
        {"type": "buy", "holding": "seedy", "take": 15},
        {"type": "buy", "holding": "seedy", "take": True},
        {"type": "buy", "holding": "seedy", "take": "10"},
        {"type": "buy", "holding": "nowhere", "take": 10},
        {"type": "buy", "holding": ["seedy"], "take": 10},
        {"type": "buy", "take": 10},
        {"type": "sell", "holding": "seedy", "give": 10},
        {"type": "sell", "holding": "seedy"},
    ]
    for action in bad_actions:
        with pytest.raises(IllegalAction):
            game.apply(state, BOB, action)
