"""The merger round's frame (sections 8, 14.1): who is asked, in what order, and what follows.

29683's first merger round follows OR 2.2 (id 192, phase 3); conversion and merger
(14.2-14.3) are not built yet, so they are refused in words and only ``pass`` is offered.
"""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.t1861.state import State
from engine.t1861.title import TITLE
from tests.engine.t1861.games import asked, fixture_replay, play


@pytest.fixture
def merger_round() -> State:
    state, reached, refusal = fixture_replay("29683", until=192)
    assert reached == 192, refusal
    return state


def _floated_minors(state: State) -> list[str]:
    return [minor for minor, company in state.minors.items() if company["status"] == "started"]


def test_every_floated_minor_gets_a_turn_highest_price_first(merger_round: State) -> None:
    """14.1: the order is the operating order of the floated minors (7.4: price, then stacking)."""
    order = merger_round.round["order"]
    assert sorted(order) == sorted(_floated_minors(merger_round))
    prices = [merger_round.minors[minor]["price"] for minor in order]
    assert prices == sorted(prices, reverse=True)


def test_the_owner_of_the_minor_whose_turn_it_is_is_asked_and_may_pass(merger_round: State) -> None:
    first = merger_round.round["order"][0]
    owner = merger_round.minors[first]["owner"]
    assert asked(merger_round) == (owner, "merger_turn")
    prompt = TITLE.prompts(merger_round)[0]
    assert prompt.context == {"company": first}
    assert [option.type for option in prompt.actions] == ["pass"]
    assert [answer.action for answer in prompt.quick] == [{"type": "pass"}]
    play(merger_round, owner, "pass")
    second = merger_round.round["order"][1]
    assert asked(merger_round) == (merger_round.minors[second]["owner"], "merger_turn")


def test_conversion_and_merger_are_refused_in_words_and_change_nothing(merger_round: State) -> None:
    seat, _ = asked(merger_round)
    before = TITLE.to_json(merger_round)
    for action in ({"type": "convert"}, {"type": "merge", "minor": "kb"}):
        with pytest.raises(IllegalAction, match="not built yet"):
            TITLE.apply_in_place(merger_round, seat, action)
    assert TITLE.to_json(merger_round) == before


def test_only_the_minors_owner_may_answer(merger_round: State) -> None:
    seat, _ = asked(merger_round)
    other = next(player for player in merger_round.seats if player != seat)
    before = TITLE.to_json(merger_round)
    with pytest.raises(IllegalAction, match="turn"):
        TITLE.apply_in_place(merger_round, other, {"type": "pass"})
    assert TITLE.to_json(merger_round) == before


def test_a_minor_gone_since_the_round_began_is_skipped(merger_round: State) -> None:
    """14.1: minors that merged away (or closed) disappear from the list."""
    order = merger_round.round["order"]
    merger_round.minors[order[1]]["status"] = "closed"
    play(merger_round, asked(merger_round)[0], "pass")
    assert merger_round.round["index"] == 2
    assert asked(merger_round)[0] == merger_round.minors[order[2]]["owner"]


def test_after_the_last_minor_passes_the_next_stock_round_opens(merger_round: State) -> None:
    """Section 8: OR 2.2 was the set's last OR (phase 3 gives two), so stock round 3 follows."""
    for _ in merger_round.round["order"]:
        play(merger_round, asked(merger_round)[0], "pass")
    assert merger_round.round["kind"] == "stock" and merger_round.round["number"] == 3
    assert merger_round.operating is None
