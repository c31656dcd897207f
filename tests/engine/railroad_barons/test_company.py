"""The generic company helpers: directors (D-02), exact covers and the director's certificate swap (P-12)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.railroad_barons.company import (
    BANK,
    exact_cover,
    next_director,
    percent_of,
    swap_director_certificate,
)
from engine.railroad_barons.stock_round import end_turn, new_round, next_priority, record_pass, record_sale

SIZES = (40, 30, 20, 10)


def test_the_incumbent_keeps_a_tie_and_loses_to_strictly_more() -> None:
    assert next_director(SIZES, [0, 1, BANK, 1], 0, [1, 0]) == 0  # 40 against 40
    assert next_director(SIZES, [0, 1, 1, BANK], 0, [1, 0]) == 1  # 40 against 50
    assert next_director(SIZES, [1, BANK, BANK, BANK], None, [0, 1]) == 1  # a start


def test_exact_cover_uses_the_fewest_certificates() -> None:
    assert exact_cover(SIZES, [0, 1, 1, 1], 1, 40) == [1, 3]  # 30 + 10
    assert exact_cover(SIZES, [0, 1, 1, BANK], 1, 40) is None  # 30 + 20 cannot make 40


def test_the_swap_moves_nothing_when_impossible() -> None:
    owners = [0, 1, 1, BANK]
    assert swap_director_certificate(SIZES, owners, 0, 1) is None and owners == [0, 1, 1, BANK]
    owners = [0, 1, 1, 1]
    assert swap_director_certificate(SIZES, owners, 0, 1) == [30, 10] and owners == [1, 0, 1, 0]


@given(st.lists(st.sampled_from([BANK, 0, 1]), min_size=4, max_size=4), st.sampled_from([0, 1]))
def test_the_director_always_holds_at_least_as_much_as_anyone(owners: list, incumbent: int) -> None:
    director = next_director(SIZES, owners, incumbent, [1 - incumbent, incumbent])
    assert director is not None
    assert all(percent_of(SIZES, owners, director) >= percent_of(SIZES, owners, seat) for seat in (0, 1))


def test_the_stock_round_ends_after_every_player_passes_in_succession() -> None:
    round_ = new_round(1, 2)
    assert not record_pass(round_, 1, 2)
    record_sale(round_, 0, "seedy", 70)
    end_turn(round_, 0, True, 2)
    assert round_.passes == 0 and round_.turn == 1 and round_.sold == [["seedy"], []]
    assert not record_pass(round_, 1, 2) and record_pass(round_, 0, 2)
    assert next_priority(round_, 1, 2) == 1  # the player after the last trader (b.5 #32)
    assert next_priority(new_round(1, 2), 1, 2) == 1  # nobody traded: unchanged (D-10)
