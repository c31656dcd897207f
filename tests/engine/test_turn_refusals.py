"""The core's refusal of a move out of turn, or of a type the prompt does not take, says what
the waiting player is asked in words (the title's ``prompt_phrases``), not the prompt's id:
`python -m engine replay` and the site's API print these sentences to people."""

from __future__ import annotations

import re

import pytest

from engine.core import game
from engine.core.errors import IllegalAction
from engine.core.record import ReplayError, random_record, record_from_json, replay
from engine.core.registry import get_title
from engine.t1861.title import TITLE as T1861
from tests.engine.t1861.games import fixture_replay, play
from tests.engine.t1861.test_merger_steps import _merge

PROMPT_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")  # "place_tile", "private_auction"


def _refusal(title: str, players: list[str], actions: list[dict]) -> str:
    record = {"title": title, "players": players, "seed": 1, "options": {}, "actions": actions}
    with pytest.raises(ReplayError) as refused:
        replay(record_from_json(record))
    return str(refused.value)


@pytest.mark.parametrize(("title", "players", "words"), [
    ("acquire", ["ann", "bob", "cy"], "It is not ann's turn; the game is waiting for cy to place a tile."),
    ("railroad-barons", ["ann", "bob"],
     "It is not bob's turn; the game is waiting for ann to offer an investor in the draft."),
    ("1861", ["ann", "bob", "cy"],
     "It is not bob's turn; the game is waiting for ann to bid for the private on sale or pass."),
])
def test_a_move_out_of_turn_says_what_the_waiting_player_is_asked(title, players, words) -> None:
    seat = 0 if title == "acquire" else 1  # acquire seed 1: cy's tile is nearest 1A, so cy starts
    assert _refusal(title, players, [{"seat": seat, "action": {"type": "pass"}}]) == words


def test_a_type_the_prompt_does_not_take_names_the_prompt_in_words() -> None:
    words = _refusal("1861", ["ann", "bob", "cy"], [{"seat": 0, "action": {"type": "run_routes"}}])
    assert words == ("ann is asked to bid for the private on sale or pass, so 'run_routes' is not possible now"
                     " (possible: bid, pass).")


def test_owners_asked_the_same_thing_at_once_are_named_together() -> None:
    """A merger needing two owners' consent: a third player's move is refused naming both."""
    state, reached, refusal = fixture_replay("167259", until=327)
    assert reached == 327, refusal
    state.options["merger_consent"] = True
    _merge(state, "m-k", "e")
    with pytest.raises(IllegalAction) as refused:
        game.apply_in_place(state, 1, {"type": "consent", "accept": True})
    assert str(refused.value) == ("It is not Player 2's turn; the game is waiting for Player 4 and Player 1 to accept"
                                  " or decline the merger.")


def _prompts_asked(title_id: str, players: list[str], seed: int) -> set[str]:
    record = random_record(title_id, players, seed)
    state = game.new_game(title_id, players, seed, record.options)
    asked = set()
    for entry in record.actions:
        asked.update(waiting.prompt for waiting in game.waiting(state))
        game.apply_in_place(state, entry.seat, entry.action)
    return asked


@pytest.mark.parametrize(("title_id", "players"), [
    ("acquire", ["ann", "bob", "cy", "dee"]),
    ("railroad-barons", ["ann", "bob"]),
    ("1861", ["ann", "bob", "cy", "dee"]),
])
def test_every_prompt_a_whole_game_asks_has_words(title_id, players) -> None:
    phrases = get_title(title_id).prompt_phrases
    asked = _prompts_asked(title_id, players, seed=3)
    assert asked and asked <= set(phrases), asked - set(phrases)
    assert not any(PROMPT_ID.search(phrase) for phrase in phrases.values())


def test_the_1861_rules_own_refusal_uses_the_same_words() -> None:
    """The title's own check (reached by callers that pass no core entry) words it alike."""
    state = T1861.new_game(["ann", "bob", "cy"], 1, T1861.validate_options({}))
    with pytest.raises(IllegalAction, match="ann is asked to bid for the private on sale or pass; 'run_routes'"):
        play(state, 0, "run_routes")
