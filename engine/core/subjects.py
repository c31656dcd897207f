"""What a one-click answer is about (a chain, a holding), from its prompt's fields: one notion for pages and mails.

A prompt may offer twenty quick answers; the game page and the mail both group them by
their subject so a player finds theirs.  The subject is the value of the answer's first
one-of-choices field ("holding": "rice"), or the one key of a counts field ({"tower": 2}),
labelled as the field's choice is.  Grouping helps only when some subject has several
answers and there are at least two subjects (``worth_grouping``); else a flat list reads best.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.prompts import ActionOption, Prompt


@dataclass(frozen=True)
class Subject:
    """What an answer is about: the field value (a chain or holding id) and its choice's label."""

    value: Any
    label: str


def subject_of(prompt: Prompt, action: dict[str, Any]) -> Subject | None:
    """The subject of ``action``, one of ``prompt``'s answers; None when it is about nothing in particular (pass)."""
    option = next((option for option in prompt.actions if option.type == action.get("type")), None)
    return None if option is None else option_subject(option, action)


def option_subject(option: ActionOption, action: dict[str, Any]) -> Subject | None:
    """The subject of an answer through ``option``'s form: its first choice field, or a one-key counts field."""
    for spec in option.fields:
        value = action.get(spec.name, option.fixed.get(spec.name))
        if spec.kind == "counts" and isinstance(value, dict):
            if len(value) != 1:
                return None
            value = next(iter(value))
        elif spec.kind != "choice" or not isinstance(value, str | int):
            continue
        label = next((choice.label for choice in spec.choices if choice.value == value), str(value))
        return Subject(value, label)
    return None


def worth_grouping(subjects: Sequence[Subject | None]) -> bool:
    """Whether answers with these subjects read better split by subject: two subjects or more, one with several."""
    named = [subject.value for subject in subjects if subject is not None]
    distinct = set(named)
    return 2 <= len(distinct) < len(named)
