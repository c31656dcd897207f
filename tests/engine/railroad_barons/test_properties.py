"""Property tests: arbitrary answers never crash and a refused one changes nothing; random games stay sound."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import IllegalAction, game
from engine.railroad_barons import tables
from engine.railroad_barons.state import FINISHED, State
from engine.testing.offers import refused_offers
from tests.engine.railroad_barons.support import check_invariants, check_json_round_trip, start

FIELD_NAMES = ["investor", "value", "take", "holding", "par", "use", "give", "per_share", "railroad", "side",
               "investors", "price", "accept"]
ACTION_TYPES = ["offer_investor", "choose_offer", "set_par", "use_priority", "sell", "buy", "pass", "done",
                "dividend", "buy_railroad", "offer_railroad", "respond_offer", "scrap"]
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-50, max_value=1100), st.floats(allow_nan=False),
    st.sampled_from(["card", "cash", "front", "back", *tables.OPERATING_ORDER, *tables.RAILROADS,
                     *tables.INVESTOR_BY_ID, ""]),
    st.sampled_from(list(tables.CERTIFICATE_SIZES) + list(tables.PAR_VALUES)),
)
values = st.one_of(scalars, st.lists(scalars, max_size=3), st.dictionaries(st.text(max_size=3), scalars, max_size=2))
actions = st.builds(
    lambda action_type, body: {"type": action_type, **body},
    st.sampled_from(ACTION_TYPES),
    st.dictionaries(st.sampled_from(FIELD_NAMES), values, max_size=5),
)


def position(seed: int, steps: int) -> State:
    """A position reached by ``steps`` random legal moves."""
    state = start()
    rng = random.Random(seed)
    title = game.title_of(state)
    for _ in range(steps):
        waiting = game.prompts(state)
        if not waiting:
            break
        game.apply_in_place(state, waiting[0].seat, title.random_action(state, waiting[0].seat, rng))
    assert isinstance(state, State)
    return state


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 250), action=actions, seat=st.integers(0, 1))
def test_any_answer_is_applied_or_refused_cleanly(seed: int, steps: int, action: dict[str, Any], seat: int) -> None:
    state = position(seed, steps)
    before = json.dumps(game.to_json(state), sort_keys=True)
    try:
        after, _ = game.apply(state, seat, action)
    except IllegalAction as refused:
        assert str(refused)
        assert json.dumps(game.to_json(state), sort_keys=True) == before
        return
    check_invariants(after)
    assert json.dumps(game.to_json(state), sort_keys=True) == before


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 400))
def test_positions_round_trip_and_offer_a_legal_quick_answer(seed: int, steps: int) -> None:
    state = position(seed, steps)
    check_json_round_trip(state)
    for prompt in game.prompts(state):
        for answer in prompt.quick:
            game.apply(state, prompt.seat, answer.action)
    assert (state.phase == FINISHED) == (game.result(state) is not None)



@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 400))
def test_every_answer_a_prompt_offers_is_one_the_engine_accepts(seed: int, steps: int) -> None:
    """No form or button for what the rules refuse now ("End the turn" before a sale, D-05)."""
    assert refused_offers(position(seed, steps)) == []
