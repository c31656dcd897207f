"""For the game page: ``{% unreachable_notice game %}`` (players whose mail bounces), ``{% standing_orders %}``."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from notifications.gameplay import unreachable_names
from notifications.order_pages import order_forms

register = template.Library()


@register.inclusion_tag("notifications/_unreachable_notice.html")
def unreachable_notice(game: Any) -> dict[str, Any]:
    return {"unreachable": unreachable_names(game.pk)}


@register.inclusion_tag("notifications/_orders.html", takes_context=True)
def standing_orders(context: Any, game: Any, seat: int, back: str,
                    subjects: list[tuple[str, str, tuple[str, ...]]]) -> dict[str, Any]:
    """The seat's standing orders on the game page, its forms posting to the mail-settings page and back here.

    ``subjects``: the position's order subjects (the page shows a running game's current position).
    """
    action = reverse("notifications:game_mail", args=[game.pk])
    return {**order_forms(game, seat, game_page=True, subjects=subjects), "orders_action": action,
            "orders_next": back,
            "csrf_token": context.get("csrf_token")}
