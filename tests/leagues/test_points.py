"""Points and tie-breaks, checked against tables computed by hand (issue 15: ties at every level)."""

from fractions import Fraction

import pytest

from leagues.points import (
    GameResult,
    Placing,
    RulesError,
    format_points,
    format_share,
    place_points,
    standings,
)

SMALL = (3, 2, 1, 0)  # lets different finishes add up to the same points, so the tie-breaks decide


def game(*placings):
    """game(("A", 1, 100), ("B", 2)) -> a GameResult; the score is optional."""
    return GameResult(tuple(Placing(*placing) for placing in placings))


def table(lines):
    return [(line.member, line.position) for line in lines]


@pytest.mark.parametrize(("places", "expected"), [
    ([1, 2, 3, 4], [10, 6, 3, 1]),
    ([1, 1, 3, 4], [8, 8, 3, 1]),  # two tied for first share 10 + 6
    ([1, 2, 2, 2], [10, Fraction(10, 3), Fraction(10, 3), Fraction(10, 3)]),  # 6 + 3 + 1 in three
    ([1, 1, 1, 1], [5, 5, 5, 5]),
    ([1, 2, 2], [10, Fraction(9, 2), Fraction(9, 2)]),  # a three-player game: 4.5 each
    ([1, 2, 3, 4, 4], [10, 6, 3, Fraction(1, 2), Fraction(1, 2)]),  # past the list a place earns 0
])
def test_tied_places_share_the_points_of_the_places_they_fill(places, expected):
    placings = [Placing(f"p{index}", place) for index, place in enumerate(places)]
    points = place_points(placings, (10, 6, 3, 1))
    assert [points[f"p{index}"] for index in range(len(places))] == expected


@pytest.mark.parametrize(("placings", "expected"), [
    # One seat won, played 3/4 by A and 1/4 by D: the seat's 10 is split; B's second is whole.
    ([Placing("A", 1, share=Fraction(3, 4), seats_at_place=1), Placing("D", 1, share=Fraction(1, 4), seats_at_place=1),
      Placing("B", 2, seats_at_place=1)], {"A": Fraction(15, 2), "D": Fraction(5, 2), "B": 6}),
    # A's seat tied first with a seat no member scores (a substitute's): still (10 + 6) / 2, not 10.
    ([Placing("A", 1, seats_at_place=2), Placing("C", 3, seats_at_place=1)], {"A": 8, "C": 3}),
    # Both: half of a seat tied first with another, and that other seat's member.
    ([Placing("A", 1, share=Fraction(1, 2), seats_at_place=2), Placing("B", 1, seats_at_place=2)],
     {"A": 4, "B": 8}),
])
def test_a_shared_seat_splits_its_points_and_ties_count_seats_not_scorers(placings, expected):
    assert place_points(placings, (10, 6, 3, 1)) == expected


def test_a_share_of_a_won_seat_counts_a_game_and_a_win_but_only_its_points():
    lines = standings("ABD", [game(("B", 2)), GameResult((Placing("A", 1, share=Fraction(3, 4), seats_at_place=1),
                                                          Placing("D", 1, share=Fraction(1, 4), seats_at_place=1),
                                                          Placing("B", 2, seats_at_place=1)))])
    by_member = {line.member: (line.played, line.points, line.wins) for line in lines}
    assert by_member == {"A": (1, Fraction(15, 2), 1), "D": (1, Fraction(5, 2), 1), "B": (2, 12, 0)}


def test_points_add_up_over_games_and_a_shared_first_counts_as_a_win_for_both():
    lines = standings("ABCD", [game(("A", 1), ("B", 1), ("C", 3), ("D", 4)),
                               game(("C", 1), ("A", 2), ("B", 3), ("D", 4))])
    by_member = {line.member: line for line in lines}
    assert (by_member["A"].points, by_member["A"].wins, by_member["A"].seconds) == (14, 1, 1)
    assert (by_member["B"].points, by_member["B"].wins, by_member["B"].seconds) == (11, 1, 0)
    assert (by_member["C"].points, by_member["C"].wins) == (13, 1)
    assert table(lines) == [("A", 1), ("C", 2), ("B", 3), ("D", 4)]


# Both games: everyone ends on 3 points; A and D won once, B and C were second once.
LEVEL_ON_POINTS = [game(("A", 1, 100), ("B", 2, 80), ("C", 3, 50), ("D", 4, 40)),
                   game(("D", 1, 120), ("C", 2, 60), ("B", 3, 30), ("A", 4, 0))]


def test_wins_then_seconds_then_the_winners_share_order_players_level_on_points():
    lines = standings("ABCD", LEVEL_ON_POINTS, SMALL)
    assert {line.points for line in lines} == {3}
    # Shares: D (40/100 + 1) / 2 = 0.7 ahead of A 0.5; B (0.8 + 0.25) / 2 = 0.525 ahead of C 0.5.
    assert table(lines) == [("D", 1), ("A", 2), ("B", 3), ("C", 4)]
    assert [line.winner_share for line in lines] == [Fraction(7, 10), Fraction(1, 2), Fraction(21, 40),
                                                     Fraction(1, 2)]


def test_the_order_of_tie_breaks_is_the_seasons():
    lines = standings("ABCD", LEVEL_ON_POINTS, SMALL, order=("seconds", "points"))
    assert table(lines) == [("B", 1), ("C", 1), ("A", 3), ("D", 3)]


def test_head_to_head_counts_only_games_among_the_tied_players():
    # A and B: 5 points, one win, one second each; B placed above A in the one game they shared.
    results = [game(("B", 1), ("A", 2), ("C", 3)),
               game(("A", 1), ("C", 2), ("D", 3)),
               game(("C", 1), ("B", 2), ("D", 3))]
    lines = standings("ABCD", results, SMALL)
    assert table(lines) == [("C", 1), ("B", 2), ("A", 3), ("D", 4)]
    assert [line.head_to_head for line in lines] == [None, 1, 0, None]  # C and D were tied with nobody


def test_players_level_on_every_tie_break_share_a_position_listed_by_name():
    # A cycle: each beat each other once, so head to head cannot split them either.
    results = [game(("A", 1), ("B", 2), ("C", 3)),
               game(("B", 1), ("C", 2), ("A", 3)),
               game(("C", 1), ("A", 2), ("B", 3))]
    lines = standings("CBA", results, SMALL)
    assert table(lines) == [("A", 1), ("B", 1), ("C", 1)]
    assert [line.head_to_head for line in lines] == [3, 3, 3]


def test_head_to_head_is_counted_again_inside_a_smaller_tied_group():
    # Two-player games, a point a win: A, B and C each win two of the six.
    results = [game(("A", 1), ("B", 2)), game(("A", 1), ("C", 2)), game(("B", 1), ("C", 2)),
               game(("C", 1), ("B", 2)), game(("B", 1), ("A", 2)), game(("C", 1), ("A", 2))]
    lines = standings("ABC", results, (1, 0), order=("points", "head_to_head"))
    assert {line.points for line in lines} == {2}
    assert table(lines) == [("A", 1), ("B", 1), ("C", 1)]  # each placed above each other twice
    lines = standings("ABC", results[:4], (1, 0), order=("points", "head_to_head"))
    # A 2 points; B and C 1 each: C beat B once in game 4, B beat C once in game 3: level.
    assert table(lines) == [("A", 1), ("B", 2), ("C", 2)]
    assert [line.head_to_head for line in lines] == [None, 1, 1]


def test_a_member_without_games_is_listed_last_and_outsiders_do_not_count():
    lines = standings("ABE", [game(("A", 1, 50), ("X", 2, 40), ("B", 3, 10))])
    assert table(lines) == [("A", 1), ("B", 2), ("E", 3)]
    assert (lines[2].played, lines[2].points, lines[2].winner_share) == (0, 0, None)
    assert lines[1].points == 3  # third place, the outsider X taking second's points


def test_a_game_without_scores_counts_for_points_but_not_for_the_winners_share():
    results = [game(("A", 1, 100), ("B", 2, 50)), game(("B", 1), ("A", 2))]  # the second ended by a resignation
    lines = {line.member: line for line in standings("AB", results)}
    assert lines["B"].winner_share == Fraction(1, 2)
    assert lines["A"].points == lines["B"].points == 16


@pytest.mark.parametrize(("points", "shown"), [
    (Fraction(8), "8"), (Fraction(9, 2), "4.5"), (Fraction(10, 3), "3.33"), (Fraction(1, 2), "0.5"),
    (Fraction(0), "0"), (Fraction(37, 4), "9.25"),
])
def test_points_are_shown_whole_or_with_at_most_two_decimals(points, shown):
    assert format_points(points) == shown


def test_shares_are_shown_as_percentages():
    assert (format_share(Fraction(7, 8)), format_share(Fraction(1)), format_share(None)) == ("87.5%", "100%", "—")


@pytest.mark.parametrize(("points", "order", "message"), [
    ((10, -1), ("points",), "cannot be negative"),
    ((10, 6), ("points", "goal difference"), "Unknown tie-break: goal difference"),
    ((10, 6), ("points", "wins", "wins"), "only once"),
])
def test_unusable_rules_are_refused_in_words(points, order, message):
    with pytest.raises(RulesError, match=message):
        standings("AB", [], points, order)
