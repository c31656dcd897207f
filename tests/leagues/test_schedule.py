"""The division schedule: pair meetings, seat balance and waves (leagues.schedule, pure)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leagues.schedule import make_schedule

SIZES = range(3, 13)
GAME_SIZES = range(2, 7)
MEETINGS = range(1, 4)


def _pair_count(schedule, a, b) -> int:
    return schedule.pair_counts().get(frozenset((a, b)), 0)


def _games_of(schedule) -> Counter:
    return Counter(player for game in schedule.games for player in game.players)


@settings(max_examples=150, deadline=None)
@given(
    n=st.sampled_from(SIZES),
    k=st.sampled_from(GAME_SIZES),
    m=st.sampled_from(MEETINGS),
    at_once=st.integers(min_value=1, max_value=3),
    seed=st.integers(min_value=0, max_value=2**16),
)
def test_every_schedule_is_fair_and_double_books_nobody(n, k, m, at_once, seed):
    players = [f"p{i}" for i in range(n)]
    schedule = make_schedule(players, k, m, at_once, seed=seed)
    size = min(k, n)

    assert all(len(game.players) == size and len(set(game.players)) == size for game in schedule.games)
    played = _games_of(schedule)
    assert set(played) == set(players)
    assert max(played.values()) - min(played.values()) <= 1

    for player in players:
        seats = Counter(game.players.index(player) for game in schedule.games if player in game.players)
        per_seat = [seats.get(seat, 0) for seat in range(size)]
        assert max(per_seat) - min(per_seat) <= 1, (player, per_seat)

    for round_number in {game.round for game in schedule.games}:
        in_round = [p for game in schedule.games if game.round == round_number for p in game.players]
        assert len(in_round) == len(set(in_round))
    for wave in schedule.waves():
        assert max(Counter(p for game in wave for p in game.players).values()) <= at_once

    off_target = [pair for pair in combinations(players, 2) if _pair_count(schedule, *pair) != m]
    assert bool(off_target) == any("not every pair" in note for note in schedule.notes)


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("k", GAME_SIZES)
@pytest.mark.parametrize("m", MEETINGS)
def test_no_pair_meets_fewer_times_than_agreed(n, k, m):
    schedule = make_schedule(list(range(n)), k, m)
    assert min(_pair_count(schedule, a, b) for a, b in combinations(range(n), 2)) >= m


@pytest.mark.parametrize(
    ("n", "k", "m", "games"),
    [
        (7, 4, 2, 7),  # the example: divisions of 7, every pair twice in 4-player games
        (4, 4, 3, 3),  # divisions of 4 playing 3 games
        (9, 3, 1, 12),  # a Steiner triple system
        (8, 2, 1, 28),  # a round robin
        (7, 2, 3, 63),
    ],
)
def test_known_designs_are_found_exactly(n, k, m, games):
    schedule = make_schedule(list(range(n)), k, m)
    assert len(schedule.games) == games
    assert schedule.notes == ()
    assert set(schedule.pair_counts().values()) == {m}


def test_a_round_robin_takes_one_round_per_opponent():
    schedule = make_schedule(list(range(8)), 2, 1)
    assert max(game.round for game in schedule.games) == 7
    assert schedule.wave_count == 7


def test_rounds_go_into_waves_of_the_agreed_number_of_games():
    schedule = make_schedule(list(range(8)), 2, 1, games_at_once=3)
    assert schedule.wave_count == 3  # 7 rounds in waves of 3: 3 + 3 + 1
    assert [len(wave) for wave in schedule.waves()] == [12, 12, 4]


def test_uneven_numbers_are_said_in_words():
    schedule = make_schedule(list(range(5)), 3, 1)
    assert any("not every pair can meet exactly once" in note for note in schedule.notes)
    assert any("play 3 games, the others 2" in note for note in schedule.notes)


def test_one_player_with_a_game_more_is_told_in_the_singular_and_the_other_pairs_are_counted():
    notes = make_schedule(list(range(4)), 3, 1).notes
    assert notes == ("4 players do not fill whole 3-player tables evenly: 1 of them plays 3 games, the others 2.",
                     "With 4 players in 3-player games, not every pair can meet exactly once: 3 pairs meet twice;"
                     " every other pair meets once.")


def test_a_division_smaller_than_a_game_plays_with_everyone():
    schedule = make_schedule(["a", "b", "c"], 4, 2)
    assert [len(game.players) for game in schedule.games] == [3, 3]
    assert "only 3 players, so its games are 3-player games" in schedule.notes[0]


def test_the_same_input_gives_the_same_schedule():
    assert make_schedule(list(range(10)), 4, 2) == make_schedule(list(range(10)), 4, 2)


def test_a_player_listed_twice_is_refused():
    with pytest.raises(ValueError, match="only once"):
        make_schedule(["a", "a", "b"], 2, 1)
