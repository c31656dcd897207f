"""What the site knows per title: option inputs, the board partial, and chart numbers.

Everything else (prompts, forms, logs) is generic.  A title without an entry here gets
the generic view partial and no title options beyond the advanced JSON field.  Each
title's presentation is its own module in this package (``acquire``, ``railroad_barons``,
``t1861``), the way each title has its own folder in ``engine/``.
"""

from __future__ import annotations

from engine.core import MalformedRecord, get_title
from games.titles import acquire, railroad_barons, t1861
from games.titles.ui import BoolOption, TitleUI

__all__ = ["TITLE_UI", "BoolOption", "TitleUI", "title_name", "ui_for"]

TITLE_UI: dict[str, TitleUI] = {
    "acquire": acquire.UI,
    "railroad-barons": railroad_barons.UI,
    "1861": t1861.UI,
}


def ui_for(title_id: str) -> TitleUI:
    return TITLE_UI.get(title_id, TitleUI())


def title_name(title_id: str) -> str:
    try:
        return get_title(title_id).name
    except MalformedRecord:  # an engine not installed here still has a readable id
        return title_id
