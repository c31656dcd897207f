"""The private auction (rules section 9, 23 G1)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.t1861 import private_auction
from engine.t1861.state import new_state
from engine.t1861.title import TITLE
from tests.engine.t1861.games import asked, new_game, play, snapshot


def _passes(state, times: int) -> None:
    for _ in range(times):
        play(state, asked(state)[0], "pass")


def test_section_2_set_up_pays_each_player_from_the_bank() -> None:
    state = new_game(5)
    assert state.cash == [252] * 5 and state.bank == 15000 - 5 * 252


def test_section_9_the_first_seat_puts_up_the_cheapest_private_first() -> None:
    state = new_game(4)
    assert asked(state) == (0, "private_auction")
    assert state.auction["company"] == "tsr" and state.auction["minimum"] == 20


def test_section_9_bids_are_the_minimum_plus_steps_of_5_within_cash() -> None:
    state = new_game(4)
    before = snapshot(state)
    for price, words in ((15, "minimum"), (22, "steps"), (400, "only")):
        with pytest.raises(IllegalAction, match=words):
            play(state, 0, "bid", company="tsr", price=price)
    with pytest.raises(IllegalAction, match="TSR"):
        play(state, 0, "bid", company="bss", price=30)
    assert snapshot(state) == before


def test_section_9_the_last_bidder_left_buys_and_the_next_seat_puts_up_the_next_private() -> None:
    state = new_game(4)
    play(state, 0, "bid", company="tsr", price=20)
    play(state, 1, "bid", company="tsr", price=25)
    with pytest.raises(IllegalAction, match="beat"):
        play(state, 2, "bid", company="tsr", price=25)
    _passes(state, 2)  # seats 2 and 3
    play(state, 0, "pass")
    assert state.privates["tsr"] == 1 and state.cash[1] == 315 - 25
    assert state.auction["company"] == "bss" and asked(state) == (2, "private_auction")


def test_section_9_a_player_who_declined_to_open_may_still_raise() -> None:
    state = new_game(3)
    play(state, 0, "pass")
    play(state, 1, "bid", company="tsr", price=20)
    play(state, 2, "pass")
    assert asked(state)[0] == 0
    play(state, 0, "bid", company="tsr", price=25)
    play(state, 1, "pass")
    assert state.privates["tsr"] == 0


def test_section_9_when_all_decline_the_price_falls_and_the_first_bid_buys_at_once() -> None:
    state = new_game(3)
    _passes(state, 3)
    assert state.auction["minimum"] == 15 and asked(state)[0] == 0
    play(state, 0, "pass")
    play(state, 1, "bid", company="tsr", price=20)
    assert state.privates["tsr"] == 1 and state.cash[1] == 400


def test_section_9_at_zero_the_starter_gets_the_private_free() -> None:
    state = new_game(3)
    _passes(state, 3 * 4)  # 20 -> 15 -> 10 -> 5 -> 0
    assert state.privates["tsr"] == 0 and state.cash[0] == 420
    assert state.auction["company"] == "bss" and asked(state)[0] == 1


def _auction_with_cash(cash: list[int]):
    state = new_state(["ann", "bob", "cy"], 1, TITLE.validate_options({}))
    state.bank += sum(state.cash) - sum(cash)
    state.cash = list(cash)
    private_auction.begin(state)
    return state


def test_g1_a_player_who_cannot_afford_the_minimum_is_never_asked() -> None:
    state = _auction_with_cash([420, 15, 420])
    play(state, 0, "pass")
    assert asked(state)[0] == 2


def test_g1_after_a_bid_players_who_cannot_raise_are_out_without_an_action() -> None:
    state = _auction_with_cash([420, 24, 420])
    play(state, 0, "bid", company="tsr", price=20)
    assert asked(state)[0] == 2  # seat 1 (₽24) cannot bid 25
    play(state, 2, "pass")
    assert state.privates["tsr"] == 0


def test_g1_the_list_is_rebuilt_only_when_a_reduced_offer_goes_round_unsold() -> None:
    state = _auction_with_cash([420, 17, 420])
    _passes(state, 2)  # seats 0 and 2 decline at 20
    assert state.auction["minimum"] == 15 and 1 not in state.auction["eligible"]  # ₽17 but still out
    _passes(state, 2)  # the reduced offer goes round unsold
    assert state.auction["minimum"] == 10 and 1 in state.auction["eligible"]


def test_section_9_a_reduced_offer_says_why_its_price_fell_and_that_the_first_bid_buys() -> None:
    state = new_game(3)
    [prompt] = TITLE.prompts(state)
    assert prompt.question == "TSR is for sale (minimum ₽20, no bid yet). Bid or pass?"
    _passes(state, 3)
    [prompt] = TITLE.prompts(state)
    assert prompt.question == ("TSR is offered at a reduced price: ₽15 (it opened at ₽20; every player declined it,"
                               " so it fell ₽5 once). The first bid buys it. Bid or pass?")
    _passes(state, 3)
    assert "₽10 (it opened at ₽20; every player declined it, so it fell ₽5 twice)" in TITLE.prompts(state)[0].question
    play(state, asked(state)[0], "bid", company="tsr", price=10)
    assert state.privates["tsr"] is not None


def test_g1_a_private_nobody_can_afford_falls_once_and_is_offered_to_all_who_can() -> None:
    state = _auction_with_cash([15, 15, 16])
    assert state.auction["minimum"] == 15 and state.auction["eligible"] == [0, 1, 2]
    assert asked(state)[0] == 0


def test_section_9_priority_after_the_auction_goes_to_the_seat_after_the_last_buyer() -> None:
    state = new_game(3)
    for company, seat in (("tsr", 0), ("bss", 1), ("myr", 2), ("mrr", 0), ("wvr", 1)):
        assert asked(state)[0] == seat
        play(state, seat, "bid", company=company, price=private_auction.PRIVATES[company.upper()]["min_bid"])
        _passes(state, 2)
    assert state.round["kind"] == "stock" and state.priority == 2 and asked(state) == (2, "stock_turn")


def test_section_2_two_players_auction_three_privates_drawn_from_the_seed() -> None:
    assert len(new_game(2, seed=7).privates) == 3
    assert new_game(2, seed=7).privates == new_game(2, seed=7).privates
    assert len({tuple(new_game(2, seed=seed).privates) for seed in range(20)}) > 1


def test_section_2_two_players_remove_the_last_copies_of_some_trains() -> None:
    from engine.t1861.depot import copies_left

    assert copies_left(new_game(2).depot, "2") == copies_left(new_game(3).depot, "2") - 3
    assert copies_left(new_game(2).depot, "7") == copies_left(new_game(3).depot, "7") - 1
