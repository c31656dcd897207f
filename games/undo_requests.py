"""Taking back one's last move: at once when nobody else saw the position, else with the consent of those who did.

Every entry point locks the game row (as the move path does), checks the version the player
saw, and plans with ``games.undo.plan_undo``; the undo itself is written by
``games.services.append_undo``.  A request is good only while the game stays at the version it
was made on: one refusal ends it, and so does any move (``lapse_on_move``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games.errors import GameClosed, GameServiceError, NotYourSeat
from games.models import Game, Seat, Snapshot, UndoRequest, UndoRequestStatus
from games.queries import version_key
from games.replay import log_of
from games.services import already_done_message, append_undo, lock_game_for_undo
from games.signals import undo_closed, undo_requested
from games.stand_in import resigned_seats
from games.undo import UndoPlan, UndoRefused, plan_undo

CACHE_SECONDS = 60 * 60


class NoSuchRequest(GameServiceError):
    code = "not_found"
    http_status = 404


@dataclass(frozen=True)
class UndoOutcome:
    """``status``: taken_back, asked (consent requested), answered, closed (nothing more to do) or already_done."""

    status: str
    version: int
    message: str
    request: UndoRequest | None = None

    @property
    def applied(self) -> bool:
        return self.status == "taken_back"


# ---------------------------------------------------------------- reads for pages


def names_of(game: Game) -> list[str]:
    return list(Seat.objects.filter(game=game).order_by("index").values_list("display_name", flat=True))


def undo_offer(game: Game, seat: int | None, waiting: list[int], names: list[str]) -> UndoPlan | None:
    """What the viewer's "take back my last move" would do now, or None when they cannot (cached per version)."""
    if seat is None:
        return None
    key = version_key(game, "undo-offer", seat)
    offer = cache.get(key)
    if offer is None:
        try:
            offer = plan_undo(game.status, log_of(game, upto=game.version), seat, waiting, names, resigned_seats(game))
        except UndoRefused:
            offer = False
        cache.set(key, offer, CACHE_SECONDS)
    return offer or None


def why_not(game: Game, seat: int, waiting: list[int], names: list[str]) -> str:
    """The sentence refusing the seat's undo now ("" when it is possible)."""
    try:
        plan_undo(game.status, log_of(game, upto=game.version), seat, waiting, names, resigned_seats(game))
    except UndoRefused as error:
        return error.message
    return ""


def pending_request(game: Game) -> UndoRequest | None:
    """The undo request waiting for answers at the game's current version, if any."""
    return UndoRequest.objects.filter(game=game, version=game.version, status=UndoRequestStatus.PENDING).first()


def describe(request: UndoRequest, names: list[str]) -> dict[str, Any]:
    """A request as pages and mails word it."""
    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else "a player"

    return {
        "request": request,
        "asker": name(request.seat),
        "move": request.withdraws[0] if request.withdraws else None,
        "waiting_names": [name(seat) for seat in request.waiting_seats],
        "allowed_names": [name(seat) for seat in request.allowed_seats],
        "asked_names": [name(seat) for seat in request.asked_seats],
    }


# ---------------------------------------------------------------- asking


def take_back(game_id: int, user: User, expected_version: Any, source: str) -> UndoOutcome:
    """Take back ``user``'s last move now if nobody else saw the position after it; else ask those who did."""
    if isinstance(expected_version, bool) or not isinstance(expected_version, int):
        raise UndoRefused("The request must say which version of the game it was made on (a whole number).")
    with transaction.atomic(durable=True):
        game, snapshot = lock_game_for_undo(game_id, reader=user.pk)
        seat = _own_seat(game)
        if game.paused:
            raise GameClosed("This game is paused by its organizer; no move can be taken back until it is resumed.")
        if expected_version != game.version:
            return UndoOutcome("already_done", game.version, already_done_message(game))
        names = names_of(game)
        plan = plan_undo(game.status, log_of(game, upto=game.version), seat.index, snapshot.waiting_seats, names,
                         resigned_seats(game))
        if plan.free:
            return _apply(game, snapshot, plan.seat, list(plan.withdraws), source, user, names)
        return _ask(game, plan, source, user, names)


def _own_seat(game: Game) -> Seat:
    seat = getattr(game, "reader_seat", None)
    if seat is None:
        raise NotYourSeat("You have no seat in this game, so you have no move to take back.")
    return seat


def _ask(game: Game, plan: UndoPlan, source: str, user: User, names: list[str]) -> UndoOutcome:
    existing = UndoRequest.objects.filter(game=game, version=game.version).first()
    if existing is not None:  # asked twice (a double click), or by another player at the same position
        if existing.seat == plan.seat and existing.status == UndoRequestStatus.PENDING:
            waiting = ", ".join(describe(existing, names)["waiting_names"])
            return UndoOutcome("asked", game.version, f"You have already asked; waiting for {waiting}.", existing)
        raise UndoRefused("Taking back a move was already asked and answered at this position.")
    request = UndoRequest.objects.create(
        game=game, version=game.version, seat=plan.seat, by_user=user, source=source,
        withdraws=list(plan.withdraws), asked_seats=list(plan.consent_from),
    )
    _flag_request(game, True)
    undo_requested.send(sender=UndoRequest, request=request, game=game)
    asked = ", ".join(describe(request, names)["asked_names"])
    message = (f"The game has passed to {asked} since your move (they were sent the position after it), so "
               "they have been asked to allow taking it back. You will be told their answer by mail; until then"
               " the move stands.")
    return UndoOutcome("asked", game.version, message, request)


def _apply(game: Game, snapshot: Snapshot, seat: int, withdraws: list[int], source: str, user: User | None,
           names: list[str]) -> UndoOutcome:
    name = names[seat] if 0 <= seat < len(names) else "A player"
    outcome = append_undo(game, snapshot, seat, withdraws, source, user, f"{name} took back move {withdraws[0]}.")
    return UndoOutcome("taken_back", outcome.version, f"Move {withdraws[0]} was taken back.")


# ---------------------------------------------------------------- answering


def answer_request(request_id: int, user: User, allow: bool, source: str) -> UndoOutcome:
    """An asked player allows or refuses; the last allowance takes the move back, one refusal ends the request."""
    found = UndoRequest.objects.filter(pk=request_id).values_list("game_id", flat=True).first()
    if found is None:
        raise NoSuchRequest("There is no such request to take back a move.")
    with transaction.atomic(durable=True):
        game, snapshot = lock_game_for_undo(found, reader=user.pk)
        request = UndoRequest.objects.get(pk=request_id)  # read again under the game's lock
        names = names_of(game)
        seat = getattr(game, "reader_seat", None)
        if seat is None or seat.index not in request.asked_seats:
            raise NotYourSeat("Only the players who were asked can answer this request.")
        closed = _closed(game, request, names)
        if closed is not None:
            return closed
        if not allow:
            return _refuse(game, request, seat.index, names)
        if game.paused:
            raise GameClosed("This game is paused by its organizer; no move can be taken back until it is resumed.")
        if seat.index in request.allowed_seats:
            waiting = ", ".join(describe(request, names)["waiting_names"])
            return UndoOutcome("answered", game.version, f"You have already allowed it; waiting for {waiting}.",
                               request)
        request.allowed_seats = [*request.allowed_seats, seat.index]
        if request.waiting_seats:
            request.save(update_fields=["allowed_seats"])
            waiting = ", ".join(describe(request, names)["waiting_names"])
            return UndoOutcome("answered", game.version, f"Thank you; waiting for {waiting} too.", request)
        return _grant(game, snapshot, request, names)


def _closed(game: Game, request: UndoRequest, names: list[str]) -> UndoOutcome | None:
    """The outcome for a request that can no longer be answered (lapsing it if the game moved on), else None."""
    asker = describe(request, names)["asker"]
    if request.status == UndoRequestStatus.APPLIED:
        return UndoOutcome("closed", game.version, f"Already done: {asker}'s move was taken back.", request)
    if request.status == UndoRequestStatus.REFUSED:
        return UndoOutcome("closed", game.version, f"Already answered: the request was refused, so {asker}'s "
                                                   "move stands.", request)
    if request.status == UndoRequestStatus.LAPSED or request.version != game.version:
        if request.status == UndoRequestStatus.PENDING:
            _end(game, request, UndoRequestStatus.LAPSED)
        return UndoOutcome("closed", game.version, f"Too late: the game has moved on, so {asker}'s move stands "
                                                   "and nothing was done.", request)
    return None


def _refuse(game: Game, request: UndoRequest, seat: int, names: list[str]) -> UndoOutcome:
    request.refused_by = seat
    _end(game, request, UndoRequestStatus.REFUSED, ["refused_by"])
    asker = describe(request, names)["asker"]
    return UndoOutcome("answered", game.version, f"You refused; {asker}'s move stands. {asker} will be told.",
                       request)


def _grant(game: Game, snapshot: Snapshot, request: UndoRequest, names: list[str]) -> UndoOutcome:
    """Everyone asked allowed it: take the move back, if it still is the asker's last one."""
    try:
        plan = plan_undo(game.status, log_of(game, upto=game.version), request.seat, [], names)
    except UndoRefused as error:  # cannot happen while the version is unchanged; kept a clean refusal
        _end(game, request, UndoRequestStatus.LAPSED)
        raise UndoRefused(error.message) from error
    request.status, request.resolved = UndoRequestStatus.APPLIED, timezone.now()
    request.save(update_fields=["allowed_seats", "status", "resolved"])
    _flag_request(game, False)
    by = User.objects.filter(pk=request.by_user_id).first()
    outcome = _apply(game, snapshot, plan.seat, list(plan.withdraws), request.source, by, names)
    asker = describe(request, names)["asker"]
    return UndoOutcome("taken_back", outcome.version, f"Thank you: {asker}'s move {plan.move} was taken back.",
                       request)


def _end(game: Game, request: UndoRequest, status: str, fields: list[str] | None = None) -> None:
    request.status, request.resolved = status, timezone.now()
    request.save(update_fields=["status", "resolved", *(fields or [])])
    _flag_request(game, False)
    undo_closed.send(sender=UndoRequest, request=request, game=game)


def _flag_request(game: Game, asked: bool) -> None:
    """Keep ``Game.undo_asked`` true exactly while a request is pending (there is at most one: one per version)."""
    if game.undo_asked != asked:
        game.undo_asked = asked
        Game.objects.filter(pk=game.pk).update(undo_asked=asked)


# ---------------------------------------------------------------- the game moving on


def lapse_on_move(sender: Any, game: Game, **kwargs: Any) -> None:
    """``move_applied`` receiver: a request made on an earlier version lapses (the asker is told by mail).

    Only a game flagged ``undo_asked`` is looked at, so an ordinary move runs no statement here.
    """
    if not game.undo_asked:
        return
    for request in UndoRequest.objects.filter(game=game, status=UndoRequestStatus.PENDING, version__lt=game.version):
        _end(game, request, UndoRequestStatus.LAPSED)
