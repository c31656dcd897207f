"""Applying standing orders, outside the move transaction that raised the prompt (submit_move is durable)."""

from __future__ import annotations

from notifications import orders
from notifications.gameplay import SOURCE_STANDING_ORDER, GameServiceError, load, play, seat_user
from notifications.outbox import announce_seat_now


def apply_order(game_id: int, seat: int, version: int) -> str:
    """Answer the seat's prompt at ``version`` by its standing order; mail the prompt if that fails."""
    loaded = load(game_id)
    prompt = loaded.prompt_for(seat) if loaded is not None and loaded.version == version else None
    if prompt is None:
        return "stale"
    found = orders.answer_for(prompt, orders.active_orders(game_id, seat))
    if found is None:
        announce_seat_now(game_id, seat)
        return "mailed"
    try:
        outcome = play(game_id, seat, found[1], version, SOURCE_STANDING_ORDER, seat_user(game_id, seat))
    except GameServiceError:
        announce_seat_now(game_id, seat)
        return "mailed"
    return outcome.status
