"""Refusals for an action that leaves out the company it is about.

A rule that reads ``action.get("company")`` and finds nothing would otherwise name ``None``
in its refusal ("NONE is not a started major."), which tells an API client or a hand-written
record nothing; the rules ask these first.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalAction


def missing_name(value: Any, field: str, what: str) -> str | None:
    """The refusal's words when ``value`` (the action's ``field``) names nothing; None when it is a name."""
    if isinstance(value, str) and value:
        return None
    return f"The action names no {what}: its {field!r} field is missing or not a name."


def require_named(value: Any, field: str, what: str) -> None:
    """IllegalAction unless ``value`` (the action's ``field``) is a non-empty string."""
    refusal = missing_name(value, field, what)
    if refusal is not None:
        raise IllegalAction(refusal)
