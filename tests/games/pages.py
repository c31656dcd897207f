"""Reading the forms on a page and posting them the way a browser would (no JavaScript involved)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

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
    return next(f for f in forms_of(html) if f["attrs"].get("data-action") == action_type)


def quick_form(html: str) -> dict[str, Any]:
    return next(f for f in forms_of(html) if "quick" in (f["attrs"].get("class") or ""))


def post_prompt(client, game_id: int, action_type: str, values: dict[str, str]):
    """Fill the prompt form for ``action_type`` on the game page and post it."""
    html = client.get(f"/games/{game_id}/").content.decode()
    form = prompt_form(html, action_type)
    for name in values:
        assert name in form["inputs"], f"{name} is not an input of the {action_type} form: {list(form['inputs'])}"
    return client.post(form["attrs"]["action"], {**form["hidden"], **values})


def post_quick(client, game_id: int, label_part: str):
    """Press the one-click answer whose label contains ``label_part``."""
    response = client.get(f"/games/{game_id}/")
    html = response.content.decode()
    form = quick_form(html)
    labels = re.findall(r'<button type="submit" name="quick" value="(\d+)"[^>]*>([^<]*)</button>', html)
    index = next(value for value, label in labels if label_part in label)
    return client.post(form["attrs"]["action"], {**form["hidden"], "quick": index})


def without_svg(html: str) -> str:
    """The page minus its drawings: board cells are labelled with every tile name."""
    return SVG.sub("", html)


def mentions_tile(text: str, tile: str) -> bool:
    return re.search(rf"(?<![0-9A-Za-z#]){re.escape(tile)}(?![0-9A-Za-z])", text) is not None
