"""The end of the game and the final standings (rules sections 17, 23 G10; contract standings)."""

from engine.t1861.data import DATA
from engine.t1861.game_end import (
    EndReason,
    GameEnd,
    RoundNumber,
    after_bank_break,
    after_first_eight_train,
    breaks_bank,
    combined,
    is_over,
    operating_round_after,
    operating_rounds_in_set,
)
from engine.t1861.scoring import PlayerHoldings, final_standings, final_worth, scoring_prices
from tests.engine.t1861.fixtures import fixture_export

GRID = DATA.market()


def test_an_eight_train_in_the_first_or_of_a_set_makes_that_set_three_ors_long():
    end = after_first_eight_train(RoundNumber(7, 1))
    assert end == GameEnd(EndReason.FINAL_PHASE, RoundNumber(7, 3))
    assert operating_rounds_in_set(7, 2, end) == 3
    assert not is_over(end, RoundNumber(7, 2)) and is_over(end, RoundNumber(7, 3))


def test_an_eight_train_later_in_a_set_means_one_more_set_of_three():
    end = after_first_eight_train(RoundNumber(7, 2))
    assert end.last_round == RoundNumber(8, 3)
    assert operating_rounds_in_set(7, 2, end) == 2 and operating_rounds_in_set(8, 2, end) == 3
    assert not is_over(end, RoundNumber(7, 2))


def test_a_broken_bank_ends_the_game_after_the_current_or_or_the_next_one():
    assert after_bank_break(RoundNumber(5, 2)).last_round == RoundNumber(5, 2)
    # broken in the merger round after OR 5.1, or after the set's last OR (then a stock round)
    assert operating_round_after(RoundNumber(5, 1), 2) == RoundNumber(5, 2)
    assert operating_round_after(RoundNumber(5, 2), 2) == RoundNumber(6, 1)


def test_the_eight_train_timing_beats_the_broken_bank_either_way():
    bank = after_bank_break(RoundNumber(6, 1))
    eight = after_first_eight_train(RoundNumber(6, 1))
    assert combined(bank, eight) == eight  # bought before the bank's end point: replaces it
    assert combined(eight, bank) == eight  # bought first: the bank changes nothing
    assert combined(None, bank) == bank
    assert combined(bank, after_bank_break(RoundNumber(6, 2))) == bank


def test_the_bank_breaks_only_below_zero():
    assert not breaks_bank(100, 100)
    assert breaks_bank(100, 101)
    assert not breaks_bank(-1, 50)  # already broken: not a new break
    assert DATA.bank == 15000


def test_final_worth_is_cash_privates_and_shares_at_prices_moved_left_per_loan():
    """NW at 150 (2, 7) owing two loans scores at 120 (two lefts); SW at 100 with none at 100."""
    cells = {"NW": GRID.cell(2, 7), "SW": GRID.cell(3, 4)}
    prices = scoring_prices(GRID, cells, {"NW": "major", "SW": "major"}, {"NW": 2})
    assert prices == {"NW": 120, "SW": 100}
    ann = PlayerHoldings(0, "ann", cash=500, private_face_values=(30,), major_percents={"NW": 40, "SW": 10})
    assert final_worth(ann, prices) == 500 + 30 + 4 * 120 + 100


def test_standings_use_competition_ranking_with_ties_listed_by_seat():
    prices = {"NW": 100}
    players = [
        PlayerHoldings(0, "ann", cash=300),
        PlayerHoldings(1, "bob", cash=100, major_percents={"NW": 20}),
        PlayerHoldings(2, "cy", cash=500),
    ]
    standings = final_standings(players, prices)
    assert [(entry["name"], entry["score"], entry["cash"], entry["place"]) for entry in standings] == [
        ("cy", 500, 500, 1),
        ("ann", 300, 300, 2),
        ("bob", 300, 100, 2),
    ]


def test_the_recorded_games_ended_in_the_final_phase():
    """Section 22: both games ended by the first 8-train, reason named as 18xx.games names it."""
    assert {fixture_export(game).end_reason for game in ("167259", "29683")} == {EndReason.FINAL_PHASE.value}
