"""What pages show of a seat's standing orders: the orders, why any was cancelled, a small form per kind.

Shared by the mail-settings page and the game page (``{% standing_orders %}``): the kinds are
those the game's title offers (``orders.kinds_for``); a kind about a company is offered once
the seat runs one (the engine's ``order_subjects``).
"""

from __future__ import annotations

from typing import Any

import engine.core as engine
from notifications import orders
from notifications.gameplay import load


def order_forms(game: Any, seat: int, game_page: bool = False,
                subjects: list[tuple[str, str, tuple[str, ...]]] | None = None) -> dict[str, Any]:
    """The context of ``_orders.html``; on the game page only the kinds meant for it, and nothing when none is.

    ``subjects``: the seat's ``engine.order_subjects`` in a running game, when the caller has them
    (the game page's cached position); otherwise the game's state is loaded to find them.
    """
    kinds = [kind for kind in orders.kinds_for(game.title) if kind.on_game_page or not game_page]
    if game_page and not kinds:
        return {"orders": [], "order_forms": [], "order_notices": [], "hidden": True}
    if subjects is None:
        loaded = load(game.pk, seat)
        running = loaded is not None and not engine.is_finished(loaded.state)
        subjects = engine.order_subjects(loaded.state, seat) if loaded is not None else []
    else:
        running = True
    companies = {kind.key: kind.subjects_for(subjects) for kind in kinds}
    forms = [
        {"key": kind.key, "blank": kind.form_label or kind.label,
         "needs": kind.needs, "policies": kind.policies, "subjects": companies[kind.key]}
        for kind in kinds
        if "company" not in kind.needs or companies[kind.key]
    ]
    active, cancelled = orders.seat_orders(game.pk, seat)
    return {
        "orders": [(order, orders.label_of(order)) for order in active],
        "order_forms": forms if running else [],
        "order_notices": orders.disarmed_notices(game.pk, seat, cancelled),
        "hidden": False,
    }
