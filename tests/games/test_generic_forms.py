"""Random legal moves of every title, posted through the game page's generic prompt forms.

The forms come from the engine's Prompt data alone; a move made through them must leave
the game exactly where the engine's own move would.
"""

from __future__ import annotations

import re

import pytest

import engine.core as engine
from engine.core.rng import seeded_rng
from games.models import GameStatus, Snapshot
from games.prompt_forms import fields_for_action
from tests.games.factories import started_game
from tests.games.pages import button_instead, press_quick, prompt_form, quick_form

pytestmark = pytest.mark.django_db


def form_data(form: dict, option, action: dict) -> dict[str, str]:
    """Fill ``form`` (as read from the page) with ``action``, checking every value is offered there."""
    fields = fields_for_action(option, action)
    for name, value in fields.items():
        inputs = form["inputs"].get(name, [])
        assert inputs, f"the {option.type} form has no input {name}"
        if inputs[0].get("type") == "radio":
            offered = [attrs.get("value") for attrs in inputs]
            assert value in offered, f"{name}={value!r} is not offered: {offered}"
    return {**form["hidden"], **fields}


@pytest.mark.parametrize(("title", "count", "moves"), [("acquire", 3, 60), ("railroad-barons", 2, 60)])
def test_random_moves_through_the_page_forms(client, players, title, count, moves):
    game = started_game(players[:count], title=title, options={}, seed=5)
    clients = {}
    for seat in game.seats.select_related("user"):
        clients[seat.index] = type(client)()
        clients[seat.index].force_login(seat.user)
    rng = seeded_rng(5, "form-test")
    rules = engine.get_title(title)
    for _ in range(moves):
        state = engine.from_json(Snapshot.objects.get(game=game).state)
        waiting = engine.prompts(state)
        if not waiting:
            break
        prompt = waiting[0]
        action = rules.random_action(state, prompt.seat, rng)
        page = clients[prompt.seat].get(f"/games/{game.pk}/").content.decode()
        option = next(o for o in prompt.actions if o.type == action["type"])
        button = button_instead(prompt, action["type"], values={k: v for k, v in action.items() if k != "type"}
                                ) if action in [answer.action for answer in prompt.quick] else None
        if button is not None and action == prompt.quick[button].action:
            response = press_quick(clients[prompt.seat], page, button)  # nothing to fill in: its button only
        else:
            form = prompt_form(page, action["type"])
            response = clients[prompt.seat].post(form["attrs"]["action"], form_data(form, option, action))
        assert response.status_code == 302, response.content.decode()[:2000]
        expected, _ = engine.apply(state, prompt.seat, action)
        while (forced := engine.forced_answer(expected)) is not None:  # the service answers these
            expected, _ = engine.apply(expected, forced.seat, forced.action)
        assert Snapshot.objects.get(game=game).state == engine.to_json(expected)


QUICK_BUTTON = re.compile(r'<button type="submit" name="quick" value="(\d+)"')


def test_a_full_railroad_barons_game_by_random_quick_answers_on_the_page(client, players):
    """Every move is a one-click answer pressed on the page, chosen at random; the game reaches its end.

    The seed gives a game of about 250 moves through the draft, stock and operating rounds.
    """
    game = started_game(players[:2], title="railroad-barons", options={}, seed=36)
    clients = {}
    for seat in game.seats.select_related("user"):
        clients[seat.index] = type(client)()
        clients[seat.index].force_login(seat.user)
    rng = seeded_rng(36, "quick-game")
    kinds: set[str] = set()
    for _ in range(400):
        state = engine.from_json(Snapshot.objects.get(game=game).state)
        waiting = engine.prompts(state)
        if not waiting:
            break
        seat = waiting[0].seat
        page = clients[seat].get(f"/games/{game.pk}/").content.decode()
        buttons = QUICK_BUTTON.findall(page)
        assert [int(b) for b in buttons] == list(range(len(waiting[0].quick))), "one button per quick answer"
        index = rng.randrange(len(buttons))
        kinds.add(waiting[0].quick[index].action["type"])
        form = quick_form(page)
        response = clients[seat].post(form["attrs"]["action"], {**form["hidden"], "quick": str(index)})
        assert response.status_code == 302, response.content.decode()[:2000]
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert {"offer_investor", "buy", "sell", "buy_railroad", "dividend", "done"} <= kinds
    final = client.get(f"/games/{game.pk}/").content.decode()
    assert "Final standings" in final and "The game is over" in final
