"""``{% rating_history owner %}``: a player's rating charts, for the player page (which lives in games)."""

from __future__ import annotations

from typing import Any

from django import template

from ratings.queries import player_histories

register = template.Library()


@register.inclusion_tag("ratings/_history.html")
def rating_history(owner: Any) -> dict[str, Any]:
    return {"histories": player_histories(owner.pk), "owner": owner}
