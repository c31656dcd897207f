"""``{% t1861_routes %}``: the route step's card on the 1861 game page (``games.titles.t1861.route_page``).

A tag rather than view code so the shared game view stays title-free: it reads the page's
``prompt``, ``view`` and ``position``, and after a refused edit (the post carries the editor's
mark and was made on this position) asks the engine again which route it refused, to mark it.
"""

from __future__ import annotations

from typing import Any

from django import template

from games import queries
from games.titles.t1861.route_page import EDIT_MARK, card, is_route_prompt, preview_post

register = template.Library()


@register.inclusion_tag("games/boards/_1861_routes.html", takes_context=True)
def t1861_routes(context: template.Context) -> dict[str, Any]:
    prompt, view, position = context.get("prompt"), context.get("view") or {}, context.get("position")
    request = context.get("request")
    page = {"routes": None, "game": context.get("game"), "position": position, "request": request}
    if position is None or not is_route_prompt(prompt):
        return page
    posted = request.POST if request is not None and request.method == "POST" else None
    if posted is not None and posted.get(EDIT_MARK) and posted.get("expected_version") == str(position.version):
        edited = preview_post(queries.current_state(context["game"]), prompt, posted)
        page["routes"] = card(prompt, view, edited, posted)
    else:
        page["routes"] = card(prompt, view)
    return page
