"""Titles by id.  Each title package registers itself on import."""

from __future__ import annotations

import importlib
from typing import Any

from engine.core.errors import MalformedRecord
from engine.core.title import StateT, Title

# Each title takes its own state class; the registry holds them all, whatever their states.
_TITLES: dict[str, Title[Any]] = {}

# Title id -> module that registers it; imported lazily so titles stay independent.
KNOWN_TITLES: dict[str, str] = {
    "acquire": "engine.acquire",
    "railroad-barons": "engine.railroad_barons",
    "1861": "engine.t1861",
}


def register(title: Title[StateT]) -> Title[StateT]:
    """Make ``title`` available by its id."""
    _TITLES[title.id] = title
    return title


def get_title(title_id: object) -> Title[Any]:
    """The title with this id; MalformedRecord if there is none."""
    if not isinstance(title_id, str) or title_id not in KNOWN_TITLES:
        raise MalformedRecord(f"Unknown title {title_id!r}; known titles: {', '.join(KNOWN_TITLES)}.")
    if title_id not in _TITLES:
        try:
            importlib.import_module(KNOWN_TITLES[title_id])
        except ModuleNotFoundError as missing:
            raise MalformedRecord(f"The title {title_id!r} is not available yet.") from missing
    if title_id not in _TITLES:  # its package exists but its rules are not finished
        raise MalformedRecord(f"The title {title_id!r} is not available yet.")
    return _TITLES[title_id]


def available_titles() -> list[Title[Any]]:
    """Every title whose engine is installed, in the registry's order (playable or not).

    For what a player may start, use :func:`playable_titles`.
    """
    titles = []
    for title_id in KNOWN_TITLES:
        try:
            titles.append(get_title(title_id))
        except MalformedRecord:
            continue
    return titles


def playable_titles() -> list[Title[Any]]:
    """The installed titles whose games can be played to the end: what the site offers to start.

    A title registers as soon as its records replay (the record contract, ``import-18xx``),
    which can be long before a whole game can be played; its ``playable`` flag says which.
    """
    return [title for title in available_titles() if title.playable]
