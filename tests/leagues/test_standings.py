"""Standings recorded with the game's result (leagues.standings) on PostgreSQL."""

from __future__ import annotations

import pytest

from games import resignation
from games.models import Game, GameStatus
from games.signals import seat_resigned
from leagues import seeding, substitutes
from leagues.models import DivisionMember, GamePlacing, PointsTo, Season, Standing
from leagues.standings import SeatResult, record_result
from tests.games.factories import SCRIPT, make_user, play, play_to_end, started_game
from tests.leagues.console_factories import league_game
from tests.leagues.factories import make_division, make_season, schedule

pytestmark = pytest.mark.django_db


def table(division) -> list[tuple[str, int, str]]:
    """(name, position, points) of the division's stored table, in its order."""
    rows = Standing.objects.filter(division=division).select_related("member__user").order_by("row")
    return [(row.member.user.name, row.position, str(row.points)) for row in rows]


@pytest.fixture
def division(players, dee):
    return make_division(make_season(), [*players, dee])


def test_a_resignation_that_ends_a_league_game_puts_the_winner_on_top_in_the_same_transaction(division, players):
    ann, bob, _ = players
    game = started_game([ann, bob])
    schedule(division, game, 1)
    resignation.resign(game.pk, bob)
    assert table(division) == [("ann", 1, "10"), ("bob", 2, "6"), ("cy", 3, "0"), ("dee", 3, "0")]
    assert Standing.objects.get(member__user=bob).played == 1


def test_a_failing_write_after_the_result_rolls_the_standings_back_with_the_game(division, players):
    ann, bob, _ = players
    game = started_game([ann, bob])
    schedule(division, game, 1)

    def later_write_fails(**kwargs):
        raise RuntimeError("the disk is full")

    seat_resigned.connect(later_write_fails, sender=Game, dispatch_uid="test.later_write_fails")
    try:
        with pytest.raises(RuntimeError):
            resignation.resign(game.pk, bob)
    finally:
        seat_resigned.disconnect(dispatch_uid="test.later_write_fails")
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    assert not Standing.objects.exists() and not GamePlacing.objects.exists()


def test_a_game_played_to_its_end_through_the_move_path_is_in_the_table(division, players):
    game = play_to_end(started_game(players, options={}))
    schedule(division, game, 1)  # scheduled after the fact: the finishing move found no league game
    assert not Standing.objects.exists()
    assert record_result(game)
    placed = {row.member.user.name: row for row in Standing.objects.select_related("member__user")}
    winner = max(placed.values(), key=lambda row: row.points)
    assert winner.wins == 1 and winner.position == 1 and placed["dee"].played == 0


def test_recording_a_result_twice_counts_it_once(division, players):
    ann, bob, _ = players
    game = started_game([ann, bob])
    schedule(division, game, 1)
    resignation.resign(game.pk, bob)
    game.refresh_from_db()
    before = table(division)
    assert record_result(game) and record_result(game)
    assert table(division) == before
    assert GamePlacing.objects.count() == 2


def test_an_adjudicated_result_with_ties_shares_points_and_positions(division, players, dee):
    ann, bob, cy = players
    first = started_game([ann, bob, cy, dee])
    second = started_game([dee, cy, bob, ann], seed=8)
    schedule(division, first, 1)
    schedule(division, second, 2)
    record_result(first, [SeatResult(0, 1, 60), SeatResult(1, 1, 60), SeatResult(2, 3, 30), SeatResult(3, 4, 10)])
    record_result(second, [SeatResult(0, 1, 50), SeatResult(1, 2, 40), SeatResult(2, 2, 40), SeatResult(3, 4, 20)])
    # ann 8 + 1, bob 8 + 4.5, cy 3 + 4.5, dee 1 + 10.
    assert table(division) == [("bob", 1, "25/2"), ("dee", 2, "11"), ("ann", 3, "9"), ("cy", 4, "15/2")]


def test_a_game_of_another_division_or_none_changes_no_table(division, players):
    other = make_division(make_season(slug="friday"), players[:2])
    game = started_game(players[:2])
    schedule(other, game, 1)
    resignation.resign(game.pk, players[1])
    assert not Standing.objects.filter(division=division).exists()
    assert Standing.objects.filter(division=other).count() == 2
    loose = started_game(players[:2], seed=9)
    resignation.resign(loose.pk, players[0])
    loose.refresh_from_db()
    assert record_result(loose) is False


def test_a_substitutes_seat_does_not_count_for_the_division(division, players):
    ann = players[0]
    game = started_game([ann, make_user("sub@example.com", "sub")])
    schedule(division, game, 1)
    record_result(game, [SeatResult(0, 2, 10), SeatResult(1, 1, 20)])
    assert table(division)[:1] == [("ann", 1, "6")]
    assert GamePlacing.objects.count() == 1


def test_the_next_seasons_draw_reads_the_final_order_from_the_table(division, players, dee):
    ann, bob, cy = players
    game = started_game([cy, ann, bob, dee])
    schedule(division, game, 1)
    record_result(game, [SeatResult(0, 1, 40), SeatResult(1, 2, 30), SeatResult(2, 2, 30), SeatResult(3, 4, 10)])
    # ann and bob share second (4.5 each), listed by name; dee, seeded 4th, is last.
    assert seeding.final_ranking(division) == [cy.pk, ann.pk, bob.pk, dee.pk]


def _substituted_game(season, players, substitute, rule: str):
    """ann plays seat 0's first turn (3 moves), ``substitute`` claims it and makes its 4th move; rule ``rule``."""
    Season.objects.filter(pk=season.pk).update(points_to=rule)
    game = league_game(season, players)
    substitutes.join_pool(season.league, substitute)
    play(game, SCRIPT[:3])
    substitutes.claim(substitutes.offer_locked(game, 0, None, "ann dropped out").pk, substitute)
    return play(game, SCRIPT[3:9])


# Seat 0 (ann 3 moves, then the substitute 1) wins, bob (seat 1) second, cy third: 10 / 6 / 3.
@pytest.mark.parametrize(("rule", "expected"), [
    (PointsTo.FINISHER, [("dee", 1, "10"), ("bob", 2, "6"), ("cy", 3, "3"), ("ann", 4, "0")]),
    (PointsTo.STARTER, [("ann", 1, "10"), ("bob", 2, "6"), ("cy", 3, "3"), ("dee", 4, "0")]),
    (PointsTo.SPLIT, [("ann", 1, "15/2"), ("bob", 2, "6"), ("cy", 3, "3"), ("dee", 4, "5/2")]),
])
def test_a_substituted_seats_points_go_to_the_members_the_seasons_rule_names(season, players, dee, rule, expected):
    game = _substituted_game(season, players, dee, rule)
    DivisionMember.objects.create(division=game.league_game.division, user=dee, seed=4)
    record_result(game, [SeatResult(0, 1, 90), SeatResult(1, 2, 60), SeatResult(2, 3, 30)])
    assert table(game.league_game.division) == expected
    played = {row.member.user.name: row.played for row in Standing.objects.select_related("member__user")}
    assert played == {"ann": int(rule != PointsTo.FINISHER), "bob": 1, "cy": 1, "dee": int(rule != PointsTo.STARTER)}


@pytest.mark.parametrize(("rule", "expected"), [
    # Seats 0 and 1 tie for first: (10 + 6) / 2 = 8 each, counted by seats even when no member scores seat 0.
    (PointsTo.FINISHER, [("bob", 1, "8"), ("cy", 2, "3"), ("ann", 3, "0")]),
    (PointsTo.STARTER, [("ann", 1, "8"), ("bob", 1, "8"), ("cy", 3, "3")]),
    (PointsTo.SPLIT, [("bob", 1, "8"), ("ann", 2, "6"), ("cy", 3, "3")]),
])
def test_a_substitute_from_outside_the_division_scores_nothing_and_ties_count_by_seats(season, players, rule,
                                                                                       expected):
    outsider = make_user("vi@example.com", "vi")
    game = _substituted_game(season, players, outsider, rule)
    record_result(game, [SeatResult(0, 1, 70), SeatResult(1, 1, 70), SeatResult(2, 3, 20)])
    assert table(game.league_game.division) == expected
    assert not GamePlacing.objects.filter(member__user=outsider).exists()
