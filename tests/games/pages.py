"""Reading the forms on a page and posting them the way a browser would (no JavaScript involved)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import engine.core as engine
from games import queries
from games.models import Game, Seat
from games.prompt_forms import repeats_quick

SVG = re.compile(r"<svg\b.*?</svg>", re.S)


class FormReader(HTMLParser):
    """Collects each <form>: its attributes, hidden inputs and the names of its other inputs."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self._current: dict[str, Any] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "form":
            self._current = {"attrs": attributes, "hidden": {}, "inputs": {}, "buttons": []}
            self.forms.append(self._current)
        elif self._current is not None and tag == "input":
            name = attributes.get("name")
            if attributes.get("type") == "hidden" and name:
                self._current["hidden"][name] = attributes.get("value", "")
            elif name:
                self._current["inputs"].setdefault(name, []).append(attributes)
        elif self._current is not None and tag == "button":
            self._current["buttons"].append(attributes)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._current = None


def forms_of(html: str) -> list[dict[str, Any]]:
    reader = FormReader()
    reader.feed(html)
    return reader.forms


def prompt_form(html: str, action_type: str) -> dict[str, Any]:
    """The page's full form for ``action_type`` (the first of that type)."""
    form = next((f for f in forms_of(html) if f["attrs"].get("data-action") == action_type), None)
    if form is None:
        raise LookupError(f"the page shows no full form for {action_type!r}: an answer with nothing to fill in "
                          "that is also a one-click answer is its button only (press it: post_prompt, post_quick)")
    return form


def quick_form(html: str) -> dict[str, Any]:
    return next(f for f in forms_of(html) if "quick" in (f["attrs"].get("class") or ""))


def button_instead(prompt: engine.Prompt, action_type: str, label: str | None = None,
                   option: int | None = None, values: dict[str, Any] | None = None) -> int | None:
    """The index of the one-click answer the page shows in place of an option's full form, or None
    when the option has its form.  The option is the first of ``action_type`` (or the one labelled
    ``label``, or the ``option``-th); it has no form on the page when every answer it could send is
    one of the one-click answers (``games.prompt_forms.without_repeats``): nothing to fill in, or
    only choices each of which is a button, the one whose choices are ``values``."""
    for index, candidate in enumerate(prompt.actions):
        if candidate.type != action_type or label not in (None, candidate.label) or option not in (None, index):
            continue
        if not repeats_quick(candidate, prompt.quick):
            return None
        action = {"type": candidate.type, **candidate.fixed, **(values or {})}
        found = [i for i, answer in enumerate(prompt.quick) if answer.action == action]
        assert found, f"{action_type} shows only its buttons, none of which sends {action}"
        return found[0]
    return None


def prompt_of(game_id: int, seat: int | None = None) -> engine.Prompt | None:
    """What the game asks ``seat`` now (the first seat asked when None); None when it is not asked."""
    asked = engine.prompts(queries.current_state(Game.objects.get(pk=game_id)))
    return next((prompt for prompt in asked if seat is None or prompt.seat == seat), None)


def _seat_of(client, game_id: int) -> int | None:
    user_id = client.session.get("_auth_user_id")
    seat = Seat.objects.filter(game_id=game_id, user_id=user_id).first() if user_id else None
    return seat.index if seat else None


def post_prompt(client, game_id: int, action_type: str, values: dict[str, str]):
    """Fill the prompt form for ``action_type`` on the game page and post it; for an answer with nothing
    to fill in (or only choices, each a button) that the page shows as one-click buttons only, press
    the button ``values`` choose."""
    html = client.get(f"/games/{game_id}/").content.decode()
    asked = prompt_of(game_id, _seat_of(client, game_id))
    chosen = {name.removeprefix("f."): value for name, value in values.items()}
    if asked is not None and (index := button_instead(asked, action_type, values=chosen)) is not None:
        return press_quick(client, html, index)
    form = prompt_form(html, action_type)
    for name in values:
        assert name in form["inputs"], f"{name} is not an input of the {action_type} form: {list(form['inputs'])}"
    return client.post(form["attrs"]["action"], {**form["hidden"], **values})


def press_quick(client, html: str, index: int):
    """Press the page's one-click button ``index`` (``html`` must show it)."""
    form = quick_form(html)
    assert any(button.get("name") == "quick" and button.get("value") == str(index) for button in form["buttons"]), (
        f"the page shows no one-click button {index}")
    return client.post(form["attrs"]["action"], {**form["hidden"], "quick": str(index)})


def post_quick(client, game_id: int, label_part: str):
    """Press the one-click answer whose label contains ``label_part``."""
    html = client.get(f"/games/{game_id}/").content.decode()
    labels = re.findall(r'<button type="submit" name="quick" value="(\d+)"[^>]*>([^<]*)</button>', html)
    index = next(value for value, label in labels if label_part in label)
    return press_quick(client, html, int(index))


def without_svg(html: str) -> str:
    """The page minus its drawings: board cells are labelled with every tile name."""
    return SVG.sub("", html)


def mentions_tile(text: str, tile: str) -> bool:
    return re.search(rf"(?<![0-9A-Za-z#]){re.escape(tile)}(?![0-9A-Za-z])", text) is not None
