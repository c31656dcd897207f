"""Random legal answers through the private auction and the stock round (hypothesis).

After every action: money totals ₽15,000 across bank, players, companies and the RSR
(rules 22); every certificate has exactly one owner; every prompt's quick answers are
accepted and every option it offers has a legal answer; the JSON round trip and a replay of
the same record give the identical state.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.errors import IllegalAction
from engine.core.prompts import ActionOption, Prompt
from engine.t1861.state import State, copy_state, total_money
from engine.t1861.title import TITLE
from engine.testing.offers import refused_offers
from tests.engine.t1861.games import stock_round_state

PLAYERS = ["ann", "bob", "cy", "dee", "eve", "fay"]


def _accepted(state: State, seat: int, action: dict[str, Any]) -> bool:
    try:
        TITLE.apply_in_place(copy_state(state), seat, action)
    except IllegalAction:
        return False
    return True


def _plainest(option: ActionOption) -> dict[str, Any]:
    action: dict[str, Any] = {"type": option.type, **option.fixed}
    for spec in option.fields:
        legal = spec.legal_choices()
        action[spec.name] = legal[0].value if spec.kind == "choice" and legal else spec.min
    return action


def _check_prompt(state: State, prompt: Prompt) -> None:
    assert prompt.actions, prompt.name
    for answer in prompt.quick:
        assert _accepted(state, prompt.seat, answer.action), (prompt.name, answer)
    for option in prompt.actions:
        candidates = [answer.action for answer in prompt.quick if answer.action["type"] == option.type]
        assert any(_accepted(state, prompt.seat, action) for action in [*candidates, _plainest(option)]), option


def _check_certificates(state: State) -> None:
    seats = set(state.seats)
    for major in state.majors.values():
        assert all(owner in seats or owner in ("treasury", "pool") for owner in major["certificates"])
        if major["status"] == "unstarted":
            assert set(major["certificates"]) == {"treasury"}
    for minor in state.minors.values():
        assert (minor["owner"] in seats) == (minor["status"] == "started")
    assert all(owner is None or owner in seats or owner in state.minors or owner in state.majors
               or owner == "rsr" for owner in state.privates.values())  # section 3: nationalised, the RSR's


def _play_through(state: State, rng: random.Random, operated: bool = False) -> list[tuple[int, dict[str, Any]]]:
    record = []
    while state.round["kind"] in ("private_auction", "stock"):
        assert len(record) < 2000
        prompt = TITLE.prompts(state)[0]
        _check_prompt(state, prompt)
        _check_refusals_change_nothing(state, prompt)  # the auction and stock rules work on a plain copy
        assert refused_offers(state) == []
        action = TITLE.random_action(state, prompt.seat, rng)
        TITLE.apply_in_place(state, prompt.seat, action)
        record.append((prompt.seat, action))
        if operated:  # as if every started major had run once, so its shares may be sold
            for major in state.majors.values():
                major["operated"] = major["status"] == "started"
        assert total_money(state) == 15000
        _check_certificates(state)
        assert TITLE.to_json(TITLE.from_json(TITLE.to_json(state))) == TITLE.to_json(state)
    return record


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 6), seed=st.integers(0, 2**31), column=st.booleans())
def test_random_auction_and_first_stock_round_keep_every_invariant(players: int, seed: int, column: bool) -> None:
    options = TITLE.validate_options({"column_market": column})
    state = TITLE.new_game(PLAYERS[:players], seed, options)
    record = _play_through(state, random.Random(seed))
    again = TITLE.new_game(PLAYERS[:players], seed, options)
    for seat, action in record:
        TITLE.apply_in_place(again, seat, action)
    assert TITLE.to_json(again) == TITLE.to_json(state)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 6), seed=st.integers(0, 2**31))
def test_random_phase_4_stock_rounds_with_majors_keep_every_invariant(players: int, seed: int) -> None:
    state = stock_round_state(players, phase="4")
    _play_through(state, random.Random(seed), operated=True)


NOT_BUILT = ("operating_round",)  # an OR that asks nobody: refused in words (rules.NOT_BUILT)


def _check_refusals_change_nothing(state: State, prompt: Prompt) -> None:
    """The OR applies actions to the state itself (check first), the other rounds to a plain
    copy of it: either way an answer without its fields is refused in words and leaves every
    part of the state as it was."""
    before = TITLE.to_json(state)
    complete = {answer.action["type"] for answer in prompt.quick if len(answer.action) == 1}  # pass, convert
    for kind in TITLE.waiting(state)[0].accepts:
        if kind in complete or kind == "pass":
            continue
        try:
            TITLE.apply_in_place(state, prompt.seat, {"type": kind})
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{kind} without its fields was accepted")
        assert TITLE.to_json(state) == before, kind


def _play_until_not_built(state: State, rng: random.Random, limit: int) -> list[tuple[int, dict[str, Any]]]:
    """Random legal answers through stock and operating rounds, invariants after every action."""
    record = []
    while len(record) < limit:
        asked = TITLE.prompts(state)
        if not asked:  # 17: the game is over
            assert TITLE.result(state) is not None
            break
        prompt = asked[0]
        if prompt.name in NOT_BUILT:
            break
        _check_prompt(state, prompt)
        if prompt.name in ("operate", "discard_train", "merger_turn", "rsr_routes"):
            _check_refusals_change_nothing(state, prompt)
            assert refused_offers(state) == []
        action = TITLE.random_action(state, prompt.seat, rng)
        TITLE.apply_in_place(state, prompt.seat, action)
        record.append((prompt.seat, action))
        assert total_money(state) == 15000
        _check_certificates(state)
        assert all(company["cash"] >= 0 for company in [*state.minors.values(), *state.majors.values()])
    return record


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 6), seed=st.integers(0, 2**31), column=st.booleans())
def test_random_stock_and_operating_rounds_keep_every_invariant(players: int, seed: int, column: bool) -> None:
    """Rules 12, 22, R1: through the ORs every prompt has a legal answer, money and certificates hold,
    the JSON round trip and a replay of the record give the identical state."""
    options = TITLE.validate_options({"column_market": column})
    state = TITLE.new_game(PLAYERS[:players], seed, options)
    record = _play_until_not_built(state, random.Random(seed), limit=600)
    if any(minor["status"] != "unstarted" for minor in state.minors.values()):
        assert {"lay_tile", "buy_train"} <= {action["type"] for _, action in record}  # the ORs were played
    assert TITLE.to_json(TITLE.from_json(TITLE.to_json(state))) == TITLE.to_json(state)
    again = TITLE.new_game(PLAYERS[:players], seed, options)
    for seat, action in record:
        TITLE.apply_in_place(again, seat, action)
    assert TITLE.to_json(again) == TITLE.to_json(state)
