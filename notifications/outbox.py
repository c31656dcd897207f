"""Outbox rows, written inside the move's transaction by the games signals' receivers.

Inserts only: no rendering and no network here.  A row is unique on (game, version,
recipient, kind), so a replayed signal or a retried task never doubles a mail, and a
rolled-back move takes its rows (and their on-commit sends) with it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction

import engine.core as engine
from notifications import clock, deadlines, orders
from notifications.gameplay import Game, load, seat_user, seats_of
from notifications.models import MailKind, Outbox, OutboxStatus, Stream
from notifications.preferences import is_unreachable, wants
from notifications.schedule import clock_for, next_mail_time


def newly_active(
    before: list[engine.Prompt], after: list[engine.Prompt], acting_seat: int | None
) -> list[engine.Prompt]:
    """Prompts of seats that became active: new seats, changed prompts, or the mover asked again.

    A seat still waiting on the same prompt after someone else's move already has its mail.
    """
    old = {prompt.seat: prompt.name for prompt in before}
    return [
        prompt
        for prompt in after
        if prompt.seat not in old or old[prompt.seat] != prompt.name or prompt.seat == acting_seat
    ]


def enqueue(
    game_id: int | None, version: int, user: Any, kind: str, seat: int | None = None, now: datetime | None = None
) -> Outbox:
    """Insert one mail (or find the one already there) and queue its send on commit.

    Mail for an unreachable address is recorded as skipped, so the audit still shows it.
    Mail that would land in the recipient's quiet hours waits for the sweeper.
    """
    now = now or clock.now()
    send_after = next_mail_time(now, clock_for(user))
    unreachable = is_unreachable(user.email)
    row, created = Outbox.objects.get_or_create(
        game_id=game_id,
        version=version,
        recipient=user,
        kind=kind,
        defaults={
            "seat": seat,
            "created": now,
            "send_after": send_after,
            "status": OutboxStatus.SKIPPED if unreachable else OutboxStatus.PENDING,
            "note": "address unreachable" if unreachable else "",
            "to_address": user.email,
            "queued_at": now if send_after <= now and not unreachable else None,
        },
    )
    if created and row.queued_at is not None:
        from notifications.tasks import send_outbox

        send_outbox.delay_on_commit(row.pk)
    return row


def announce(
    game: Game, state: Any, before: list[engine.Prompt], after: list[engine.Prompt], acting_seat: int | None
) -> None:
    """Outbox rows, deadlines and standing orders for the seats a state change made active."""
    now = clock.now()
    seats = {seat.index: seat for seat in seats_of(game)}
    fresh = newly_active(before, after, acting_seat)
    deadlines.close_open(game.pk, keep_seats={p.seat for p in after} - {p.seat for p in fresh})
    for prompt in fresh:
        user = seats[prompt.seat].user if prompt.seat in seats else None
        if user is not None:
            _announce_prompt(game, prompt, user, now)
    if engine.is_finished(state):
        for seat in seats.values():
            if seat.user is not None and wants(seat.user_id, game.pk, Stream.RESULT):
                enqueue(game.pk, game.version, seat.user, MailKind.RESULT, seat.index, now)


def _announce_prompt(game: Game, prompt: engine.Prompt, user: Any, now: datetime) -> None:
    if orders.answer_for(prompt, orders.active_orders(game.pk, prompt.seat)) is not None:
        from notifications.tasks import apply_standing_order

        apply_standing_order.delay_on_commit(game.pk, prompt.seat, game.version)
        return
    deadlines.open_deadline(game, prompt.seat, user, now)
    if wants(user.pk, game.pk, Stream.TURN):
        enqueue(game.pk, game.version, user, MailKind.TURN, prompt.seat, now)


def on_move_applied(
    sender: Any,
    game: Game,
    action: Any,
    state: Any,
    prompts_before: list[engine.Prompt],
    prompts_after: list[engine.Prompt],
    **kwargs: Any,
) -> None:
    announce(game, state, prompts_before, prompts_after, acting_seat=action.seat)


def on_game_started(sender: Any, game: Game, state: Any, prompts_after: list[engine.Prompt], **kwargs: Any) -> None:
    announce(game, state, [], prompts_after, acting_seat=None)


def announce_seat_now(game_id: int, seat: int) -> None:
    """Mail a seat its current prompt outside a move (a standing order that could not be applied)."""
    with transaction.atomic():
        loaded = load(game_id)
        prompt = loaded.prompt_for(seat) if loaded else None
        user = seat_user(game_id, seat)
        if loaded is None or prompt is None or user is None:
            return
        now = clock.now()
        deadlines.open_deadline(loaded.game, seat, user, now)
        if wants(user.pk, game_id, Stream.TURN):
            enqueue(game_id, loaded.version, user, MailKind.TURN, seat, now)
