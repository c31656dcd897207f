"""Deadlines, reminders and timeouts: stored rows found by one indexed sweep.

A deadline is bound to the state version its prompt appeared at; the sweep re-checks
that version before acting, so a move made a moment earlier always wins over a timeout.
Timeouts act through the one move path with source "timeout".
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import transaction

import engine.core as engine
from notifications import clock
from notifications.gameplay import SOURCE_TIMEOUT, Game, GameServiceError, Seat, load, play, seat_user, seats_of
from notifications.models import Deadline, GameMailSettings, MailKind, Stream, TimeoutPolicy
from notifications.outbox import enqueue
from notifications.preferences import wants
from notifications.schedule import PlayerClock, clock_for, deadline_after

SWEEP_BATCH = 200


def mail_settings(game_id: int) -> GameMailSettings:
    """The game's deadline rules (defaults when never set; not saved)."""
    return GameMailSettings.objects.filter(game_id=game_id).first() or GameMailSettings(game_id=game_id)


def open_deadline(game: Any, seat: int, user: Any, now: datetime, restart: bool = False) -> Deadline | None:
    """Start ``seat``'s clock on the prompt it got at ``game.version`` (none without a time limit).

    ``restart`` (a resumed game) sets the clock again even if this prompt had a deadline already.
    """
    limit: timedelta | None = game.move_time_limit
    rules = mail_settings(game.pk)
    if not limit or rules.paused:
        return None
    times = {"started": now, **_times(now, limit, rules, clock_for(user, game.pk))}
    key = {"game_id": game.pk, "seat": seat, "version": game.version}
    if restart:
        return Deadline.objects.update_or_create(**key, defaults={**times, "resolved": False, "reminded": False})[0]
    return Deadline.objects.get_or_create(**key, defaults=times)[0]


def _times(start: datetime, limit: timedelta, rules: GameMailSettings, player_clock: PlayerClock) -> dict[str, Any]:
    before = rules.reminder_before or limit / 4
    return {
        "due_at": deadline_after(start, limit, player_clock),
        "remind_at": deadline_after(start, limit - before, player_clock) if before < limit else None,
    }


def recompute_for(user: Any) -> int:
    """Move the player's open deadlines after their quiet hours or vacation days changed."""
    seats = dict(Seat.objects.filter(user=user).values_list("game_id", "index"))
    moved = 0
    for deadline in Deadline.objects.filter(resolved=False, game_id__in=seats).select_related("game"):
        if seats[deadline.game_id] != deadline.seat or not deadline.game.move_time_limit:
            continue
        rules = mail_settings(deadline.game_id)
        times = _times(deadline.started, deadline.game.move_time_limit, rules, clock_for(user, deadline.game_id))
        moved += Deadline.objects.filter(pk=deadline.pk, resolved=False).update(**times)
    return moved


def close_open(game: Any, keep_seats: set[int]) -> int:
    """Resolve the game's open deadlines except those of seats still waiting on the same prompt.

    A game without a time limit never starts a clock (``open_deadline``), so it has none to close.
    """
    if not game.move_time_limit:
        return 0
    return Deadline.objects.filter(game_id=game.pk, resolved=False).exclude(seat__in=keep_seats).update(resolved=True)


def due_times(game: Any, waiting: list[int]) -> dict[int, datetime]:
    """When each ``waiting`` seat must answer its current prompt (the game page's clocks: ``games.move_clocks``)."""
    due = Deadline.objects.filter(game_id=game.pk, version=game.version, seat__in=waiting, resolved=False)
    return dict(due.values_list("seat", "due_at"))


def current_deadline(game_id: int, seat: int) -> Deadline | None:
    return Deadline.objects.filter(game_id=game_id, seat=seat, resolved=False).order_by("-version").first()


def default_answer(prompt: engine.Prompt) -> dict[str, Any] | None:
    """The answer a timeout plays: the title's marked default, else its first quick answer.

    Acquire lists "keep all", "buy nothing" and the first playable tile first, which is
    the issue's default; titles mark other defaults in ``prompt.context["default"]``.
    """
    marked = prompt.context.get("default")
    if isinstance(marked, dict) and prompt.accepts(str(marked.get("type"))):
        return dict(marked)
    return dict(prompt.quick[0].action) if prompt.quick else None


def sweep(now: datetime | None = None) -> dict[str, int]:
    """Send due reminders and act on due timeouts; safe to run anywhere, any number of times."""
    now = now or clock.now()
    reminders = list(
        # A reminder for a deadline already past is noise: the timeout below acts instead.
        Deadline.objects.filter(resolved=False, reminded=False, remind_at__lte=now, due_at__gt=now)
        .order_by("remind_at")
        .values_list("pk", flat=True)[:SWEEP_BATCH]
    )
    timeouts = list(
        Deadline.objects.filter(resolved=False, due_at__lte=now)
        .order_by("due_at")
        .values_list("pk", flat=True)[:SWEEP_BATCH]
    )
    sent = sum(remind(pk, now) for pk in reminders)
    acted = sum(time_out(pk, now) for pk in timeouts)
    return {"reminders": sent, "timeouts": acted}


def _still_waiting(deadline: Deadline) -> engine.Prompt | None:
    """The seat's prompt if the game is still at the deadline's version, else None (someone moved)."""
    loaded = load(deadline.game_id)
    if loaded is None or loaded.version != deadline.version:
        return None
    return loaded.prompt_for(deadline.seat)


def remind(deadline_id: int, now: datetime) -> int:
    """Queue the reminder mail once (the row lock keeps two sweeps from both doing it)."""
    with transaction.atomic():
        deadline = (
            Deadline.objects.select_for_update(skip_locked=True)
            .filter(pk=deadline_id, resolved=False, reminded=False)
            .first()
        )
        if deadline is None:
            return 0
        deadline.reminded = True
        deadline.save(update_fields=["reminded"])
        user = seat_user(deadline.game_id, deadline.seat)
        if _still_waiting(deadline) is None or user is None:
            return 0
        if wants(user.pk, deadline.game_id, Stream.REMINDER):
            enqueue(deadline.game_id, deadline.version, user, MailKind.REMINDER, deadline.seat, now)
        return 1


def _claim_timeout(deadline_id: int) -> Deadline | None:
    with transaction.atomic():
        deadline = Deadline.objects.select_for_update(skip_locked=True).filter(pk=deadline_id, resolved=False).first()
        if deadline is not None:
            deadline.resolved = True
            deadline.save(update_fields=["resolved"])
        return deadline


def time_out(deadline_id: int, now: datetime) -> int:
    """Act on one expired deadline by the game's policy; 1 if something was done."""
    deadline = _claim_timeout(deadline_id)
    prompt = _still_waiting(deadline) if deadline else None
    if deadline is None or prompt is None:
        return 0
    rules = mail_settings(deadline.game_id)
    action = default_answer(prompt)
    if rules.timeout_policy == TimeoutPolicy.PAUSE or action is None:
        pause(deadline, now)
        return 1
    return _play_default(deadline, action, now)


def _play_default(deadline: Deadline, action: dict[str, Any], now: datetime) -> int:
    try:
        outcome = play(deadline.game_id, deadline.seat, action, deadline.version, SOURCE_TIMEOUT, None)
    except GameServiceError:
        pause(deadline, now)
        return 1
    user = seat_user(deadline.game_id, deadline.seat)
    if outcome.applied and user is not None:
        with transaction.atomic():
            enqueue(deadline.game_id, deadline.version, user, MailKind.TIMEOUT, deadline.seat, now)
    return int(outcome.applied)


def pause(deadline: Deadline, now: datetime) -> None:
    """Stop the game's clocks and tell its creator (why: the policy, or no default answer exists)."""
    with transaction.atomic():
        GameMailSettings.objects.update_or_create(game_id=deadline.game_id, defaults={"paused": True})
        Deadline.objects.filter(game_id=deadline.game_id, resolved=False).update(resolved=True)
        game = Game.objects.select_related("created_by").get(pk=deadline.game_id)
        if game.created_by is not None:
            enqueue(game.pk, deadline.version, game.created_by, MailKind.PAUSED, deadline.seat, now)


def resume(game_id: int, now: datetime | None = None) -> None:
    """Unpause: every waiting seat's clock starts again from now."""
    now = now or clock.now()
    with transaction.atomic():
        GameMailSettings.objects.filter(game_id=game_id).update(paused=False)
        loaded = load(game_id)
        if loaded is None:
            return
        users = {seat.index: seat.user for seat in seats_of(loaded.game)}
        for prompt in engine.prompts(loaded.state):
            if users.get(prompt.seat) is not None:
                open_deadline(loaded.game, prompt.seat, users[prompt.seat], now, restart=True)


def stop_clocks(game_id: int) -> None:
    """An organizer paused the game: its clocks stop (the deadlines' own pause concept), nobody is mailed."""
    GameMailSettings.objects.update_or_create(game_id=game_id, defaults={"paused": True})
    Deadline.objects.filter(game_id=game_id, resolved=False).update(resolved=True)


def extend_open(game: Any, hours: int) -> int:
    """Move the open deadlines of the game's current prompts ``hours`` later (their reminders too)."""
    moved = 0
    later = timedelta(hours=hours)
    for deadline in Deadline.objects.filter(game_id=game.pk, version=game.version, resolved=False):
        deadline.due_at += later
        deadline.remind_at = deadline.remind_at + later if deadline.remind_at else None
        deadline.reminded = False
        deadline.save(update_fields=["due_at", "remind_at", "reminded"])
        moved += 1
    return moved
