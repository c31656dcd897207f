"""What the site knows per title: option inputs, the board partial, and chart numbers.

Everything else (prompts, forms, logs) is generic.  A title without an entry here gets
the generic view partial and no title options beyond the advanced JSON field.  Each
title's presentation is its own module in this package (``acquire``, ``railroad_barons``,
``t1861``), the way each title has its own folder in ``engine/``.
"""

from __future__ import annotations

from typing import Any

from engine.core import MalformedRecord, available_titles, get_title
from games.titles import acquire, railroad_barons, t1861
from games.titles.ui import BoolOption, TitleUI

__all__ = ["TITLE_UI", "BoolOption", "TitleUI", "startable_titles", "title_name", "ui_for", "why_not_startable"]

TITLE_UI: dict[str, TitleUI] = {
    "acquire": acquire.UI,
    "railroad-barons": railroad_barons.UI,
    "1861": t1861.UI,
}


def ui_for(title_id: str) -> TitleUI:
    return TITLE_UI.get(title_id, TitleUI())


def why_not_startable(title: Any) -> str:
    """Why no new game of ``title`` may be started here, or "" when one may."""
    if not title.playable:
        return f"{title.name} cannot be played to the end here yet."
    return ui_for(title.id).new_games_held_back


def startable_titles() -> list[Any]:
    """The titles a player may start a game or a league of: played to the end by the engine, and
    every decision of them taken by the site's pages and mails."""
    return [title for title in available_titles() if not why_not_startable(title)]


def title_name(title_id: str) -> str:
    try:
        return get_title(title_id).name
    except MalformedRecord:  # an engine not installed here still has a readable id
        return title_id


def short_title_name(full_name: str) -> str:
    """"1861" for "1861: The Railways of the Russian Empire": the name before its subtitle, as a game's
    default name and a mail subject use it (a title without one is named whole)."""
    return full_name.split(":", 1)[0].strip()
