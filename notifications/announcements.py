"""Who hears what when a game changes: the games signals' receivers, inside the move's transaction.

A move makes some seats active: each gets its turn mail (or its standing order is queued, or
its clock starts), and a finished game mails its result; a chat message mails the players it
mentions.  This module decides that; the rows themselves, and their sends on commit, are the
outbox's (``outbox``, the layer below).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import transaction

import engine.core as engine
from notifications import clock, deadlines, disarm, orders, organizer_notices
from notifications.gameplay import Game, Seat, load, resignation_id, resigned_seats, seat_user, seats_for_mail
from notifications.models import Deadline, MailKind, Outbox, Stream
from notifications.outbox import enqueue, enqueue_to_address, insert_rows, queue_order_run, row_for
from notifications.preferences import DEFAULTS, wants

MENTION_MAILS_PER_HOUR = 3  # mention mails one player gets from one game in an hour; the rest are read at the table


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


def _wants(seat: Seat, stream: str) -> bool:
    """``preferences.wants`` from the annotations of ``seats_for_mail``: this game's choice, the default, else ours."""
    for choice in (getattr(seat, f"{stream}_here"), getattr(seat, f"{stream}_default")):
        if choice is not None:
            return bool(choice)
    return DEFAULTS[Stream(stream)]


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
    gone = resigned_seats(game)  # the service answers their prompts; should one be left, it is not mailed
    for prompt in fresh:
        seat = seats.get(prompt.seat) if prompt.seat not in gone else None
        if seat is not None and seat.user is not None and _prompt_wants_mail(game, prompt, seat, now):
            rows.append(row_for(game, seat, MailKind.TURN, now))
    if finished:
        rows += [
            row_for(game, seat, MailKind.RESULT, now)
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


def on_move_applied(
    sender: Any,
    game: Game,
    action: Any,
    state: Any,
    prompts_before: list[engine.Prompt],
    prompts_after: list[engine.Prompt],
    **kwargs: Any,
) -> None:
    disarm.on_move(game, state, kwargs.get("events") or [])  # first: a cancelled order answers nothing
    announce(game, state, prompts_before, prompts_after, acting_seat=action.seat)


def on_game_started(sender: Any, game: Game, state: Any, prompts_after: list[engine.Prompt], **kwargs: Any) -> None:
    """Every seat hears that the game started: those asked first in their turn mail, the others in a started mail.

    The turn mails go in (and out) first: the decision waiting is the more urgent news.
    """
    announce(game, state, [], prompts_after, acting_seat=None)
    asked = {prompt.seat for prompt in prompts_after}
    now = clock.now()
    insert_rows([
        row_for(game, seat, MailKind.STARTED, now)
        for seat in seats_for_mail(game, (Stream.TURN,))
        if seat.user is not None and seat.index not in asked and _wants(seat, Stream.TURN)
    ])


def on_seat_resigned(sender: Any, game: Game, seat: int, game_over: bool, **kwargs: Any) -> None:
    """Tell the table: the result, when the resignation ended the game; else a notice to those still playing.

    The notice belongs to the turn stream (news of the game's play, like its start).  Its row's
    ``seat`` is the resigned one, as for the other notices about a player.  Two players may
    resign after the same move, so, like a mention, the row is keyed by its own fact: its
    ``version`` is the Resignation's id and the move it came after is in the payload.
    """
    if game_over:
        _mail_the_result(game)
        return
    now = clock.now()
    gone = set(resigned_seats(game))
    rows = [row_for(game, other, MailKind.RESIGNED, now) for other in seats_for_mail(game, (Stream.TURN,))
            if other.user is not None and other.index not in gone and _wants(other, Stream.TURN)]
    key = resignation_id(game.pk, seat)
    for row in rows:
        row.seat, row.version, row.payload = seat, key, {"resignation": key, "after_move": game.version}
    insert_rows(rows)


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


def on_seat_claimed(sender: Any, game: Game, seat: int, user: Any, **kwargs: Any) -> None:
    """A player took a seat of a game moved here from 18xx.games: if the game waits on that seat,
    its turn mail goes now (a walk claimed a seat owing a move and heard nothing until another
    player moved)."""
    announce_seat_now(game.pk, seat)


def on_chat_posted(sender: Any, game: Game, message: Any, **kwargs: Any) -> None:
    """A mention mail to each player a new chat message names with ``@name``, in the posting transaction.

    Each message's mentions are their own mails: the row's ``version`` is the message's id, so
    two mentions at one game version do not meet the outbox's one-mail-per-version rule.  A
    player gets at most MENTION_MAILS_PER_HOUR of them from one game: past that the mention
    is read at the table (marked on the game page, quoted in the digest), not mailed again.
    """
    if not message.mentions:
        return
    now = clock.now()
    seats = {seat.index: seat for seat in seats_for_mail(game, (Stream.CHAT,))}
    rows = []
    for index in message.mentions:
        seat = seats.get(index)
        if seat is None or seat.user is None or seat.user_id == message.user_id or not _wants(seat, Stream.CHAT):
            continue
        if _mention_mails_since(game, seat.user_id, now - timedelta(hours=1)) >= MENTION_MAILS_PER_HOUR:
            continue
        row = row_for(game, seat, MailKind.MENTION, now)
        row.version, row.payload = message.pk, {"message": message.pk}
        rows.append(row)
    insert_rows(rows)


def _mention_mails_since(game: Game, user_id: int, since: datetime) -> int:
    return Outbox.objects.filter(game=game, recipient_id=user_id, kind=MailKind.MENTION, created__gt=since).count()


def on_game_created(sender: Any, game: Game, invited: list[tuple[int, str]], **kwargs: Any) -> None:
    """One invitation mail per invited seat, in the game's creating transaction."""
    for seat, address in invited:
        enqueue_to_address(MailKind.INVITATION, address, game_id=game.pk, seat=seat)


def on_organizer_acted(sender: Any, game: Game, act: Any, **kwargs: Any) -> None:
    """Clocks and mail follow an organizer's act (games.organizer_acts), in its transaction.

    A pause stops the clocks; a resume starts the waiting seats' clocks from now; an extension
    moves the current deadlines; each tells the players it concerns, with the organizer's reason
    (``organizer_notices``), as does a seat handed on.  An adjudication closes every clock and
    mails the table the result it entered.
    """
    kind = act.kind
    if kind == "pause":
        deadlines.stop_clocks(game.pk)
    elif kind == "resume":
        deadlines.resume(game.pk)
    elif kind == "extend":
        deadlines.extend_open(game, int(act.details["hours"]))
    elif kind == "adjudicate":
        _mail_the_result(game)
        return
    loaded = load(game.pk)
    waiting = {entry.seat for entry in engine.waiting(loaded.state)} if loaded is not None else set()
    organizer_notices.tell_the_table(game, act, waiting)


def _mail_the_result(game: Game) -> None:
    """A game ended outside play (a resignation, an adjudication): every clock closes, the table gets the result."""
    deadlines.close_open(game, keep_seats=set())
    now = clock.now()
    insert_rows([row_for(game, seat, MailKind.RESULT, now) for seat in seats_for_mail(game, (Stream.RESULT,))
                 if seat.user is not None and _wants(seat, Stream.RESULT)])


def on_seat_changed(sender: Any, game: Game, change: Any, **kwargs: Any) -> None:
    """A seat passed to a new player: the old player's clock closes; if the seat owes a move, the new one is asked."""
    Deadline.objects.filter(game_id=game.pk, seat=change.seat, resolved=False).update(resolved=True)
    loaded = load(game.pk)
    if loaded is None or loaded.prompt_for(change.seat) is None or game.paused:
        return
    now = clock.now()
    deadlines.open_deadline(loaded.game, change.seat, change.to_user, now, restart=True)
    enqueue(game.pk, game.version, change.to_user, MailKind.TURN, change.seat, now)
