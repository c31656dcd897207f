"""An organizer's acts on a game: pause, resume, extend the deadline, replace a player, adjudicate.

They are the table's facts, never engine actions: each is one append-only ``OrganizerAct`` row
with who did it and why, written under the game row's lock exactly as a move is
(``services.lock_game``), so an act and a move never interleave: the move sees the act, or the
act sees the move.  A second submit of the same confirm form (its ``nonce``) finds the first
act and does nothing more.

Who may act is not this app's business: site admins always may, and other apps register a
check (``register_permission``; the leagues app lets a league's organizers act on its games).
Clocks and mail follow through the ``organizer_acted`` signal (notifications receives it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

import engine.core as engine
from accounts.models import User
from games import seat_names, services, stand_in
from games.errors import GameClosed, GameServiceError, SetupError
from games.models import ActKind, EndKind, Game, GameStatus, OrganizerAct, Seat, SeatChange, Snapshot
from games.replay import replayed_state
from games.signals import organizer_acted, seat_changed

MAX_REASON_CHARS = 2000
MAX_EXTENSION_HOURS = 24 * 28

PermissionCheck = Callable[[Game, User], bool]
_permission_checks: list[PermissionCheck] = []


class NotAnOrganizer(GameServiceError):
    code = "not_organizer"
    http_status = 403


@dataclass(frozen=True)
class ActOutcome:
    """What an act did: ``repeated`` when the same form was sent again and nothing more was done."""

    act: OrganizerAct
    repeated: bool
    message: str


def register_permission(check: PermissionCheck) -> None:
    """Let ``check(game, user)`` grant acts on a game (the leagues app: the game's league's organizers)."""
    if check not in _permission_checks:
        _permission_checks.append(check)


def may_act(game: Game, user: User | None) -> bool:
    """Whether ``user`` may act on ``game``: a site admin, or someone a registered check allows."""
    if user is None or not user.is_authenticated:
        return False
    return bool(user.is_staff) or any(check(game, user) for check in _permission_checks)


# ---------------------------------------------------------------- the acts


def pause(game_id: int, user: User, reason: str, nonce: str) -> ActOutcome:
    """Stop the game: no moves are taken and its clocks stop until it is resumed."""
    def apply(game: Game) -> tuple[dict[str, Any], str]:
        if game.paused:
            raise GameClosed("This game is already paused.")
        game.paused = True
        Game.objects.filter(pk=game.pk).update(paused=True)
        return {}, "The game is paused: no moves are taken and its clocks are stopped."
    return _act(game_id, user, ActKind.PAUSE, reason, nonce, apply)


def resume(game_id: int, user: User, reason: str, nonce: str) -> ActOutcome:
    """Let the game go on; every waiting player's clock starts again from now."""
    def apply(game: Game) -> tuple[dict[str, Any], str]:
        if not game.paused:
            raise GameClosed("This game is not paused.")
        game.paused = False
        Game.objects.filter(pk=game.pk).update(paused=False)
        return {}, "The game goes on: the waiting players' clocks start again from now."
    return _act(game_id, user, ActKind.RESUME, reason, nonce, apply)


def extend_deadline(game_id: int, user: User, reason: str, nonce: str, hours: Any) -> ActOutcome:
    """Give the waiting players ``hours`` more for the move they owe now."""
    hours = _whole_number(hours, "The extension", 1, MAX_EXTENSION_HOURS)

    def apply(game: Game) -> tuple[dict[str, Any], str]:
        if not game.move_time_limit:
            raise GameClosed("This game has no move time limit, so there is no deadline to extend.")
        if game.paused:
            raise GameClosed("This game is paused; its clocks are stopped, so there is no deadline to extend.")
        return {"hours": hours}, f"The current deadline is {hours} hour{'' if hours == 1 else 's'} later."
    return _act(game_id, user, ActKind.EXTEND, reason, nonce, apply)


def replace_player(game_id: int, user: User, reason: str, nonce: str, seat: Any, new_player: User) -> ActOutcome:
    """Pass ``seat`` to ``new_player`` from the next move on; the seat's earlier moves stay its old player's."""
    def apply(game: Game) -> tuple[dict[str, Any], str]:
        held = hand_over_locked(game, seat, new_player)
        details = {"seat": held.index, "from_user": held.from_user_id, "to_user": new_player.pk,
                   "from_name": held.from_name, "to_name": new_player.name}
        return details, f"{new_player.name} plays {held.from_name}'s seat from move {game.version + 1} on."

    outcome = _act(game_id, user, ActKind.REPLACE, reason, nonce, apply)
    return outcome


def adjudicate(game_id: int, user: User, reason: str, nonce: str, places: Any) -> ActOutcome:
    """End the game with the result entered: ``places`` maps each seat to its place (1 best; ties share).

    The log is not touched: the record still replays to where the game stopped.
    """
    def apply(game: Game) -> tuple[dict[str, Any], str]:
        clean = clean_places(places, game.seat_count)
        now = timezone.now()
        game.status, game.finished, game.ended_by, game.paused = GameStatus.FINISHED, now, EndKind.ADJUDICATED, False
        Game.objects.filter(pk=game.pk).update(status=game.status, finished=now, ended_by=game.ended_by, paused=False)
        return {"places": clean}, "The game is over with the result you entered."
    return _act(game_id, user, ActKind.ADJUDICATE, reason, nonce, apply)


# ---------------------------------------------------------------- shared steps


def _act(
    game_id: int, user: User, kind: str, reason: str, nonce: str,
    apply: Callable[[Game], tuple[dict[str, Any], str]],
) -> ActOutcome:
    """Lock the game, check the actor, find a repeated form, else apply and log the act (one transaction)."""
    reason = clean_reason(reason)
    nonce = str(nonce or "")[:64]
    if not nonce:
        raise SetupError("The form was incomplete; open the page again.")
    with transaction.atomic(durable=True):
        game = services.lock_game(game_id)
        if not may_act(game, user):
            raise NotAnOrganizer("Only the organizers of this game's league (or a site admin) can do that.")
        earlier = OrganizerAct.objects.filter(game=game, nonce=nonce).first()
        if earlier is not None:
            return ActOutcome(earlier, True, "That was already done (the form was sent twice).")
        if game.status != GameStatus.ACTIVE:
            raise GameClosed("This game is not being played, so there is nothing to do in it.")
        version = game.version
        details, message = apply(game)
        game.act_count += 1
        Game.objects.filter(pk=game.pk).update(act_count=game.act_count)
        act = OrganizerAct.objects.create(game=game, kind=kind, version=version, by_user=user, reason=reason,
                                          details=details, nonce=nonce, created=timezone.now())
        if kind == ActKind.REPLACE:
            SeatChange.objects.filter(game=game, seat=details["seat"], act__isnull=True,
                                      after_version=version, to_user_id=details["to_user"]).update(act=act)
        organizer_acted.send(sender=Game, game=game, act=act)
    return ActOutcome(act, False, message)


@dataclass(frozen=True)
class HandedOver:
    index: int
    from_user_id: int | None
    from_name: str


def hand_over_locked(game: Game, seat_index: Any, new_player: User) -> HandedOver:
    """Inside the game row's lock: seat ``new_player`` at ``seat_index`` from the next move on.

    Writes the seat and a ``SeatChange`` and sends ``seat_changed``.  Used by replacements and by
    substitutes' claims (the leagues app).
    """
    if game.status != GameStatus.ACTIVE:
        raise GameClosed("This game is not being played, so its seats cannot change hands.")
    seat = _seat(game, seat_index)
    if seat.index in stand_in.resigned_seats(game):
        raise GameClosed("That seat's player resigned; Turnpost plays it now.")
    if seat.user_id == new_player.pk:
        raise SetupError(f"{new_player.name} already plays that seat.")
    if Seat.objects.filter(game=game, user=new_player).exists():
        raise SetupError(f"{new_player.name} already has another seat in this game.")
    seat_names.refuse_name_in_use(
        Seat.objects.filter(game=game), new_player.name, except_seat=seat,
        advice=f"{new_player.name} can take this seat once one of them changes their display name "
               "(on the account page).")
    held = HandedOver(seat.index, seat.user_id, seat.display_name)
    now = timezone.now()
    change = SeatChange.objects.create(game=game, seat=seat.index, after_version=game.version,
                                       from_user_id=seat.user_id, to_user=new_player, created=now)
    Seat.objects.filter(pk=seat.pk).update(user=new_player, display_name=new_player.name, joined=now)
    _renamed_snapshot(game)
    game.act_count += 1
    Game.objects.filter(pk=game.pk).update(act_count=game.act_count)
    seat_changed.send(sender=Game, game=game, change=change)
    return held


def _renamed_snapshot(game: Game) -> None:
    """The snapshot replayed with the seats' names as they are now.  The engine's state holds the
    players' names (its questions say "cy, which tile do you place?"), and a replay of the log
    (``record_of``) takes them from the seats: a snapshot kept with the old name asked the new
    player by the old one and no longer matched a replay (``verify_replays``).  The log's lines
    keep the names they were written with: they are what happened."""
    state = replayed_state(game)
    Snapshot.objects.filter(game=game).update(version=game.version, state=engine.to_json(state))


def _seat(game: Game, seat_index: Any) -> Seat:
    try:
        index = int(seat_index)
    except (TypeError, ValueError):
        index = -1
    seat = Seat.objects.filter(game=game, index=index).first()
    if seat is None:
        raise SetupError("There is no such seat in this game.")
    return seat


def clean_reason(reason: Any) -> str:
    text = str(reason or "").strip()
    if not text:
        raise SetupError("Say why: the reason is shown to the players in the game's history.")
    if len(text) > MAX_REASON_CHARS:
        raise SetupError(f"The reason is too long (at most {MAX_REASON_CHARS} characters).")
    return text


def clean_places(places: Any, seat_count: int) -> dict[str, int]:
    """``{"0": 1, "1": 2, ...}``: every seat a place from 1 to the number of seats; SetupError in words if not."""
    if not isinstance(places, dict):
        raise SetupError("Enter a place for every seat.")
    clean: dict[str, int] = {}
    for seat in range(seat_count):
        raw = places.get(seat, places.get(str(seat)))
        clean[str(seat)] = _whole_number(raw, f"Seat {seat + 1}'s place", 1, seat_count)
    if 1 not in clean.values():
        raise SetupError("Somebody must be placed first.")
    return clean


def _whole_number(raw: Any, what: str, low: int, high: int) -> int:
    try:
        value = int(str(raw).strip())
    except (TypeError, ValueError):
        raise SetupError(f"{what} must be a whole number from {low} to {high}.") from None
    if not low <= value <= high:
        raise SetupError(f"{what} must be a whole number from {low} to {high}.")
    return value


def acts_of(game: Game) -> list[OrganizerAct]:
    """The game's acts in the order they happened, with who did them."""
    return list(OrganizerAct.objects.filter(game=game).select_related("by_user").order_by("id"))
