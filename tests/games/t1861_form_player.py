"""A player who answers 1861 only with what the game page offers: its one-click answers and its forms.

The engine's random player (``engine.t1861.bot``) decides what to do; this module finds how
a player would say it on the page, from the widgets ``games.prompt_forms.option_forms`` builds
(a radio button among the listed choices, a number within the input's bounds, a one-click
answer; never a form the page leaves out as it would only repeat a button), and returns the
post that says it.  An answer the page cannot express is a :class:`NotOnThePage` naming the
prompt and the action, so a test can say what is missing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import QueryDict

from engine.core import ActionOption, Prompt
from games.prompt_forms import (
    FieldWidget,
    OptionForm,
    action_from_post,
    fields_for_action,
    option_forms,
    without_repeats,
)

# Routes are drawn on the map (a helper is building that); until then the page's answer to a
# run is its suggested one-click answer, the optimiser's best set.
SUGGESTED_ONLY = ("run_routes",)


class NotOnThePage(AssertionError):
    """An answer no form or button of the page can give."""


@dataclass(frozen=True)
class PagePost:
    """What the browser would post, and how the player gave it (for the test's tally)."""

    data: dict[str, str]
    how: str  # "picker", "quick", "form" or "suggested"


def as_query(data: dict[str, str]) -> QueryDict:
    query = QueryDict(mutable=True)
    query.update(data)
    return query


def page_post(prompt: Prompt, action: dict[str, Any]) -> PagePost:
    """The post that gives ``action`` on ``prompt``'s page: the picker's button for a lay or token it
    lists, else a button when one is exactly it, else a form."""
    if _picker_lists(prompt, action):
        option = next(option for option in prompt.actions if option.type == action["type"])
        return PagePost({"type": option.type, **fields_for_action(option, action)}, "picker")
    for index, answer in enumerate(prompt.quick):
        if answer.action == action:
            return PagePost({"quick": str(index)}, "quick")
    for form in shown_forms(prompt):
        option = prompt.actions[form.index]
        if option.type == action["type"] and (data := _form_post(prompt, option, form, action)) is not None:
            return PagePost(data, "form")
    if action["type"] in SUGGESTED_ONLY:
        suggested = next((index for index, answer in enumerate(prompt.quick)
                          if answer.action["type"] == action["type"]), None)
        if suggested is not None:
            return PagePost({"quick": str(suggested)}, "suggested")
    raise NotOnThePage(f"{prompt.name} ({prompt.context.get('step', '')}): no button or form gives {action}")


def shown_forms(prompt: Prompt) -> list[OptionForm]:
    """The full forms the prompt card shows: not those with nothing to fill in whose answer is a
    one-click button (``games.prompt_forms.without_repeats``), which the page offers once, as the button."""
    return without_repeats(option_forms(prompt), prompt, list(prompt.quick))


def _picker_lists(prompt: Prompt, action: dict[str, Any]) -> bool:
    """Whether the page's picker (``games.titles.t1861.lay_picker``) has a button for ``action``: the
    prompt card then leaves that action's buttons and form out (``TitleUI.prompt_covers``)."""
    kind = action.get("type")
    if prompt.name == "operate" and kind == "lay_tile" and prompt.accepts(kind):
        wanted = (action["hex"], action["tile"], action["rotation"])
        lays = prompt.context.get("lays") or []
        return any((lay["hex"].lower(), lay["tile"], lay["rotation"]) == wanted for lay in lays)
    if prompt.name == "operate" and kind == "place_token" and prompt.accepts(kind):
        return any((place["hex"].lower(), place["city"]) == (action["hex"], action["city"])
                   for place in prompt.context.get("tokens") or [])
    return prompt.name == "home_city" and kind == "place_token" and action in [answer.action for answer in prompt.quick]


def _form_post(prompt: Prompt, option: ActionOption, form: OptionForm, action: dict[str, Any]) -> dict[str, str] | None:
    """The form's fields filled with ``action``, if every value is one the form's inputs offer."""
    if any(action.get(key) != value for key, value in option.fixed.items()):
        return None
    named = {f"f.{spec.name}" for spec in option.fields}
    if set(action) - {"type", *option.fixed} - {name[2:] for name in named}:
        return None  # the action carries something the form has no input for
    data = fields_for_action(option, action)
    widgets = {widget.name: widget for widget in form.fields}
    for name, value in data.items():
        if not _offers(widgets, name, value):
            return None
    post = {"type": option.type, "option": str(form.index), **data}
    back = action_from_post(prompt, as_query(post))  # read as the page reads it: the whole prompt
    return post if back == action else None


def _offers(widgets: dict[str, FieldWidget], name: str, value: str) -> bool:
    widget = widgets.get(name) or next((w for w in widgets.values()
                                        if any(c.input_name == name for c in w.choices)), None)
    if widget is None:
        return False
    if widget.kind == "choice":
        return any(choice.key == value and choice.legal for choice in widget.choices)
    if widget.kind in ("number", "count"):
        number = int(value)
        return number >= widget.min and (widget.max is None or number <= widget.max)
    return True
