"""The rating arithmetic on hand cases: wins, ties, several players, partial play, order."""

from __future__ import annotations

import pytest

from ratings.skill import INITIAL, GameResult, SeatResult, rate_all


def game(game_id: int, *places: tuple[int, tuple[tuple[int, float], ...]]) -> GameResult:
    return GameResult(game_id, tuple(SeatResult(place, players) for place, players in places))


def solo(user: int) -> tuple[tuple[int, float], ...]:
    return ((user, 1.0),)


def final(results: list[GameResult]) -> dict[int, object]:
    ratings = {}
    for change in rate_all(results):
        ratings[change.user_id] = change.rating
    return ratings


def test_a_win_raises_the_winners_skill_and_lowers_the_losers():
    ratings = final([game(1, (1, solo(10)), (2, solo(20)))])
    assert ratings[10].mu > INITIAL.mu > ratings[20].mu
    assert ratings[10].sigma < INITIAL.sigma and ratings[20].sigma < INITIAL.sigma
    assert ratings[10].games == ratings[20].games == 1


def test_a_tie_between_equals_leaves_them_equal():
    ratings = final([game(1, (1, solo(10)), (1, solo(20)))])
    assert ratings[10].mu == pytest.approx(ratings[20].mu)
    assert ratings[10].mu == pytest.approx(INITIAL.mu, abs=1e-6)


def test_tied_winners_of_three_gain_the_same_and_the_last_loses():
    ratings = final([game(1, (1, solo(10)), (1, solo(20)), (3, solo(30)))])
    assert ratings[10].mu == pytest.approx(ratings[20].mu)
    assert ratings[10].mu > INITIAL.mu > ratings[30].mu


def test_places_order_four_players():
    ratings = final([game(1, (1, solo(1)), (2, solo(2)), (3, solo(3)), (4, solo(4)))])
    assert ratings[1].mu > ratings[2].mu > ratings[3].mu > ratings[4].mu


def test_a_substitute_who_played_a_third_moves_less_than_the_player_who_played_the_rest():
    shared = ((20, 2 / 3), (21, 1 / 3))
    ratings = final([game(1, (1, solo(10)), (2, shared))])
    assert INITIAL.mu > ratings[21].mu > ratings[20].mu
    alone = final([game(1, (1, solo(10)), (2, solo(20)))])
    assert ratings[20].mu > alone[20].mu  # two thirds of a whole game's loss
    assert INITIAL.mu - ratings[21].mu == pytest.approx((INITIAL.mu - ratings[20].mu) / 2)


def test_a_seat_played_by_one_player_gets_exactly_openskills_update():
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[1, 2, 2])
    ratings = final([game(1, (1, solo(1)), (2, solo(2)), (2, solo(3)))])
    assert [ratings[user].mu for user in (1, 2, 3)] == pytest.approx([team[0].mu for team in expected])
    assert [ratings[user].sigma for user in (1, 2, 3)] == pytest.approx([team[0].sigma for team in expected])


def test_a_share_too_small_to_count_leaves_the_player_unrated():
    ratings = final([game(1, (1, solo(10)), (2, ((20, 1.0), (21, 0.0))))])
    assert 21 not in ratings and 20 in ratings


def test_a_game_with_one_rated_seat_changes_nothing():
    assert final([game(1, (1, solo(10)), (2, ()))]) == {}


def test_beating_a_strong_player_gains_more_than_beating_a_newcomer():
    strong = [game(game_id, (1, solo(1)), (2, solo(9))) for game_id in range(1, 6)]
    upset = final([*strong, game(6, (1, solo(2)), (2, solo(1)))])
    plain = final([*strong, game(6, (1, solo(2)), (2, solo(3)))])
    assert upset[2].mu > plain[2].mu


def test_the_same_results_in_the_same_order_give_the_same_ratings():
    results = [game(1, (1, solo(1)), (2, solo(2)), (2, solo(3))), game(2, (1, solo(3)), (2, solo(1)))]
    assert list(rate_all(results)) == list(rate_all(results))
    assert final(results) != final(list(reversed(results)))


def test_a_player_listed_in_two_seats_is_rated_once_by_the_first():
    changes = list(rate_all([game(1, (1, ((10, 0.5), (30, 0.5))), (2, ((20, 0.5), (30, 0.5))))]))
    assert sorted(change.user_id for change in changes) == [10, 20, 30]
    assert {change.user_id: change.rating for change in changes}[30].mu > INITIAL.mu
