"""Reading an action's fields: every malformed value becomes IllegalAction, never another error."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from engine.core.errors import IllegalAction


def shown(value: Any) -> str:
    """A short repr for messages (records can hold anything)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def present(action: dict[str, Any], name: str) -> bool:
    """Whether an optional field is given (``null`` counts as not given)."""
    return action.get(name) is not None


def integer(action: dict[str, Any], name: str, what: str) -> int:
    """A required whole number (``true`` is not a number here)."""
    if name not in action:
        raise IllegalAction(f"This action needs '{name}' ({what}).")
    value = action[name]
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(f"'{name}' ({what}) must be a whole number, not {shown(value)}.")
    return value


def optional_integer(action: dict[str, Any], name: str, what: str) -> int | None:
    return integer(action, name, what) if present(action, name) else None


def boolean(action: dict[str, Any], name: str, what: str) -> bool:
    if name not in action:
        raise IllegalAction(f"This action needs '{name}' ({what}: true or false).")
    value = action[name]
    if not isinstance(value, bool):
        raise IllegalAction(f"'{name}' ({what}) must be true or false, not {shown(value)}.")
    return value


def choice(action: dict[str, Any], name: str, allowed: Collection[str], what: str) -> str:
    """A required string out of ``allowed``; ``what`` names it with its article ("a holding")."""
    if name not in action:
        raise IllegalAction(f"This action needs '{name}' ({what}).")
    value = action[name]
    if not isinstance(value, str) or value not in allowed:
        raise IllegalAction(f"{shown(value)} is not {what}; choose one of: {', '.join(allowed)}.")
    return value


def optional_choice(action: dict[str, Any], name: str, allowed: Collection[str], what: str, default: str) -> str:
    return choice(action, name, allowed, what) if present(action, name) else default


def string_list(action: dict[str, Any], name: str, allowed: Collection[str], what: str) -> list[str]:
    """An optional list of distinct strings out of ``allowed`` (missing: empty); ``what`` names one item."""
    if not present(action, name):
        return []
    value = action[name]
    if not isinstance(value, list):
        raise IllegalAction(f"'{name}' must be a list, each item {what}, not {shown(value)}.")
    for item in value:
        if not isinstance(item, str) or item not in allowed:
            raise IllegalAction(f"{shown(item)} is not {what}; choose from: {', '.join(allowed)}.")
    if len(set(value)) != len(value):
        raise IllegalAction(f"'{name}' names the same item twice.")
    return list(value)
