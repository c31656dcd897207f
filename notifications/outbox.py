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
from notifications import clock, deadlines, dispatch, orders
from notifications.gameplay import Game, Seat, load, seat_user, seats_for_mail
from notifications.models import MailKind, OrderRun, Outbox, OutboxStatus, Stream
from notifications.preferences import DEFAULTS, is_unreachable, wants
from notifications.schedule import PlayerClock, clock_for, next_mail_time, time_zone
from turnpost import rows as sql_rows


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


def _row_fields(
    seat: int | None, now: datetime, send_after: datetime, unreachable: bool, address: str
) -> dict[str, Any]:
    """An outbox row's fields besides its key: skipped for an unreachable address, queued now unless quiet hours."""
    return {
        "seat": seat,
        "created": now,
        "send_after": send_after,
        "status": OutboxStatus.SKIPPED if unreachable else OutboxStatus.PENDING,
        "note": "address unreachable" if unreachable else "",
        "to_address": address,
        "queued_at": now if send_after <= now and not unreachable else None,
    }


def enqueue(
    game_id: int | None, version: int, user: Any, kind: str, seat: int | None = None, now: datetime | None = None
) -> Outbox:
    """Insert one mail (or find the one already there) and queue its send on commit.

    Mail for an unreachable address is recorded as skipped, so the audit still shows it.
    Mail that would land in the recipient's quiet hours waits for the sweeper.
    """
    now = now or clock.now()
    fields = _row_fields(seat, now, next_mail_time(now, clock_for(user)), is_unreachable(user.email), user.email)
    row, created = Outbox.objects.get_or_create(
        game_id=game_id, version=version, recipient=user, kind=kind, defaults=fields
    )
    if created and row.queued_at is not None:
        send_on_commit([row.pk])
    return row


def send_on_commit(outbox_ids: list[int]) -> None:
    """Queue the rows' sends once the transaction commits (``dispatch``: a few rows a task)."""
    if outbox_ids:
        ids = list(outbox_ids)
        transaction.on_commit(lambda: dispatch.submit(ids))


# A mail is unique on these: the fields of the model's own constraint.
MAIL_KEY = tuple(next(c.fields for c in Outbox._meta.constraints if c.name == "notifications_outbox_once"))


def insert_rows(rows: list[Outbox]) -> list[Outbox]:
    """Insert new outbox rows and queue the due ones; returns the rows created.

    The rows' keys are new in a move (its version was just taken under the game's lock), so
    each INSERT is expected to go in.  Should one exist already (a signal sent twice), that
    INSERT does nothing (ON CONFLICT, no savepoint), keeping the one-row-per-key rule.  A move
    makes one row (the game's end one per player), written out as SQL like the move's other
    writes (turnpost.rows).
    """
    created = [row for row in rows if sql_rows.insert_instance(row, unless_exists=MAIL_KEY)]
    send_on_commit([row.pk for row in created if row.queued_at is not None])
    return created


def _wants(seat: Seat, stream: str) -> bool:
    """``preferences.wants`` from the annotations of ``seats_for_mail``: this game's choice, the default, else ours."""
    for choice in (getattr(seat, f"{stream}_here"), getattr(seat, f"{stream}_default")):
        if choice is not None:
            return bool(choice)
    return DEFAULTS[Stream(stream)]


def _row_for(game: Game, seat: Seat, kind: str, now: datetime) -> Outbox:
    """An unsaved outbox row for ``seat``'s player at the game's version (``clock_for`` from the annotations)."""
    user = seat.user
    player_clock = PlayerClock(tz=time_zone(user.time_zone), quiet_start=seat.quiet_start, quiet_end=seat.quiet_end)
    fields = _row_fields(seat.index, now, next_mail_time(now, player_clock), seat.suppressed, user.email)
    return Outbox(game_id=game.pk, version=game.version, recipient=user, kind=kind, **fields)


def announce(
    game: Game, state: Any, before: list[engine.Prompt], after: list[engine.Prompt], acting_seat: int | None
) -> None:
    """Outbox rows, deadlines and standing orders for the seats a state change made active.

    Everything about the recipients comes from one query (``seats_for_mail``); the rows go
    in with one INSERT and one task is queued for the lot, on commit.
    """
    now = clock.now()
    fresh = newly_active(before, after, acting_seat)
    deadlines.close_open(game, keep_seats={p.seat for p in after} - {p.seat for p in fresh})
    finished = engine.is_finished(state)
    if not fresh and not finished:
        return
    streams = (Stream.TURN, Stream.RESULT) if finished else (Stream.TURN,)
    seats = {seat.index: seat for seat in seats_for_mail(game, streams)}
    rows = []
    for prompt in fresh:
        seat = seats.get(prompt.seat)
        if seat is not None and seat.user is not None and _prompt_wants_mail(game, prompt, seat, now):
            rows.append(_row_for(game, seat, MailKind.TURN, now))
    if finished:
        rows += [
            _row_for(game, seat, MailKind.RESULT, now)
            for seat in seats.values()
            if seat.user is not None and _wants(seat, Stream.RESULT)
        ]
    insert_rows(rows)


def _prompt_wants_mail(game: Game, prompt: engine.Prompt, seat: Seat, now: datetime) -> bool:
    """Answer by standing order (after commit), or start the seat's clock; True if a turn mail should go."""
    if seat.has_orders and orders.answer_for(prompt, orders.active_orders(game.pk, prompt.seat)) is not None:
        queue_order_run(game, prompt.seat, now)
        return False
    if game.move_time_limit:  # open_deadline sets no clock without a limit; this skips its settings query
        deadlines.open_deadline(game, prompt.seat, seat.user, now)
    return _wants(seat, Stream.TURN)


# A standing order is tried once per prompt: the fields of OrderRun's unique constraint.
ORDER_RUN_KEY = tuple(next(c.fields for c in OrderRun._meta.constraints if c.name == "notifications_orderrun_once"))


def queue_order_run(game: Game, seat: int, now: datetime) -> None:
    """Record, in the move's transaction, that the seat's standing order is to be tried; queue it on commit.

    The row is what makes it happen: a refused publish leaves it to the sweeper, as with mail.
    """
    run = OrderRun(game_id=game.pk, seat=seat, version=game.version, created=now, queued_at=now)
    if sql_rows.insert_instance(run, unless_exists=ORDER_RUN_KEY):
        transaction.on_commit(lambda: dispatch.submit_order_runs([run.pk]))


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
    """Every seat hears that the game started: those asked first in their turn mail, the others in a started mail.

    The turn mails go in (and out) first: the decision waiting is the more urgent news.
    """
    announce(game, state, [], prompts_after, acting_seat=None)
    asked = {prompt.seat for prompt in prompts_after}
    now = clock.now()
    insert_rows([
        _row_for(game, seat, MailKind.STARTED, now)
        for seat in seats_for_mail(game, (Stream.TURN,))
        if seat.user is not None and seat.index not in asked and _wants(seat, Stream.TURN)
    ])


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


def enqueue_to_address(
    kind: str,
    address: str,
    payload: dict[str, Any] | None = None,
    game_id: int | None = None,
    seat: int | None = None,
    now: datetime | None = None,
) -> Outbox:
    """Insert a mail to an address, not to a player (sign-in, address confirmation, invitation); sent on commit.

    Called inside the asking request's transaction: the page commits the row and returns,
    and a mail server that is down only delays the mail (the send retries, the sweeper
    re-queues).  Such mail is not held for quiet hours: it answers what someone just did.
    """
    now = now or clock.now()
    fields = _row_fields(seat, now, now, is_unreachable(address), address)
    row = Outbox.objects.create(
        game_id=game_id, version=0, recipient=None, kind=kind, payload=payload or {}, **fields
    )
    if row.queued_at is not None:
        send_on_commit([row.pk])
    return row


def on_game_created(sender: Any, game: Game, invited: list[tuple[int, str]], **kwargs: Any) -> None:
    """One invitation mail per invited seat, in the game's creating transaction."""
    for seat, address in invited:
        enqueue_to_address(MailKind.INVITATION, address, game_id=game.pk, seat=seat)
