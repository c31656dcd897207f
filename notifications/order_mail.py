"""The standing-order part of a decision mail: offers to set the orders this prompt allows, and notices.

Each offer is a signed one-click link (``links.set_order_token``) to a confirm page whose
button sets it; a kind about a company is offered for the company the prompt is about, a
dividend policy once per policy, a bid limit with the lowest bid of the moment filled in.
Notices say which orders a change cancelled since the reader's last move (``orders.disarmed_notices``).
"""

from __future__ import annotations

from typing import Any

import engine.core as engine
from notifications import links, orders
from notifications.models import StandingOrder
from notifications.order_kinds import OrderKind, field, option


def section(game: Any, seat: int, user_id: int, prompt: engine.Prompt) -> dict[str, Any]:
    """``order_offers`` and ``order_notices`` for a mail; no query for titles without such orders."""
    if not any(kind.disarmed_by or kind.ends_with for kind in orders.kinds_for(game.title)):
        return {"order_offers": [], "order_notices": []}  # the first kinds: set on the settings page only
    offered = orders.offered_now(prompt, game.title)
    standing = set(StandingOrder.objects.filter(game=game, seat=seat, active=True).values_list("kind", "subject"))
    offers = [
        _offer(game.pk, seat, user_id, kind, subject, params)
        for kind, subject in offered if (kind.key, subject) not in standing
        for params in _param_sets(kind, prompt)
    ]
    return {"order_offers": offers, "order_notices": orders.disarmed_notices(game.pk, seat)}


def _param_sets(kind: OrderKind, prompt: engine.Prompt) -> list[dict[str, Any]]:
    if kind.policies:
        return [{"policy": value} for value, _ in kind.policies]
    if "limit" in kind.needs:
        bid = option(prompt, "bid")
        price = field(bid, "price") if bid is not None else None
        return [{"limit": price.min if price is not None and price.min is not None else 0}]
    return [{}]


def _offer(game_id: int, seat: int, user_id: int, kind: OrderKind, subject: str, params: dict[str, Any]
           ) -> dict[str, str]:
    claim = links.SetOrderClaim(game_id, seat, user_id, kind.key, subject, params)
    label = kind.words(params, subject) if "limit" not in kind.needs else kind.label.format(limit="… (you choose)")
    return {"label": label, "url": links.set_order_url(links.set_order_token(claim))}
