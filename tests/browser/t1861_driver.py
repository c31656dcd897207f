"""Driving an 1861 game page in Chromium the way a player does: the one place that knows its markup.

Each helper takes the page of the seat asked, answers one prompt with the page's own
buttons and forms (a one-click button, or a folded form opened and filled: radio buttons for
listed choices, number inputs; an answer with nothing to fill in that is a button has no form,
so its button), and waits for the game page that follows.  Tiles and tokens
are chosen in the page's picker (its list of every legal lay or city, the buttons the map's
confirm button presses), routes run by the route card's button: the prompt card leaves those
out (``TitleUI.prompt_covers``).

:func:`fast_forward` is the one shortcut: the engine's random player answers through the
service layer until a wanted prompt is asked, for openings too long to click through.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import engine.core as engine
from games import services
from games.models import Game, Snapshot
from tests.games.pages import button_instead


def asked(game: Game) -> engine.Prompt | None:
    """The first prompt the game waits on now (None once it is over)."""
    waiting = engine.prompts(engine.from_json(Snapshot.objects.get(game=game).state))
    return waiting[0] if waiting else None


def step_of(prompt: engine.Prompt) -> str:
    return f"{prompt.name}:{prompt.context['step']}" if prompt.name == "operate" else prompt.name


def _submitted(page: Any, click: Callable[[], None]) -> None:
    """Press a submit control and wait for the game page the post redirects to; a refusal fails here."""
    with page.expect_navigation():
        click()
    refused = page.locator("#move-error")
    assert refused.count() == 0, refused.first.inner_text()
    assert not page.url.endswith("/move/"), page.url  # a move made redirects to the game page


def press(page: Any, index: int) -> None:
    """The prompt's ``index``-th one-click answer (its button)."""
    button = page.locator(f'#prompt form.quick button[name="quick"][value="{index}"]')
    _submitted(page, button.click)


def press_labelled(page: Any, prompt: engine.Prompt, starts: str) -> dict[str, Any]:
    """The one-click answer whose label starts with ``starts``; returns its action."""
    index = next(i for i, answer in enumerate(prompt.quick) if answer.label.startswith(starts))
    press(page, index)
    return prompt.quick[index].action


def _open_form(page: Any, action_type: str, label: str | None = None, option: str | None = None) -> Any:
    """The prompt's form for ``action_type``, unfolded: the one whose button reads ``label``, or whose
    ``option`` index is that, when several forms share the type."""
    holders = page.locator(f'#prompt details.fold[data-fold="{action_type}"]')
    forms = page.locator(f'#prompt form.option[data-action="{action_type}"]')
    for narrow in ([page.locator(f'button:text-is("{label}")')] if label else []) + (
            [page.locator(f'input[name="option"][value="{option}"]')] if option is not None else []):
        holders, forms = holders.filter(has=narrow), forms.filter(has=narrow)
    assert forms.count(), f"the prompt card shows no {action_type} form ({label or option or 'any'})"
    if holders.count() and not holders.first.evaluate("details => details.open"):
        holders.first.locator("summary").click()
    return forms.first


def _game_of(page: Any) -> Game:
    return Game.objects.get(pk=int(re.search(r"/games/(\d+)/", page.url).group(1)))


def fill_form(page: Any, action_type: str, choices: dict[str, str], numbers: dict[str, int],
              label: str | None = None, prompt: engine.Prompt | None = None) -> None:
    """Fill and post a prompt form: ``choices`` are radio buttons (field name: value), ``numbers`` inputs.

    An answer with nothing to fill in that is also a one-click answer ("Buy no private", a pass) has
    no form on the page, only its button: that is pressed.  ``prompt`` is what the page answers (by
    default the prompt the page's game waits on first)."""
    button = button_instead(prompt or asked(_game_of(page)), action_type, label, values=choices)
    if button is not None:
        assert not numbers, f"{action_type} has no number to fill in"
        press(page, button)
        return
    form = _open_form(page, action_type, label)
    for name, value in choices.items():
        form.locator(f'input[type=radio][name="f.{name}"][value="{value}"]').check()
    for name, number in numbers.items():
        form.locator(f'input[type=number][name="f.{name}"]').fill(str(number))
    _submitted(page, form.locator("button[type=submit]").click)


def post_as(page: Any, prompt: engine.Prompt, action: dict[str, Any]) -> str:
    """Give ``action`` on the page as a player would: its button when one is exactly it (the only way
    the page gives an answer with nothing to fill in that is a button), else its form filled in
    (``tests.games.t1861_form_player`` finds which); returns how ("quick", "form", ...)."""
    from tests.games.t1861_form_player import page_post

    if action["type"] in PICKED:
        PICKED[action["type"]](page, action)
        return "picker"
    suggested = any(answer.action == action for answer in prompt.quick)
    if action["type"] == "run_routes" and suggested and page.locator("#accept-routes").count():
        run_suggested_routes(page)
        return "route card"
    post = page_post(prompt, action)
    if "quick" in post.data:
        press(page, int(post.data["quick"]))
        return post.how
    form = _open_form(page, post.data["type"], option=post.data["option"])
    for name, value in post.data.items():
        if not name.startswith("f."):
            continue
        radio = form.locator(f'input[type=radio][name="{name}"][value="{value}"]')
        box = form.locator(f'input[type=checkbox][name="{name}"]')
        if radio.count():
            radio.check()
        elif box.count():
            box.set_checked(value == "true")
        else:
            form.locator(f'input[name="{name}"]').fill(value)
    _submitted(page, form.locator("button[type=submit]").click)
    return post.how


def _pick(page: Any, hex_id: str, key: str) -> None:
    """Press the picker's list button ``key`` under hex ``hex_id``, unfolding the list and the hex."""
    for holder in (page.locator("#pick-list"), page.locator(f'#pick-list details.pick-hex[data-pick-hex="{hex_id}"]')):
        if not holder.evaluate("details => details.open"):
            holder.locator("summary").first.click()
    _submitted(page, page.locator(f'#lay-picker button[data-pick="{key}"]').click)


def lay_tile(page: Any, hex_id: str, tile: str, rotation: int) -> None:
    """Track through the picker: the list's button for that tile in that rotation on that hex."""
    _pick(page, hex_id.upper(), f"{hex_id.upper()}-{tile}-{rotation}")


def place_token(page: Any, hex_id: str, city: int) -> None:
    """A station (or home) token through the picker's list button for that city."""
    _pick(page, hex_id.upper(), f"{hex_id.upper()}-{city}")


def run_suggested_routes(page: Any) -> None:
    """The route card's one button: run the routes it shows as found best."""
    _submitted(page, page.locator("#accept-routes button[type=submit]").click)


PICKED: dict[str, Callable[[Any, dict[str, Any]], None]] = {
    "lay_tile": lambda page, action: lay_tile(page, action["hex"], action["tile"], action["rotation"]),
    "place_token": lambda page, action: place_token(page, action["hex"], action["city"]),
}


def fast_forward(game: Game, until: Callable[[engine.Prompt], bool], seed: int, limit: int = 3000) -> engine.Prompt:
    """The engine's random player answers through the service layer until ``until(prompt)`` holds."""
    from engine.core.rng import seeded_rng

    rng = seeded_rng(seed, "browser-fast-forward")
    rules = engine.get_title(game.title)
    for _ in range(limit):
        game.refresh_from_db()
        state = engine.from_json(Snapshot.objects.get(game=game).state)
        prompt = engine.prompts(state)[0]
        if until(prompt):
            return prompt
        action = rules.random_action(state, prompt.seat, rng)
        outcome = services.submit_move(game.pk, prompt.seat, action, game.version, "web")
        assert outcome.applied, outcome.message
    raise AssertionError(f"no such prompt within {limit} moves")
