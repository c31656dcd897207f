"""Whole new 1861 games played only through the game page's prompt forms and buttons.

Each move: the engine's random player decides (it leans the way a game moves on), the
page's form-building code (``games.prompt_forms``) is asked how a player says it - a button
that is exactly that answer, or a form filled from its own choices and bounds - and the post
goes through the page's move path (``services.answer_prompt`` with the page's reader).  The
game must reach its end, every decision kind of the game must have been answered on the page,
and each form shown as it stands (its defaults) is either a legal answer or refused in words.
"""

from __future__ import annotations

from collections import Counter

import pytest

import engine.core as engine
from engine.core import IllegalAction
from engine.core.rng import seeded_rng
from games import services
from games.models import GameStatus, Snapshot
from games.prompt_forms import FormProblem, action_from_post, option_forms, value_key
from tests.games.factories import started_game
from tests.games.t1861_form_player import as_query, page_post, shown_forms

pytestmark = pytest.mark.django_db

MAX_MOVES = 3000


def shown_post(prompt: engine.Prompt, index: int) -> dict[str, str]:
    """What the ``index``-th form of the page posts when the player changes nothing."""
    form = option_forms(prompt)[index]
    data = {"type": form.type, "option": str(form.index)}
    for widget in form.fields:
        if widget.kind == "choice":
            checked = [choice.key for choice in widget.choices if choice.checked]
            if checked:
                data[widget.name] = checked[0]
        elif widget.kind == "counts":
            data.update({choice.input_name: choice.value for choice in widget.choices})
        elif widget.kind == "bool":
            data[widget.name] = "on" if widget.value else ""
        else:
            data[widget.name] = str(widget.value)
    return data


def defaults_verdict(state, prompt: engine.Prompt, index: int) -> str:
    """``accepted``, or the player's sentence that refuses the form as shown (never a crash)."""
    try:
        action = action_from_post(prompt, as_query(shown_post(prompt, index)))
        engine.apply(state, prompt.seat, action)
    except FormProblem as problem:
        assert str(problem), "a refusal must say why"
        return f"needs a choice: {problem}"
    except IllegalAction as refusal:
        assert str(refusal), "a refusal must say why"
        return f"refused: {refusal}"
    return "accepted"


def assert_each_form_reads_as_its_own_option(prompt: engine.Prompt, rng) -> None:
    """Every form, filled from its own listed choices, reads back as that option's action (its
    fixed values too): two options of one type, as the bank's trains and another company's are,
    must not be read as each other."""
    for form in shown_forms(prompt):
        option = prompt.actions[form.index]
        action = {"type": option.type, **option.fixed}
        data = {"type": form.type, "option": str(form.index)}
        for widget, spec in zip(form.fields, option.fields, strict=True):
            legal = [choice for choice in widget.choices if choice.legal]
            if widget.kind == "choice" and legal:
                choice = rng.choice(legal)
                data[widget.name] = choice.key
                action[spec.name] = next(c.value for c in spec.choices if c.label == choice.label
                                         and value_key(c.value) == choice.key)
            elif widget.kind in ("number", "count"):
                data[widget.name] = str(widget.max if widget.max is not None else widget.min)
                action[spec.name] = int(data[widget.name])
        if len(action) - 1 - len(option.fixed) == len(option.fields):
            assert action_from_post(prompt, as_query(data)) == action, (prompt.name, option.label)


def kind_of(prompt: engine.Prompt) -> str:
    step = prompt.context.get("step")
    return f"{prompt.name}:{step}" if prompt.name == "operate" and step else prompt.name


@pytest.mark.parametrize(("seed", "count", "options"), [(3, 3, {}), (8, 3, {"column_market": True}), (5, 4, {})])
def test_a_whole_1861_game_through_the_page_forms(players, dee, seed, count, options):
    game = started_game([*players, dee][:count], title="1861", options=options, seed=seed)
    users = {seat.index: seat.user for seat in game.seats.select_related("user")}
    rng = seeded_rng(seed, "t1861-page-forms")
    hows, kinds, actions, defaults = Counter(), Counter(), Counter(), {}
    for _ in range(MAX_MOVES):
        game.refresh_from_db()
        if game.status == GameStatus.FINISHED:
            break
        state = engine.from_json(Snapshot.objects.get(game=game).state)
        prompt = engine.prompts(state)[0]
        action = engine.get_title("1861").random_action(state, prompt.seat, rng)
        post = page_post(prompt, action)
        hows[post.how] += 1
        kinds[kind_of(prompt)] += 1
        actions[action["type"]] += 1
        assert_each_form_reads_as_its_own_option(prompt, rng)
        for form in shown_forms(prompt):
            if (kind_of(prompt), form.type, form.index) not in defaults:
                defaults[(kind_of(prompt), form.type, form.index)] = defaults_verdict(state, prompt, form.index)
        outcome = services.answer_prompt(game.pk, users[prompt.seat], lambda asked, data=post.data: action_from_post(
            asked, as_query(data)), game.version, "web")
        assert outcome.applied, outcome.message
    game.refresh_from_db()
    print(f"\nseed {seed}: {sum(kinds.values())} moves; {dict(hows)}\n{dict(kinds)}\n{dict(actions)}")
    print({key: verdict for key, verdict in defaults.items() if verdict != "accepted"})
    assert game.status == GameStatus.FINISHED, f"not over after {MAX_MOVES} page moves"
    assert {"private_auction", "stock_turn", "operate:track", "operate:token", "operate:routes",
            "operate:dividend", "operate:buy_train"} <= set(kinds)
    assert {"bid", "pass", "par", "buy_shares", "place_token", "lay_tile", "run_routes", "dividend",
            "buy_train"} <= set(actions)
    assert hows["form"] > 0 and hows["quick"] > 0 and hows["picker"] > 0
    # A pass, the suggested run: nothing to fill in, and a one-click answer, so its button only, never a
    # second, empty form.
    assert not [key for key in defaults if key[1] in ("pass", "run_routes")], defaults
