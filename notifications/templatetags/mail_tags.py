"""``{% load mail_tags %}{% unreachable_notice game %}`` for the game page: players whose mail bounces."""

from __future__ import annotations

from typing import Any

from django import template

from notifications.gameplay import unreachable_names

register = template.Library()


@register.inclusion_tag("notifications/_unreachable_notice.html")
def unreachable_notice(game: Any) -> dict[str, Any]:
    return {"unreachable": unreachable_names(game.pk)}
