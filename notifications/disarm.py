"""Disarming standing orders when a move changed what they assumed (engine.core.order_facts).

Run in the move's transaction, before the move's announcements, so a disarmed order never
answers the prompt the same move raised.  An order whose scope ran out (``ends_with``: the
stock round it was for ended) just ends; one a change cancelled (``disarmed_by``) keeps why,
in the engine's words, and the move it happened at, so the player's mails and pages say so
until their next move.
"""

from __future__ import annotations

from typing import Any

import engine.core as engine
from notifications.models import StandingOrder
from notifications.orders import KINDS


def on_move(game: Any, state: Any, events: list[engine.Event]) -> int:
    """Cancel or end the game's orders the move's facts touch; how many.  No query when no fact."""
    facts = engine.order_facts(state, events)
    if not facts:
        return 0
    changed = 0
    for order in StandingOrder.objects.filter(game=game, active=True):
        changed += _apply_facts(order, facts, game.version)
    return changed


def _apply_facts(order: StandingOrder, facts: list[engine.OrderFact], version: int) -> int:
    kind = KINDS.get(order.kind)
    if kind is None:
        return 0
    for fact in facts:
        if not fact.touches(order.seat, order.subject or None):
            continue
        if fact.kind in kind.ends_with:
            StandingOrder.objects.filter(pk=order.pk).update(active=False)
            return 1
        if fact.kind in kind.disarmed_by:
            StandingOrder.objects.filter(pk=order.pk).update(
                active=False, disarmed_because=fact.because[:200], disarmed_version=version)
            return 1
    return 0
