"""The game's end wired into the rounds (rules section 17, 23 G10).

The timing tests replay 29683 and break the bank at a chosen moment by moving the bank's cash
(and ₽1 more) to the first player, whose cash no operating-round rule reads, so the money
still totals ₽15,000 and the bank is below ₽0 from then on, as G10 says it stays: payments
go on regardless.
"""

from __future__ import annotations

from typing import Any

from engine.t1861 import ending, view
from engine.t1861.state import State, total_money
from tests.engine.t1861.games import fixture_replay, new_game


def _breaking_the_bank_after(at: int) -> Any:
    def each(state: State, recorded: dict[str, Any]) -> None:
        if recorded.get("id") == at:
            state.cash[0] += state.bank + 1
            state.bank = -1
            assert total_money(state) == 15000
    return each


def test_a_bank_broken_in_an_or_ends_the_game_when_that_or_ends() -> None:
    """17: broken in OR 4.1 (29683 id 430, its last action 475), the game ends with OR 4.1:
    no merger round follows, the next recorded action is refused and the reason is the bank."""
    state, reached, refusal = fixture_replay("29683", after_each=_breaking_the_bank_after(430))
    assert reached == 475 and refusal is not None and "The game is over" in refusal
    assert state.round["kind"] == "end" and state.game_end is not None
    assert view.summary(state)["end_reason"] == "bank" and view.summary(state)["status"] == "finished"
    assert view.standings(state) is not None


def test_a_bank_broken_in_a_merger_round_ends_the_game_with_the_next_or() -> None:
    """17: broken in the merger round after OR 4.1 (id 476), the game ends after OR 4.2 (its last action, id 530)."""
    state, reached, refusal = fixture_replay("29683", after_each=_breaking_the_bank_after(476))
    assert reached == 530 and "The game is over" in str(refusal)
    assert state.game_end == {"reason": "bank", "last_round": [4, 2], "over": True}


def test_a_first_8_train_bought_before_the_banks_end_replaces_its_timing() -> None:
    """17: broken in stock round 6 (id 666) the bank would end the game after OR 6.1; the first
    8-train, bought in OR 6.1, makes that set three ORs and the game ends as recorded."""
    state, reached, refusal = fixture_replay("29683", after_each=_breaking_the_bank_after(666))
    assert (reached, refusal) == (750, None)
    assert state.game_end == {"reason": "final_phase", "last_round": [6, 3], "over": True}


def test_once_the_8_train_is_bought_a_broken_bank_changes_nothing() -> None:
    """17: broken in OR 6.2 (id 710), after the first 8-train: the game still ends after OR 6.3."""
    state, reached, refusal = fixture_replay("29683", after_each=_breaking_the_bank_after(710))
    assert (reached, refusal) == (750, None)
    assert view.summary(state)["end_reason"] == "final_phase"


def test_a_bank_at_exactly_zero_is_not_broken() -> None:
    """G10: only a payment taking the bank below ₽0 breaks it."""
    state = new_game()
    state.round = {"kind": "operating", "number": 3, "operating_round": 1}
    state.cash[0] += state.bank
    state.bank = 0
    assert ending.note_bank_break(state) == [] and state.game_end is None
    state.cash[0] += 1
    state.bank -= 1
    assert ending.note_bank_break(state) and state.game_end == {"reason": "bank", "last_round": [3, 1]}


def test_a_bank_broken_in_a_stock_round_ends_the_game_after_the_sets_first_or() -> None:
    """17: broken in stock round 5, the next OR (5.1) is the last."""
    state = new_game()
    state.round = {"kind": "stock", "number": 5}
    state.rsr["cash"] += state.bank + 1
    state.bank = -1
    ending.note_bank_break(state)
    assert state.game_end == {"reason": "bank", "last_round": [5, 1]}


def test_a_bank_broken_after_a_sets_last_or_ends_the_game_after_the_next_sets_first() -> None:
    """17: broken in the merger round after OR 5.2 (the set's last), the game ends after OR 6.1."""
    state = new_game()
    state.round = {"kind": "merger", "number": 5, "after_operating_round": 2}
    state.operating = {"rounds_in_set": 2}
    state.rsr["cash"] += state.bank + 1
    state.bank = -1
    ending.note_bank_break(state)
    assert state.game_end == {"reason": "bank", "last_round": [6, 1]}
