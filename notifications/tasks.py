"""Celery tasks: ids in, idempotent, queued on commit.  The work itself lives in plain modules.

The top of the app: these entry points call down into delivery, deadlines, digests, standing
orders and tracking, and nothing below imports them.  What queues tasks from below does it
through what ``apps.NotificationsConfig.ready`` wires up: the dispatcher publishes with
``publish_rows`` and ``publish_order_runs`` (``dispatch.connect``), and anymail's tracking
signal reaches ``on_tracking`` here.
"""

from __future__ import annotations

from typing import Any

from celery import shared_task

from notifications import clock, deadlines, delivery, digest, standing, tracking

# Rows per batch task: small enough that one slow batch does not hold many mails back.
BATCH_SIZE = 25


@shared_task(acks_late=True, ignore_result=True)
def send_outbox(outbox_id: int) -> str:
    """Send one outbox row; a transient failure re-queues it after a jittered backoff."""
    result = delivery.deliver(outbox_id)
    if result.retry_in is not None:
        send_outbox.apply_async((outbox_id,), countdown=result.retry_in)
    return result.outcome


@shared_task(acks_late=True, ignore_result=True)
def send_outbox_batch(outbox_ids: list[int]) -> dict[str, int]:
    """Send several rows in one task (sweeper backlogs, fan-outs): the same per-row claim, less broker traffic."""
    outcomes: dict[str, int] = {}
    for outbox_id, result in delivery.deliver_batch(outbox_ids):
        outcomes[result.outcome] = outcomes.get(result.outcome, 0) + 1
        if result.retry_in is not None:
            send_outbox.apply_async((outbox_id,), countdown=result.retry_in)
    return outcomes


def queue_batches(outbox_ids: list[int], size: int = BATCH_SIZE) -> int:
    """Queue ``send_outbox_batch`` tasks of at most ``size`` rows each; returns how many tasks."""
    batches = [outbox_ids[start : start + size] for start in range(0, len(outbox_ids), size)]
    for batch in batches:
        send_outbox_batch.delay(batch)
    return len(batches)


def publish_rows(outbox_ids: list[int]) -> None:
    """The dispatcher's publisher: ``send_outbox`` for one row, ``send_outbox_batch`` tasks for several."""
    if len(outbox_ids) == 1:
        send_outbox.delay(outbox_ids[0])
    elif outbox_ids:
        queue_batches(outbox_ids)


def publish_order_runs(run_ids: list[int]) -> None:
    """The order dispatcher's publisher: one ``apply_standing_order`` task per run (standing orders are few)."""
    for run_id in run_ids:
        apply_standing_order.delay(run_id)


@shared_task(ignore_result=True)
def sweep_outbox() -> int:
    """Beat: re-queue rows stuck in pending (or held by a dead worker) and standing order runs nobody finished.

    SKIP LOCKED keeps sweepers apart.
    """
    now = clock.now()
    ids = delivery.requeue_stale(now)
    queue_batches(ids)
    runs = standing.requeue_stale(now)
    publish_order_runs(runs)
    return len(ids) + len(runs)


@shared_task(ignore_result=True)
def sweep_deadlines() -> dict[str, int]:
    """Beat: reminders and timeouts that are due."""
    return deadlines.sweep(clock.now())


@shared_task(ignore_result=True)
def queue_digests() -> int:
    """Beat: one digest a day per player who wants one, at their local digest hour."""
    return digest.queue_due_digests(clock.now())


@shared_task(acks_late=True, ignore_result=True)
def apply_standing_order(run_id: int) -> str:
    """Play a standing order run's order for the prompt its seat got; mail the prompt if it cannot."""
    return standing.run_order(run_id)


@shared_task(acks_late=True, ignore_result=True)
def process_tracking_event(event_type: str, recipient: str, message_id: str, reason: str, description: str) -> str:
    """A provider's delivery event (from the authenticated webhook): suppress hard bounces and complaints."""
    return tracking.handle_event(event_type, recipient, message_id, reason, description)


def on_tracking(sender: Any, event: Any, esp_name: str, **kwargs: Any) -> None:
    """anymail's tracking signal (from the webhook): queue ``process_tracking_event`` for a hard failure, on commit."""
    if not tracking.is_hard(event.event_type, event.reject_reason or "") or tracking.is_soft(esp_name, event.esp_event):
        return
    process_tracking_event.delay_on_commit(
        event.event_type,
        event.recipient or "",
        event.message_id or "",
        event.reject_reason or "",
        event.description or "",
    )
