"""Minors never started leave at the first 5-train (rules section 16, event
``minors_cannot_start``; section 4's home slots), here and in a recorded game."""

from __future__ import annotations

from engine.t1861 import trainless
from tests.engine.t1861.games import fixture_replay, new_game

BANK_BREAKS = "bank_breaks_then_final_phase"


def test_16_at_the_first_5_train_the_home_slots_of_unstarted_minors_are_freed() -> None:
    state = new_game()
    assert state.board.reserved_in("H18") == (("Y",),)  # section 4: Yuzovka is held for Y
    assert state.board.free_slots("H18", 0, "GRR") == 0
    trainless.after_first_purchase(state, ("minors_cannot_start",), "5")
    assert state.board.reserved_in("H18") == ((),)
    assert state.board.free_slots("H18", 0, "GRR") == 1


def test_16_a_started_minors_home_is_not_touched() -> None:
    state = new_game()
    state.minors["y"]["status"] = "started"
    trainless.after_first_purchase(state, ("minors_cannot_start",), "5")
    assert state.board.reserved_in("H18") == (("Y",),)


def test_16_bank_breaks_grr_must_answer_its_token_step_once_yuzovka_is_free() -> None:
    # 18xx.games id 471: GRR passes its token step explicitly; the only city it reaches
    # with a free slot is Yuzovka, held for Y until the first 5-train (id 431).
    state, reached, refusal = fixture_replay(BANK_BREAKS, until=470)
    assert (reached, refusal) == (470, None)
    assert state.operating["company"] == "grr"
    assert state.operating["step"] == "token"
