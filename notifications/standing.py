"""Applying standing orders, outside the move transaction that raised the prompt (submit_move is durable).

The move's transaction records an ``OrderRun`` (``outbox.queue_order_run``); its task runs
``run_order`` and the beat sweeper re-queues runs that no task finished (``requeue_stale``).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any, NamedTuple

from django.conf import settings
from django.db import DatabaseError, transaction
from django.db.models import Q

import engine.core as engine
from notifications import clock, orders
from notifications.announcements import announce_seat_now
from notifications.gameplay import SOURCE_STANDING_ORDER, GameServiceError, load, play, seat_user
from notifications.models import OrderRun, StandingOrder
from notifications.order_kinds import OrderRefused
from notifications.outbox import queue_order_run

log = logging.getLogger(__name__)


def run_order(run_id: int) -> str:
    """Try the run's order and mark the run done; a run already done is left alone."""
    run = OrderRun.objects.filter(pk=run_id, done_at__isnull=True).first()
    if run is None:
        return "done"
    try:
        outcome = apply_order(run.game_id, run.seat, run.version)
    except DatabaseError:
        raise  # the database is away: the run stays open and the sweeper tries it again
    except Exception:  # a bug must not stall the game: the seat's player gets the prompt by mail instead
        log.exception("standing order run %s failed; mailing the prompt", run_id)
        announce_seat_now(run.game_id, run.seat)
        outcome = "mailed"
    OrderRun.objects.filter(pk=run_id).update(done_at=clock.now(), outcome=outcome)
    return outcome


def requeue_stale(now: datetime, batch: int = 500) -> list[int]:
    """Runs neither done nor queued recently: lock (skipping locked ones), stamp, list (as delivery does)."""
    recent = now - timedelta(seconds=settings.TURNPOST_MAIL_REQUEUE_SECONDS)
    with transaction.atomic():
        ids = list(
            OrderRun.objects.select_for_update(skip_locked=True)
            .filter(Q(queued_at__isnull=True) | Q(queued_at__lt=recent), done_at__isnull=True)
            .order_by("created")
            .values_list("pk", flat=True)[:batch]
        )
        OrderRun.objects.filter(pk__in=ids).update(queued_at=now)
    return ids


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


class OrderSet(NamedTuple):
    """The order set, and whether it answers the seat's waiting prompt (so it acts at once, and
    the player who set it is told so: a mail's confirm page that only said "set" hid a move)."""

    order: StandingOrder
    acts_now: bool


def set_order(game_id: int, seat: int, key: str, raw: Mapping[str, Any]) -> OrderSet:
    """Set a standing order from a page or a mail link; OrderRefused in player words, and nothing changes.

    When the new order answers the prompt the seat has waiting, a run is queued with it (in
    this transaction, as a move queues one), so the worker plays it as it plays any order.
    """
    kind = orders.KINDS.get(key)
    with transaction.atomic():
        loaded = load(game_id, seat)
        if loaded is None or engine.is_finished(loaded.state) or kind is None or not kind.offered_in(
                loaded.game.title):
            raise OrderRefused("This standing order cannot be set in this game now.")
        params, subject = kind.clean(raw, engine.order_subjects(loaded.state, seat))
        order = orders.place_order(game_id, seat, key, params, subject)
        prompt = loaded.prompt_for(seat)
        acts_now = prompt is not None and orders.answer_for(prompt, [order]) is not None
        if acts_now:
            queue_order_run(loaded.game, seat, clock.now())
    return OrderSet(order, acts_now)
