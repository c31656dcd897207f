"""A player who resigns from a new 1861 game: the game goes on to its end, and the site answers
their seat the quiet way (docs/titles/1861.md): a pass wherever the prompt takes one, else the
suggested answer - never a bid, a share bought or sold, track or a token of their choosing."""

from __future__ import annotations

from collections import Counter

import pytest

import engine.core as engine
from engine.core.rng import seeded_rng
from games import resignation, services
from games.models import Action, ActionSource, GameStatus, Snapshot
from tests.games.factories import started_game

pytestmark = pytest.mark.django_db

# What a resigned seat may be made to do: nothing of its own choosing beyond what the rules force.
QUIET = {"pass", "run_routes", "dividend", "buy_train", "place_token", "choose_major", "discard_train", "consent",
         "remove_token"}


def test_a_resigned_1861_seat_is_answered_quietly_to_the_end_of_the_game(players) -> None:
    game = started_game(players, title="1861", options={}, seed=3)
    rng, rules = seeded_rng(3, "t1861-resign"), engine.get_title("1861")
    resigned = False
    for _ in range(3000):
        game.refresh_from_db()
        if game.status == GameStatus.FINISHED:
            break
        state = engine.from_json(Snapshot.objects.get(game=game).state)
        if not resigned and state.round["kind"] == "operating":  # cy owns companies by now
            assert resignation.resign(game.pk, players[2]).game_over is False
            resigned = True
            continue
        prompt = engine.prompts(state)[0]
        assert prompt.seat != 2 or not resigned, "the game waits on the resigned seat"
        assert services.submit_move(game.pk, prompt.seat, rules.random_action(state, prompt.seat, rng), game.version,
                                    "web").applied
    game.refresh_from_db()
    assert resigned and game.status == GameStatus.FINISHED
    answered = Action.objects.filter(game=game, source=ActionSource.RESIGNED)
    played = Counter(action.payload["type"] for action in answered)
    assert played["pass"] > 0 and set(played) <= QUIET, played
