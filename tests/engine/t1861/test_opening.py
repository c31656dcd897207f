"""The two recorded games, replayed up to their first operating round (rules 9-11, 22, 23 R5-R6, G1).

Every recorded auction and stock-round action must come from the seat our engine asks: a
player G1 or section 11 removes without an action, or a wrong R6 priority, would shift the
seats and fail.  The checkpoints are read off the recorded bids and the rules.
"""

from __future__ import annotations

import pytest

from engine.t1861 import prices
from engine.t1861.operating_round import PRIVATE_REVENUE
from engine.t1861.state import total_money
from tests.engine.t1861.games import fixture_opening

# Section 9: the recorded winning bid of each private (18xx.games ids; seats in export order).
PRIVATES = {
    "167259": {"tsr": (0, 30), "bss": (1, 45), "myr": (2, 60), "mrr": (3, 60), "wvr": (0, 90)},
    "29683": {"tsr": (1, 25), "bss": (0, 45), "myr": (0, 70), "mrr": (1, 90), "wvr": (2, 95)},
}
# Section 11: each minor's winner and winning bid, in the order they were won.
MINORS = {
    "167259": {"n": (1, 140), "mnn": (2, 140), "m-k": (3, 140), "kb": (0, 100), "spw": (1, 130),
               "kk": (2, 110), "mv": (3, 110)},
    "29683": {"n": (2, 110), "m-k": (1, 110), "mnn": (1, 115), "spw": (2, 110), "kr": (0, 105),
              "kk": (2, 100), "mv": (0, 100), "kb": (0, 100)},
}
START_CASH = {"167259": 315, "29683": 420}
# R6: the recorded second stock round opens with this seat (167259 id 95, 29683 id 123).
NEXT_PRIORITY = {"167259": 0, "29683": 1}
# 7.4: the order in which the minors first act in the recorded first operating round.
FIRST_OR_ORDER = {
    "167259": ["n", "mnn", "m-k", "spw", "kk", "mv", "kb"],
    "29683": ["n", "m-k", "mnn", "spw", "kr", "kk", "mv", "kb"],
}


@pytest.mark.parametrize("game", ["167259", "29683"])
def test_the_privates_go_to_the_recorded_winners_at_the_recorded_prices(game: str) -> None:
    state, _ = fixture_opening(game)
    assert state.privates == {private: seat for private, (seat, _) in PRIVATES[game].items()}


@pytest.mark.parametrize("game", ["167259", "29683"])
def test_the_minors_go_to_their_winners_with_the_bid_as_treasury_and_the_section_11_price(game: str) -> None:
    state, _ = fixture_opening(game)
    started = {minor: company for minor, company in state.minors.items() if company["status"] == "started"}
    assert set(started) == set(MINORS[game])
    for minor, (seat, bid) in MINORS[game].items():
        assert (started[minor]["owner"], started[minor]["cash"]) == (seat, bid)
        assert started[minor]["price"] == prices.minor_start_price(state, bid)


@pytest.mark.parametrize("game", ["167259", "29683"])
def test_players_cash_is_the_start_less_what_they_won_plus_their_privates_first_revenue(game: str) -> None:
    state, _ = fixture_opening(game)
    for seat in state.seats:
        spent = sum(price for owner, price in PRIVATES[game].values() if owner == seat)
        spent += sum(price for owner, price in MINORS[game].values() if owner == seat)
        earned = sum(PRIVATE_REVENUE[private] for private, (owner, _) in PRIVATES[game].items() if owner == seat)
        assert state.cash[seat] == START_CASH[game] - spent + earned  # section 3: paid as OR 1.1 starts
    assert total_money(state) == 15000


@pytest.mark.parametrize("game", ["167259", "29683"])
def test_the_first_stock_round_ends_with_the_recorded_priority_and_operating_order(game: str) -> None:
    state, _ = fixture_opening(game)
    assert state.round["kind"] == "operating"
    assert state.priority == NEXT_PRIORITY[game]
    started = [minor for minor, company in state.minors.items() if company["status"] == "started"]
    assert sorted(started, key=lambda minor: prices.order_key(state.minors[minor])) == FIRST_OR_ORDER[game]


@pytest.mark.parametrize("game", ["167259", "29683"])
def test_each_minor_home_token_stands_in_its_home_city(game: str) -> None:
    state, _ = fixture_opening(game)
    for minor in MINORS[game]:
        assert len(state.board.token_hexes(minor.upper())) == 1


def test_167259_ends_its_first_stock_round_with_every_player_passed_without_an_action() -> None:
    """R5: after MV is won, nobody can act (₽95 is under a minor's ₽100), so the round ends by itself."""
    state, actions = fixture_opening("167259")
    assert actions[-1]["action"] == {"type": "bid", "company": "mv", "price": 110}
    assert state.cash == [95 + 40, 0 + 15, 5 + 20, 5 + 25]  # and then OR 1.1's private revenue (section 3)


def test_the_setup_line_writes_roubles_as_the_pages_do_thousands_separated() -> None:
    """A walk read "the bank holds ₽13740" in the log beside "Bank ₽13,740" on the page."""
    import engine.core as engine

    state = engine.new_game("1861", ["ann", "bob", "cy"], 1)
    setup = engine.opening_events(state)[0].text
    assert setup == "1861 for ann, bob, cy: ₽420 each; the bank holds ₽13,740."
