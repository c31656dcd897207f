"""The only writers of games, seats, Actions and Snapshots.

Every move, whatever its channel (web, e-mail, API, timeout, admin), goes through
``submit_move``: one transaction that locks the game row, checks the version the client
saw, lets the engine apply the move, appends the Action, updates the Snapshot and sends
``move_applied`` so receivers write their announcements in the same transaction.

A prompt with exactly one legal answer (``engine.core.forced_answer``) is answered in that
same transaction, as one more Action with source ``auto``, before anyone hears of the
position: the engine still asks it, so records and replays are the same either way.
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone

import engine.core as engine
from accounts.models import User, normalize_email
from engine.core.record import parse_record, replay
from games import seat_names, stand_in
from games.errors import (
    GameClosed,
    GameNotFound,
    GameServiceError,
    IllegalMove,
    ImportFailed,
    NotYourSeat,
    NotYourTurn,
    SetupError,
)
from games.game_rows import read_game, snapshot_of
from games.import_checks import check_storable
from games.models import Action, ActionKind, ActionSource, EndKind, Game, GameStatus, Seat, SeatOrder, Snapshot
from games.replay import log_of, record_of, states_along, waiting_of
from games.signals import game_created, game_started, move_applied
from games.titles import short_title_name, why_not_startable
from games.undo import undo_payload
from turnpost import rows

MAX_PAYLOAD_CHARS = 4000
MAX_IMPORT_CHARS = 5_000_000
MAX_IMPORT_ACTIONS = 20_000
SEED_BITS = 128  # a seed cannot be guessed faster than its random bits allow
# Forced answers given in a row after one move, at most.  A whole random game has about ten of them
# (Acquire and Railroad Barons alike), so only a title that kept forcing would ever stop here.
MAX_FORCED_ANSWERS = 500

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class MoveOutcome:
    """What happened to a submitted move.

    ``applied`` false means "already done": the version the client saw is gone, nothing
    was written, and ``version`` is the game's current version.
    """

    applied: bool
    version: int
    message: str
    action: Action | None = None

    @property
    def status(self) -> str:
        return "applied" if self.applied else "already_done"


# ---------------------------------------------------------------- creating and joining


def title_or_error(title_id: str) -> Any:
    try:
        return engine.get_title(title_id)
    except engine.MalformedRecord as error:
        raise SetupError(str(error)) from error


def playable_title_or_error(title_id: str) -> Any:
    """The title a new game is made of: registered, and playable to the end (its ``playable`` flag).

    A title registers as soon as its records replay (1861 does, for the record contract and
    imports) but may not yet be playable; nobody may start a game that would stop midway.
    """
    title = title_or_error(title_id)
    if why := why_not_startable(title):
        raise SetupError(f"{why} No new game of it can be started.")
    return title


def engine_version_of(title: Any) -> str:
    return str(getattr(title, "version", "") or "1")


def create_game(
    creator: User,
    title_id: str,
    seat_count: int,
    *,
    options: dict[str, Any] | None = None,
    invited_emails: Sequence[str] = (),
    seat_order_mode: str = SeatOrder.RANDOM,
    move_time_limit: timedelta | None = None,
    name: str = "",
    seed: int | None = None,
) -> Game:
    """A new open game with the creator in the first seat, invited seats, then open seats.

    ``seed`` is for tests and the demo only; otherwise it is drawn when the game starts.
    """
    title = playable_title_or_error(title_id)
    if not title.min_players <= seat_count <= title.max_players:
        raise SetupError(f"{title.name} takes {title.min_players} to {title.max_players} players, not {seat_count}.")
    emails = _clean_invitations(creator, invited_emails, seat_count)
    try:
        clean_options = title.validate_options(dict(options or {}))
    except engine.MalformedRecord as error:
        raise SetupError(f"Options: {error}") from error
    if seat_order_mode not in SeatOrder.values:
        raise SetupError("Seat order must be random or as chosen.")
    with transaction.atomic():
        game = Game.objects.create(
            title=title.id,
            # "1861 by ann", not the title's whole name: a game's name heads every subject of its mails.
            name=name.strip()[:100] or f"{short_title_name(title.name)} by {creator.name}",
            engine_version=engine_version_of(title),
            options=clean_options,
            seed=seed,
            seat_count=seat_count,
            seat_order_mode=seat_order_mode,
            move_time_limit=move_time_limit,
            created_by=creator,
        )
        now = timezone.now()
        Seat.objects.create(game=game, index=0, user=creator, display_name=creator.name, joined=now)
        for index in range(1, seat_count):
            email = emails[index - 1] if index - 1 < len(emails) else ""
            Seat.objects.create(game=game, index=index, invited_email=email)
        # The invitations' mail rows commit with the game (the outbox sends them, and retries).
        game_created.send(sender=Game, game=game, invited=list(enumerate(emails, start=1)))
    return game


def _clean_invitations(creator: User, invited_emails: Sequence[str], seat_count: int) -> list[str]:
    emails = [normalize_email(email) for email in invited_emails if email and email.strip()]
    for email in emails:
        try:
            validate_email(email)
        except ValidationError as error:
            raise SetupError(f"{email!r} is not an e-mail address.") from error
    if len(set(emails)) != len(emails):
        raise SetupError("Each address can be invited only once.")
    if creator.email in emails:
        raise SetupError("You already have the first seat; invite the other players.")
    if len(emails) > seat_count - 1:
        free = seat_count - 1
        raise SetupError(f"{len(emails)} invitations do not fit in {free} free seat{'' if free == 1 else 's'}.")
    return emails


def take_seat(game_id: int, user: User, *, number_a_twin: bool = False) -> Game:
    """Seat ``user`` (their invitation if any, else an open seat); starts the game when full.

    A name another seat already shows is refused (NameTaken), so the table can tell its players
    apart; the player chooses another.  A league seats whom its draw planned and can ask nobody, so
    it passes ``number_a_twin`` and a second "Bob" sits as "Bob 2".
    """
    with transaction.atomic(durable=True):
        game = _locked_game(game_id)
        if game.status != GameStatus.OPEN:
            raise SetupError("This game has already started.")
        seats = list(game.seats.order_by("index"))
        if any(seat.user_id == user.pk for seat in seats):
            raise SetupError("You already have a seat in this game.")
        seat = next((s for s in seats if not s.is_taken and s.invited_email == user.email), None)
        seat = seat or next((s for s in seats if s.is_open), None)
        if seat is None:
            raise SetupError("There is no open seat left for you in this game.")
        seat.user, seat.display_name, seat.joined = user, _name_at_table(seats, user, number_a_twin), timezone.now()
        seat.save(update_fields=["user", "display_name", "joined"])
        if all(s.is_taken for s in seats):
            _start_locked(game)
    return game


def _name_at_table(seats: list[Seat], user: User, number_a_twin: bool) -> str:
    """The name ``user`` sits under: their own, unless another seat shows it (see ``take_seat``)."""
    if number_a_twin:
        return seat_names.numbered_name(seats, user.name)
    seat_names.refuse_name_in_use(seats, user.name, advice=seat_names.RENAME_ACCOUNT)
    return user.name


def start_game(game: Game) -> Game:
    """Order the seats, draw and store the seed, create the first Snapshot; all seats must be taken."""
    with transaction.atomic(durable=True):
        locked = _locked_game(game.pk)
        if locked.status != GameStatus.OPEN:
            raise SetupError("This game has already started.")
        if locked.seats.filter(user__isnull=True).exists():
            raise SetupError("Every seat must be taken before the game starts.")
        _start_locked(locked)
    return locked


def _names_at_start(seats: list[Seat]) -> dict[int, str]:
    """Each seat's name for the game: its player's current one (they may have renamed since sitting down).

    If that made two players alike, the names they sat down under (all different) are kept.
    """
    current = {seat.pk: seat.user.name if seat.user else seat.display_name for seat in seats}
    if len({seat_names.folded(name) for name in current.values()}) == len(current):
        return current
    return {seat.pk: seat.display_name for seat in seats}


def new_seed() -> int:
    """``SEED_BITS`` random bits from ``secrets``, under a set top bit.

    The top bit puts every new seed beyond 64 bits, where the engine keys its generator
    with the seed's whole digest (``engine.core.rng``), so all the random bits count.
    """
    return (1 << SEED_BITS) | secrets.randbits(SEED_BITS)


def _start_locked(game: Game) -> None:
    seats = list(game.seats.select_related("user").order_by("index"))
    if game.seat_order_mode == SeatOrder.RANDOM:
        secrets.SystemRandom().shuffle(seats)
    # Two passes keep the (game, index) uniqueness true at every statement.
    for offset, seat in enumerate(seats):
        Seat.objects.filter(pk=seat.pk).update(index=1000 + offset)
    names = _names_at_start(seats)
    for index, seat in enumerate(seats):
        seat.index, seat.display_name = index, names[seat.pk]
        Seat.objects.filter(pk=seat.pk).update(index=index, display_name=seat.display_name)
    if game.seed is None:
        game.seed = new_seed()
    try:
        state = engine.new_game(game.title, [seat.display_name for seat in seats], game.seed, game.options)
    except engine.MalformedRecord as error:
        raise SetupError(str(error)) from error
    game.status, game.started = GameStatus.ACTIVE, timezone.now()
    state, forced = _answer_forced_prompts(game, state, game.started)  # the first player may have no choice
    prompts_after = engine.prompts(state)
    Snapshot.objects.create(
        game=game, version=game.version, state=engine.to_json(state), waiting_seats=waiting_of(prompts_after)
    )
    if engine.result(state) is not None:
        game.status, game.finished, game.ended_by = GameStatus.FINISHED, game.started, EndKind.ENGINE
    game.save(update_fields=["status", "started", "finished", "ended_by", "seed", "version"])
    for action in forced:
        rows.insert_instance(action)
    game_started.send(sender=Game, game=game, state=state, prompts_after=prompts_after, actions=forced)


# ---------------------------------------------------------------- the one move path


def submit_move(
    game_id: int,
    seat_index: int,
    action: Any,
    expected_version: Any,
    source: str,
    user: User | None = None,
) -> MoveOutcome:
    """Apply ``action`` for ``seat_index`` if the game is still at ``expected_version``.

    Exactly one of two concurrent submissions at the same version applies; the other
    returns "already done".  Raises a GameServiceError (IllegalMove carries the engine's
    sentence) and then nothing was written.
    """
    _check_source(source)
    payload = clean_payload(action)
    if isinstance(expected_version, bool) or not isinstance(expected_version, int):
        raise IllegalMove("The move must say which version of the game it was made on (a whole number).")
    with transaction.atomic(durable=True):
        game = _locked_game(game_id, with_snapshot=True)
        seat = _seat_for_move(game, seat_index, user, source)
        _refuse_future_version(game, expected_version)
        if expected_version != game.version:
            return MoveOutcome(False, game.version, already_done_message(game))
        if game.status == GameStatus.FINISHED:
            raise GameClosed("This game is finished; no more moves can be made.")
        _refuse_if_paused(game)
        snapshot = _snapshot_for(game)
        return _apply_locked(game, seat, payload, source, user, snapshot, engine.from_json(snapshot.state))


def answer_prompt(
    game_id: int, user: User | None, read_answer: Callable[[engine.Prompt], Any], expected_version: int, source: str
) -> MoveOutcome:
    """A signed-in player answers their own prompt: the one move path for the game page's forms.

    ``read_answer`` turns the prompt found under the lock into the action (the page's form
    reader; its own errors propagate and nothing is written).  The game, its Snapshot and the
    player's seat come in one statement, so a move reads nothing before its transaction.
    """
    _check_source(source)
    reader = user.pk if user is not None and user.is_authenticated else None
    with transaction.atomic(durable=True):
        game = _locked_game(game_id, with_snapshot=True, reader=reader)
        seat = game.reader_seat if reader is not None else None
        if seat is None:
            raise NotYourSeat("You have no seat in this game, so you cannot move in it.")
        _refuse_future_version(game, expected_version)
        if expected_version != game.version:
            return MoveOutcome(False, game.version, already_done_message(game))
        if game.status == GameStatus.FINISHED:  # as submit_move says it: "not being played" left a walk guessing
            raise GameClosed("This game is finished; no more moves can be made.")
        if game.status != GameStatus.ACTIVE:
            raise GameClosed("This game is not being played, so no moves can be made.")
        _refuse_if_paused(game)
        _refuse_if_resigned(game, seat.index)
        snapshot = _snapshot_for(game)
        state = engine.from_json(snapshot.state)
        prompt = engine.prompt_for(state, seat.index)
        if prompt is None:
            raise NotYourTurn("It is not your move.", list(snapshot.waiting_seats))
        payload = clean_payload(read_answer(prompt))
        return _apply_locked(game, seat, payload, source, user, snapshot, state)


def _check_source(source: str) -> None:
    if source not in ActionSource.values or source in (ActionSource.IMPORT, ActionSource.AUTO, ActionSource.RESIGNED):
        raise GameServiceError(f"Unknown move source {source!r}.")


def _refuse_future_version(game: Game, expected_version: int) -> None:
    """No page ever showed a version the game has not reached: such a move was made by hand, and
    "already done" would be untrue."""
    if expected_version > game.version:
        raise IllegalMove(f"That move was made for version {expected_version} of the game, which is only at version"
                          f" {game.version}; reload the game page and make it again.")


def already_done_message(game: Game) -> str:
    return (
        f"Already done: the game has moved on since that page was shown (it now waits for move {game.version + 1}). "
        "Here is the current position."
    )


def clean_payload(action: Any) -> dict[str, Any]:
    """The action as storable JSON, or IllegalMove for anything the log cannot hold."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalMove("A move needs a type.")
    try:
        text = json.dumps(action, allow_nan=False, sort_keys=True)
    except (TypeError, ValueError) as error:
        raise IllegalMove("The move could not be read.") from error
    if len(text) > MAX_PAYLOAD_CHARS:
        raise IllegalMove("The move is too long to be a move.")
    if "\\u0000" in text:
        raise IllegalMove("The move contains characters that are not allowed.")
    return json.loads(text)


def lock_game(game_id: Any) -> Game:
    """The game row, locked until the transaction ends: the lock every writer of a game holds (organizer acts too)."""
    return _locked_game(game_id)


def _refuse_if_paused(game: Game) -> None:
    if game.paused:
        raise GameClosed("This game is paused by its organizer; no moves can be made until it is resumed.")


def _locked_game(game_id: Any, with_snapshot: bool = False, reader: int | None = None) -> Game:
    """The game row, locked until the transaction ends (every writer of a game's rows holds this lock).

    A move reads its Snapshot (and the ``reader``'s seat) in the same statement (``game_rows``).
    """
    if isinstance(game_id, bool) or not isinstance(game_id, int):
        raise GameNotFound("There is no such game.")
    game = read_game(game_id, with_snapshot=with_snapshot, lock=True, reader=reader)
    if game is None:
        raise GameNotFound("There is no such game.")
    return game


def _seat_for_move(game: Game, seat_index: Any, user: User | None, source: str) -> Seat:
    if game.status == GameStatus.IMPORTED:
        raise GameClosed("This is an imported game for review; it cannot be played.")
    if game.status == GameStatus.OPEN:
        raise GameClosed("This game has not started yet; it starts when every seat is taken.")
    if isinstance(seat_index, bool) or not isinstance(seat_index, int):
        raise NotYourSeat("There is no such seat in this game.")
    seat = game.seats.filter(index=seat_index).first()
    if seat is None:
        raise NotYourSeat("There is no such seat in this game.")
    acting_for_others = source == ActionSource.ADMIN and user is not None and user.is_staff
    if user is not None and seat.user_id != user.pk and not acting_for_others:
        raise NotYourSeat("You can only move for your own seat.")
    _refuse_if_resigned(game, seat.index)
    return seat


def _refuse_if_resigned(game: Game, seat_index: int) -> None:
    if seat_index in stand_in.resigned_seats(game):
        raise GameClosed("You have resigned from this game; Turnpost plays your seat now.")


def _apply_locked(
    game: Game, seat: Seat, payload: dict[str, Any], source: str, user: User | None, snapshot: Snapshot, state: Any
) -> MoveOutcome:
    """Apply ``payload`` to ``state`` (the Snapshot's, at the game's version), then any forced answers, and write.

    The receivers of ``move_applied`` hear once, of the position after the forced answers: a
    prompt that was answered for its player is never mailed or shown.
    """
    prompts_before = engine.prompts(state)
    new_state, events = _engine_apply(state, seat.index, payload)
    now = timezone.now()
    move = _log_entry(game, seat.index, payload, events, source, user, now)
    new_state, forced = _answer_forced_prompts(game, new_state, now)
    actions = [move, *forced]
    prompts_after = engine.prompts(new_state)
    _write_actions(game, snapshot, new_state, prompts_after, actions, now)
    move_applied.send(
        sender=Game,
        game=game,
        action=move,
        actions=actions,
        state=new_state,
        prompts_before=prompts_before,
        prompts_after=prompts_after,
        events=[engine.Event.from_json(raw) for entry in actions for raw in entry.events],
        source=source,
    )
    return MoveOutcome(True, game.version, "Your move was made.", move)


def answer_for_the_table(game: Game) -> list[Action]:
    """Inside the transaction holding ``game``'s lock, after a resignation: play what the service now owes.

    The resigned seat's prompt (and any forced answers after it) are answered, written and
    announced as a move of that seat would be; nothing is written when nobody is owed an answer.
    """
    snapshot = _snapshot_for(game)
    state = engine.from_json(snapshot.state)
    prompts_before = engine.prompts(state)
    now = timezone.now()
    new_state, actions = _answer_forced_prompts(game, state, now)
    if not actions:
        return []
    prompts_after = engine.prompts(new_state)
    _write_actions(game, snapshot, new_state, prompts_after, actions, now)
    move_applied.send(
        sender=Game, game=game, action=actions[0], actions=actions, state=new_state, prompts_before=prompts_before,
        prompts_after=prompts_after, events=[engine.Event.from_json(raw) for entry in actions for raw in entry.events],
        source=ActionSource.RESIGNED,
    )
    return actions


def _engine_apply(state: Any, seat: int, payload: dict[str, Any]) -> tuple[Any, list[engine.Event]]:
    """The engine's new state and events; IllegalMove (the engine's sentence) if the move is refused."""
    try:
        return engine.apply(state, seat, payload)
    except engine.IllegalAction as error:
        raise IllegalMove(str(error)) from error
    except engine.UNFORESEEN_INPUT_ERRORS as error:
        # The engine should refuse every bad field with IllegalAction; this keeps a missed
        # case a clean refusal instead of a server error.
        raise IllegalMove("The move could not be understood.") from error


def _log_entry(
    game: Game, seat: int, payload: dict[str, Any], events: list[engine.Event], source: str, user: User | None,
    now: datetime,
) -> Action:
    """The next Action of the log (unsaved); takes the game's next version."""
    game.version += 1
    return Action(game_id=game.pk, seq=game.version, seat=seat, payload=payload,
                  events=[event.to_json() for event in events], source=source,
                  by_user_id=user.pk if user is not None else None, created=now)


def _answer_forced_prompts(game: Game, state: Any, now: datetime) -> tuple[Any, list[Action]]:
    """Answer, for their players, the prompts that have exactly one legal answer, one after another.

    Each answer is an ordinary record action (source ``auto``) logged after the title's note
    saying why.  A resigned player's prompts are answered too (source ``resigned``, games.stand_in).
    At most MAX_FORCED_ANSWERS in a row: past that, or should the engine refuse a forced answer
    (a title's mistake), the prompt is left to its player.
    """
    actions: list[Action] = []
    resigned = stand_in.resigned_seats(game)
    for _ in range(MAX_FORCED_ANSWERS):
        forced, source = engine.forced_answer(state), ActionSource.AUTO
        if forced is None and resigned:
            forced, source = stand_in.stand_in_answer(state, resigned), ActionSource.RESIGNED
        if forced is None:
            break
        try:
            state, events = engine.apply(state, forced.seat, forced.action)
        except engine.IllegalAction:
            logger.error("Game %s: the engine refused its own forced answer %r", game.pk, forced.action)
            break
        actions.append(_log_entry(game, forced.seat, forced.action, engine.answer_events(forced, events), source,
                                  None, now))
    return state, actions


def _write_actions(
    game: Game, snapshot: Snapshot, state: Any, prompts_after: list[engine.Prompt], actions: list[Action],
    now: datetime,
) -> None:
    """Append ``actions`` and move the Snapshot and the game to ``state`` (the game's version is already set)."""
    snapshot.version, snapshot.state = game.version, engine.to_json(state)
    snapshot.waiting_seats = waiting_of(prompts_after)
    changes: dict[str, Any] = {"version": game.version}
    if engine.result(state) is not None:
        game.status, game.finished, game.ended_by = GameStatus.FINISHED, now, EndKind.ENGINE
        changes.update(status=game.status, finished=game.finished, ended_by=game.ended_by)
    # The statements every move runs are written out (turnpost.rows); these three are one.
    first, *rest = actions
    rows.insert_with_updates(first, [
        rows.Update(Snapshot, game.pk, {"version": snapshot.version, "state": snapshot.state,
                                        "waiting_seats": snapshot.waiting_seats, "updated": now}),
        rows.Update(Game, game.pk, changes),
    ])
    for action in rest:
        rows.insert_instance(action)


def _snapshot_for(game: Game) -> Snapshot:
    """The game's Snapshot if it is at the game's version, else rebuilt from the log (it is only a cache)."""
    snapshot = snapshot_of(game)
    if snapshot is not None and snapshot.version == game.version:
        return snapshot
    from games.replay import replayed_state

    state = replayed_state(game)
    snapshot = snapshot or Snapshot(game=game)
    snapshot.version, snapshot.state = game.version, engine.to_json(state)
    snapshot.waiting_seats = waiting_of(engine.prompts(state))
    snapshot.save()
    return snapshot


# ---------------------------------------------------------------- taking a move back (games.undo_requests decides)


def lock_game_for_undo(game_id: int, reader: int | None) -> tuple[Game, Snapshot]:
    """The game row locked (with the ``reader``'s seat as ``reader_seat``) and its current Snapshot."""
    game = _locked_game(game_id, with_snapshot=True, reader=reader)
    return game, _snapshot_for(game)


def append_undo(
    game: Game, snapshot: Snapshot, seat: int, withdraws: Sequence[int], source: str, user: User | None, note: str
) -> MoveOutcome:
    """Take back the moves ``withdraws``: one undo entry in the log, the Snapshot at the restored position.

    The caller holds the game row's lock and has checked the undo (games.undo.plan_undo).
    The version advances, so every page and mail link made for the undone position is stale.
    ``move_applied`` is sent as for a move (its ``action`` is the undo entry), so the seats
    the restored position waits on are told, and clocks follow.
    """
    _check_source(source)
    prompts_before = engine.prompts(engine.from_json(snapshot.state))
    entries = log_of(game, upto=game.version)
    now = timezone.now()
    event = engine.Event(note, kind="undo", data={"withdraws": list(withdraws)})
    undo = _log_entry(game, seat, undo_payload(withdraws), [event], source, user, now)
    undo.kind = ActionKind.UNDO
    state = replay(record_of(game, [*entries, undo]))
    prompts_after = engine.prompts(state)
    _write_actions(game, snapshot, state, prompts_after, [undo], now)
    move_applied.send(sender=Game, game=game, action=undo, actions=[undo], state=state, prompts_before=prompts_before,
                      prompts_after=prompts_after, events=[event], source=source)
    return MoveOutcome(True, game.version, note, undo)


# ---------------------------------------------------------------- records


def record_for(game: Game) -> dict[str, Any]:
    """The game as a record of the contract (docs/contract.md)."""
    if not game.has_started:
        raise SetupError("A game has no record before it starts.")
    return record_of(game).to_json()


UNREADABLE_RECORD = "The record could not be read"


def import_record(json_text: str, user: User | None, *, status: str = GameStatus.IMPORTED, name: str = "") -> Game:
    """An imported game from a record; ImportFailed explains the first problem.

    Read-only (IMPORTED) unless ``status`` says otherwise (``store_imported``).
    """
    if not isinstance(json_text, str) or len(json_text) > MAX_IMPORT_CHARS:
        raise ImportFailed("The record is too large to import.")
    try:
        record = parse_record(json_text)
        payloads = [clean_payload(entry.action) for entry in record.actions]
    except (engine.MalformedRecord, IllegalMove) as error:
        raise ImportFailed(f"{UNREADABLE_RECORD}: {error}") from error
    if len(record.actions) > MAX_IMPORT_ACTIONS:
        raise ImportFailed(f"The record has more than {MAX_IMPORT_ACTIONS} actions.")
    check_storable(record)  # the seed within the database's range, names without control characters
    state, events = _replay_for_import(record)
    return store_imported(record, payloads, state, events, user, status=status, name=name)


def imported_name(players: list[str]) -> str:
    """An imported record's game name when none is given: whose game it was (the page's badge
    already names the title, so the name does not say it again)."""
    return f"Imported game of {', '.join(players)}"[:100]


def store_imported(record: Any, payloads: list[dict[str, Any]], state: Any, events: list[list[dict[str, Any]]],
                   user: User | None, *, status: str = GameStatus.IMPORTED, name: str = "") -> Game:
    """Write a replayed record as a game: its seats (named, nobody in them), log and snapshot.

    ``status`` is IMPORTED for a read-only game to review; ACTIVE for a game that goes on
    here (an 18xx.games game moved over, ``games.import_18xx``): its players claim their
    seats through claim links (``games.seat_claims``) and play on from the position.
    """
    title = engine.get_title(record.title)
    with transaction.atomic():
        game = Game.objects.create(
            title=record.title,
            name=name or imported_name(record.players),
            engine_version=engine_version_of(title),
            options=record.options,
            seed=record.seed,
            status=status,
            seat_count=len(record.players),
            seat_order_mode=SeatOrder.CHOSEN,
            created_by=user,
            started=timezone.now(),
            finished=timezone.now() if engine.result(state) is not None else None,
            version=len(record.actions),
        )
        Seat.objects.bulk_create(
            Seat(game=game, index=index, display_name=str(name)[:60]) for index, name in enumerate(record.players)
        )
        Action.objects.bulk_create(
            Action(game=game, seq=seq, seat=entry.seat, payload=payload, events=logged, source=ActionSource.IMPORT,
                   by_user=user)
            for seq, (entry, payload, logged) in enumerate(zip(record.actions, payloads, events, strict=True), 1)
        )
        waiting = waiting_of(engine.prompts(state))
        Snapshot.objects.create(game=game, version=game.version, state=engine.to_json(state), waiting_seats=waiting)
    return game


def _replay_for_import(record: Any) -> tuple[Any, list[list[dict[str, Any]]]]:
    """The final state and each action's events; ImportFailed names the first refused action."""
    steps = states_along(record)
    events: list[list[dict[str, Any]]] = []
    try:
        _, state, _ = next(steps)  # states_along advances this one state object in place
        for _, _, step_events in steps:
            events.append([event.to_json() for event in step_events])
    except engine.MalformedRecord as error:
        raise ImportFailed(f"{UNREADABLE_RECORD}: {error}") from error
    except engine.IllegalAction as error:
        raise ImportFailed(f"Action {len(events)} (counting from 0) was refused: {error}") from error
    except engine.UNFORESEEN_INPUT_ERRORS as error:
        raise ImportFailed(f"Action {len(events)} (counting from 0) could not be understood.") from error
    return state, events
