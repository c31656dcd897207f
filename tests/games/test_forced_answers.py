"""games.services answers the prompts that have exactly one legal answer, in the move's transaction."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import engine.core as engine
from games import services
from games.errors import GameServiceError
from games.models import Action, ActionSource, GameStatus, Snapshot
from games.queries import current_state
from games.replay import replayed_state
from games.signals import game_started, move_applied
from tests.games.factories import play, play_to_end, started_game

pytestmark = pytest.mark.django_db

# With factories.TILE_BAG no chain is on the board, and ann's 9I stands alone: nothing can be bought.
LONE_TILE = (0, {"type": "place_tile", "tile": "9I"})
NOTHING_TO_BUY = "Answered for ann, who could buy no shares: no chain is on the board."


def logged(game):
    return list(Action.objects.filter(game=game).order_by("seq").values_list("seq", "seat", "source", "payload"))


@pytest.mark.parametrize("source", [ActionSource.WEB, ActionSource.EMAIL, ActionSource.TIMEOUT, ActionSource.ORDER])
def test_a_prompt_with_one_legal_answer_is_answered_in_the_same_move(game, source):
    outcome = services.submit_move(game.pk, *LONE_TILE, expected_version=0, source=source)
    assert outcome.applied and outcome.version == 2 and outcome.action.seq == 1
    game.refresh_from_db()
    assert game.version == 2
    assert logged(game) == [
        (1, 0, source, LONE_TILE[1]),
        (2, 0, ActionSource.AUTO, {"type": "buy_shares", "shares": {}}),
    ]
    snapshot = Snapshot.objects.get(game=game)
    assert (snapshot.version, snapshot.waiting_seats) == (2, [1])
    assert engine.prompt_for(current_state(game), 1).name == "place_tile"


def test_the_log_says_what_was_answered_and_why(game):
    play(game, [LONE_TILE])
    auto = Action.objects.get(game=game, seq=2)
    assert auto.by_user is None
    texts = [event["text"] for event in auto.events]
    assert texts[0] == NOTHING_TO_BUY and "ann bought no shares." not in texts  # one line for one answer
    assert auto.events[0]["kind"] == engine.AUTO_ANSWER


def test_a_prompt_with_a_choice_is_left_to_the_player(game):
    play(game, [(0, {"type": "place_tile", "tile": "2A"})])  # founds a chain: seven to choose from
    assert game.version == 1
    assert engine.prompt_for(current_state(game), 0).name == "found_chain"


def test_the_record_with_automatic_answers_replays_to_the_same_game(game):
    play(game, [LONE_TILE, (1, {"type": "place_tile", "tile": "11I"})])
    record = services.record_for(game)
    assert [entry["action"]["type"] for entry in record["actions"]] == [
        "place_tile", "buy_shares", "place_tile", "buy_shares"]
    replayed = subprocess.run([sys.executable, "-m", "engine", "replay", "-"], input=json.dumps(record),
                              capture_output=True, text=True, check=True)
    assert json.loads(replayed.stdout) == engine.summary(current_state(game))
    assert engine.to_json(replayed_state(game)) == Snapshot.objects.get(game=game).state


def test_receivers_hear_once_of_the_position_after_the_automatic_answers(game):
    heard = []

    def receiver(**kwargs):
        heard.append(kwargs)

    move_applied.connect(receiver)
    try:
        play(game, [LONE_TILE])
    finally:
        move_applied.disconnect(receiver)
    (signal,) = heard
    assert signal["action"].seq == 1 and [action.seq for action in signal["actions"]] == [1, 2]
    assert [(p.seat, p.name) for p in signal["prompts_before"]] == [(0, "place_tile")]
    assert [(p.seat, p.name) for p in signal["prompts_after"]] == [(1, "place_tile")]
    assert signal["game"].version == 2 and signal["state"].actions_applied == 2
    assert NOTHING_TO_BUY in [event.text for event in signal["events"]]


def test_automatic_answers_stop_at_the_bound_and_leave_the_prompt_to_its_player(game, monkeypatch):
    """A title that kept forcing (here: every prompt, answered at random) cannot make a move loop."""
    title = engine.get_title("acquire")
    rng = __import__("random").Random(5)

    def always_forced(state):
        (prompt,) = engine.prompts(state)
        note = engine.Event("Answered at random.", kind=engine.AUTO_ANSWER)
        return engine.ForcedAnswer(prompt.seat, title.random_action(state, prompt.seat, rng), note)

    monkeypatch.setattr(services, "MAX_FORCED_ANSWERS", 5)
    monkeypatch.setattr(engine, "forced_answer", always_forced)
    play(game, [(0, {"type": "place_tile", "tile": "2A"})])
    assert game.version == 1 + 5 and game.status == GameStatus.ACTIVE
    assert [source for _, _, source, _ in logged(game)] == [ActionSource.WEB] + [ActionSource.AUTO] * 5
    assert engine.to_json(replayed_state(game)) == Snapshot.objects.get(game=game).state


def test_a_forced_answer_the_engine_refuses_is_left_to_the_player(game, monkeypatch):
    def wrong(state):
        note = engine.Event("Answered wrongly.", kind=engine.AUTO_ANSWER)
        return engine.ForcedAnswer(0, {"type": "buy_shares", "shares": {"tower": 99}}, note)

    monkeypatch.setattr(engine, "forced_answer", wrong)
    play(game, [LONE_TILE])
    assert game.version == 1
    assert engine.prompt_for(current_state(game), 0).name == "buy_shares"


def test_the_first_players_forced_prompts_are_answered_when_the_game_starts(players, monkeypatch):
    """Acquire's first prompt always has a choice, so the start is given one forced placement here."""
    real = engine.forced_answer

    def first_tile_forced(state):
        if state.actions_applied == 0:
            return engine.ForcedAnswer(0, LONE_TILE[1], engine.Event("Forced start.", kind=engine.AUTO_ANSWER))
        return real(state)

    started = []

    def receiver(**kwargs):
        started.append(kwargs)

    monkeypatch.setattr(engine, "forced_answer", first_tile_forced)
    game_started.connect(receiver)
    try:
        game = started_game(players)
    finally:
        game_started.disconnect(receiver)
    assert game.status == GameStatus.ACTIVE and game.version == 2
    assert [source for _, _, source, _ in logged(game)] == [ActionSource.AUTO, ActionSource.AUTO]
    assert Snapshot.objects.get(game=game).waiting_seats == [1]
    (signal,) = started
    assert [(p.seat, p.name) for p in signal["prompts_after"]] == [(1, "place_tile")]
    assert [action.seq for action in signal["actions"]] == [1, 2]


def test_nobody_can_submit_a_move_as_automatic(game):
    with pytest.raises(GameServiceError, match="Unknown move source"):
        services.submit_move(game.pk, *LONE_TILE, expected_version=0, source=ActionSource.AUTO)
    assert game.actions.count() == 0


@pytest.mark.parametrize(("title", "seat_count"), [("acquire", 3), ("railroad-barons", 2)])
def test_whole_games_with_automatic_answers_end_and_replay_exactly(players, title, seat_count):
    options = None if title == "acquire" else {}
    game = play_to_end(started_game(players[:seat_count], title=title, options=options, seed=11))
    assert game.status == GameStatus.FINISHED
    auto = Action.objects.filter(game=game, source=ActionSource.AUTO)
    assert auto.exists()
    assert all(action.events[0]["kind"] == engine.AUTO_ANSWER for action in auto)
    assert engine.to_json(replayed_state(game)) == Snapshot.objects.get(game=game).state
