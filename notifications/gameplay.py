"""The games app as notifications read it: states, seats, events, and the one move path.

Everything notifications needs from ``games`` passes through here, so a renamed field
on that side is one edit on this side.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time
from typing import Any

from django.db.models import Exists, Max, OuterRef, Subquery
from django.urls import reverse
from django.utils.dateparse import parse_time

import engine.core as engine
from games.errors import GameServiceError
from games.models import (
    Action,
    ActionSource,
    ChatMessage,
    Game,
    GameStatus,
    Resignation,
    Seat,
    UndoRequest,
    UndoRequestStatus,
)
from games.replay import log_reader, opening_lines
from games.services import MoveOutcome, submit_move
from games.stand_in import resigned_seats
from games.standings import game_standings
from games.titles import ui_for
from games.undo import withdrawn_seqs
from games.undo_requests import UndoOutcome, answer_request, describe
from notifications.models import Deadline, StandingOrder, Suppression
from turnpost import rows as sql_rows

# The move sources this app uses (games.models.ActionSource); a standing order's moves are
# recorded as such, so the history tells them apart from a click.
SOURCE_EMAIL = ActionSource.EMAIL
SOURCE_TIMEOUT = ActionSource.TIMEOUT
SOURCE_STANDING_ORDER = ActionSource.ORDER

__all__ = [
    "SOURCE_EMAIL",
    "SOURCE_STANDING_ORDER",
    "SOURCE_TIMEOUT",
    "ChatMessage",
    "Game",
    "GameServiceError",
    "Loaded",
    "MoveOutcome",
    "Seat",
    "UndoOutcome",
    "UndoRequest",
    "UndoRequestStatus",
    "active_seats_of_user",
    "answer_undo",
    "chat_message",
    "chat_since",
    "events_since_last_move",
    "first_mover",
    "game_flags",
    "game_standings",
    "game_url",
    "history_url",
    "load",
    "load_many",
    "loaded_from",
    "map_changes",
    "moves_after",
    "play",
    "resignation_id",
    "resigned_seats",
    "seat_user",
    "seats_for_mail",
    "seats_of",
    "undo_lines",
    "undo_request_at",
    "undo_words",
    "unreachable_names",
    "waiting_seats_of_user",
]


@dataclass(frozen=True)
class Loaded:
    """A game row with its current engine state (from the snapshot cache).

    Loaded for one ``seat``, it also carries that seat's open deadline (``due_at``); the game
    row is annotated with ``any_orders`` and ``any_unreachable`` so mails skip those queries
    in the common case where there is nothing to say.
    """

    game: Game
    state: Any
    seat: int | None = None
    due_at: datetime | None = None

    @property
    def version(self) -> int:
        return self.game.version

    def prompt_for(self, seat: int) -> engine.Prompt | None:
        """The seat's prompt; None once the game is over, also when resignations ended it before the engine's end."""
        if self.game.status != GameStatus.ACTIVE:
            return None
        return engine.prompt_for(self.state, seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        """The engine's view; once the game is over it waits for nobody, also when resignations ended it early."""
        view = engine.view(self.state, seat)
        if self.game.status != GameStatus.ACTIVE and view.get("waiting_for"):
            view = {**view, "waiting_for": []}
        return view

    @property
    def finished(self) -> bool:
        return engine.is_finished(self.state)


def game_flags(game: str, seat: str | int | None = None) -> dict[str, Any]:
    """The annotations ``load`` puts on a game, for a query whose game id is the field ``game``.

    ``seat`` (a field name, or a seat number) adds ``seat_due_at``, that seat's open deadline.
    Another model's query (an outbox row's) can carry them and skip loading the game on its own.
    """
    dead = Seat.objects.filter(game=OuterRef(game), user__email__in=Suppression.objects.values("address"))
    flags: dict[str, Any] = {
        "any_orders": Exists(StandingOrder.objects.filter(game=OuterRef(game), active=True)),
        "any_unreachable": Exists(dead),
    }
    if seat is not None:
        seat_ref = OuterRef(seat) if isinstance(seat, str) else seat
        open_deadline = Deadline.objects.filter(game=OuterRef(game), seat=seat_ref, resolved=False).order_by("-version")
        flags["seat_due_at"] = Subquery(open_deadline.values("due_at")[:1])
    return flags


def _games(seat: int | None) -> Any:
    return Game.objects.select_related("snapshot", "created_by").annotate(**game_flags("pk", seat))


def loaded_from(game: Game | None, seat: int | None, flags: dict[str, Any]) -> Loaded | None:
    """``Loaded`` from a game row fetched with its snapshot by another query, and that query's ``game_flags``.

    None when the game has not started or its cache is behind (``load`` then replays the log).
    """
    snapshot = getattr(game, "snapshot", None) if game is not None else None
    if game is None or snapshot is None or snapshot.version != game.version:
        return None
    game.any_orders, game.any_unreachable = flags["any_orders"], flags["any_unreachable"]
    return Loaded(game, engine.from_json(snapshot.state), seat, flags.get("seat_due_at"))


def load(game_id: int, seat: int | None = None) -> Loaded | None:
    """The game and its state (one query), or None if it has not started (no snapshot) or is gone."""
    game = _games(seat).filter(pk=game_id).first()
    if game is None or not hasattr(game, "snapshot"):
        return None
    snapshot = game.snapshot
    due_at = getattr(game, "seat_due_at", None)
    if snapshot.version != game.version:
        from games.replay import replayed_state

        return Loaded(game, replayed_state(game), seat, due_at)
    return Loaded(game, engine.from_json(snapshot.state), seat, due_at)


def load_many(pairs: list[tuple[int, int | None]]) -> dict[tuple[int, int | None], Loaded]:
    """``load`` for many (game, seat) pairs in two queries; a game's state is decoded once and shared.

    The states are only read (views and prompts), never changed, so sharing one is safe.
    """
    games = {game.pk: game for game in _games(None).filter(pk__in={game_id for game_id, _ in pairs})}
    deadlines = Deadline.objects.filter(game_id__in=games, resolved=False).order_by("version")
    due = {(d.game_id, d.seat): d.due_at for d in deadlines.only("game_id", "seat", "due_at")}
    states: dict[int, Any] = {}
    loaded = {}
    for game_id, seat in pairs:
        game = games.get(game_id)
        if game is None or not hasattr(game, "snapshot") or game.snapshot.version != game.version:
            continue  # gone, not started, or a stale cache: left to the one-by-one path
        if game_id not in states:
            states[game_id] = engine.from_json(game.snapshot.state)
        loaded[(game_id, seat)] = Loaded(game, states[game_id], seat, due.get((game_id, seat)))
    return loaded


def seats_of(game: Game) -> list[Seat]:
    return list(Seat.objects.filter(game=game).select_related("user").order_by("index"))


def seat_user(game_id: int, seat: int) -> Any:
    """The user sitting in ``seat`` (None for an empty seat)."""
    row = Seat.objects.select_related("user").filter(game_id=game_id, index=seat).first()
    return row.user if row else None


def waiting_seats_of_user(user_id: int) -> list[tuple[int, int]]:
    """(game, seat) pairs of active games where this player's seat is being waited for."""
    rows = Seat.objects.filter(user_id=user_id, game__status=GameStatus.ACTIVE).values_list(
        "game_id", "index", "game__snapshot__waiting_seats"
    )
    return [(game_id, index) for game_id, index, waiting in rows if index in (waiting or [])]


def active_seats_of_user(address: str) -> list[tuple[Game, int]]:
    """(game, seat) for every active game the player with this address sits in."""
    seats = Seat.objects.filter(user__email=address, game__status=GameStatus.ACTIVE).select_related("game__created_by")
    return [(seat.game, seat.index) for seat in seats]


def unreachable_names(game_id: int, except_user: int | None = None) -> list[str]:
    """Display names of the game's players whose address bounced or complained.

    Every game page asks, so the query is written out (the reason is in games.game_rows).
    """
    seats = sql_rows.fetch(Seat, _UNREACHABLE_SQL, [game_id])
    return [seat.display_name for seat in seats if except_user is None or seat.user_id != except_user]


_UNREACHABLE_SQL = """
SELECT s.id, s.user_id, s.display_name FROM games_seat s JOIN accounts_user u ON u.id = s.user_id
WHERE s.game_id = %s AND EXISTS (SELECT 1 FROM notifications_suppression x WHERE x.address = u.email)
ORDER BY s."index"
"""


def events_since_last_move(game: Game, seat: int, limit: int = 40) -> list[dict[str, Any]]:
    """The log lines ``seat`` may read, from its own last move (included: a merger it caused) to now.

    One plain query for the newest ``limit`` actions, cut at the seat's own last move in Python:
    nearly always the seat moved within them, and a correlated subquery would cost every mail.
    When it did not (an 18xx operating round can hold dozens of other companies' steps), a
    second query reads back to that move, so a mail never silently starts its news late.  A seat
    that has not moved yet reads from the deal on.

    A move taken back since is still told (the undo's own line follows it), but its lines say
    so and carry ``taken_back``, as the game page strikes them through: the mail must not read
    as if the tile taken back were on the board (``map_changes`` leaves them out).
    """
    batches, moved = _newest_batches(game, seat, limit)
    if not moved and len(batches) == limit < game.version:
        batches, moved = _batches_back_to_move(game, seat)
    read = log_reader(game, seat)
    withdrawn = withdrawn_seqs(batches)  # an undo comes after what it takes back: both are among these
    since = [_told(line, withdrawn.get(batch.seq)) for batch in reversed(batches) for line in read(batch.events)]
    if not moved and len(batches) == game.version:  # the seat has not moved yet: from the deal on
        since = opening_lines(game, seat) + since
    return since


ANSWER_ROWS = 50  # a default answer and the automatic ones of the same seat after it: a handful


def events_of_answer_after(game: Game, seat: int, version: int) -> list[dict[str, Any]]:
    """The log lines ``seat`` may read of the answer given for it at ``version`` (a timeout's default answer)
    and of the automatic answers of its own that followed, up to the next seat's action.

    "Since its last move" would start after those automatic answers (the service's answer for the
    seat is its newest action), leaving out the very move the notice is about."""
    rows = Action.objects.filter(game=game, seq__gt=version).order_by("seq").values_list("seat", "events")[:ANSWER_ROWS]
    read = log_reader(game, seat)
    lines: list[dict[str, Any]] = []
    for actor, events in rows:
        if actor != seat:
            break
        lines += read(events)
    return lines


def _told(line: dict[str, Any], taken_back_at: int | None) -> dict[str, Any]:
    if taken_back_at is None:
        return line
    return {**line, "text": f"{line['text']} (taken back at move {taken_back_at})", "taken_back": True}


# An undo's payload names what it took back; a move's is not read here, so it is loaded only for undos.
_LOG_FIELDS = ("seq", "seat", "events", "kind")


def _newest_batches(game: Game, seat: int, limit: int) -> tuple[list[Any], bool]:
    """The newest ``limit`` actions, newest first, up to ``seat``'s own; whether it was met."""
    newest = Action.objects.filter(game=game).order_by("-seq").only(*_LOG_FIELDS)[:limit]
    batches = []
    for action in newest if game.version else []:
        batches.append(action)
        if action.seat == seat:
            return batches, True
    return batches, False


def _batches_back_to_move(game: Game, seat: int) -> tuple[list[Any], bool]:
    """Every action since ``seat``'s last move (included), newest first: the long way round."""
    last = Action.objects.filter(game=game, seat=seat).aggregate(last=Max("seq"))["last"]
    rows = Action.objects.filter(game=game, **({"seq__gte": last} if last is not None else {}))
    return list(rows.order_by("-seq").only(*_LOG_FIELDS)), last is not None


def map_changes(game: Game, events: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The hexes ``events`` changed, as the title words them, with the link to the game page's map; None if none."""
    ui = ui_for(game.title)
    lines = ui.changed_hexes([event for event in events if not event.get("taken_back")])
    if not lines:
        return None
    return {"lines": lines, "map_url": game_url(game.pk) + ui.map_anchor}


def moves_after(game: Any, seat: Any, version: Any) -> Any:
    """The seat's moves after the game's ``version`` (values or ``OuterRef``s, for a subquery)."""
    return Action.objects.filter(game=game, seat=seat, seq__gt=version)


def first_mover(game: Game) -> int | None:
    """The seat that made the game's first move (None before it)."""
    return Action.objects.filter(game=game).order_by("seq").values_list("seat", flat=True).first()


def seats_for_mail(game: Game, streams: tuple[str, ...]) -> list[Seat]:
    """The game's seats with their users and, in the same query, what mailing each one needs.

    Annotations: ``suppressed`` (the address bounced), ``quiet_start``/``quiet_end`` (the player's
    quiet hours), ``has_orders`` (an active standing order on this seat), and per stream
    ``<stream>_here``/``<stream>_default`` (the player's choice for this game, and for all games;
    None when not set).  The move path reads them instead of a handful of queries per seat.

    Every move that prompts someone runs this, so it is written as SQL: the ORM spent longer
    building the query than the database spent answering it (benchmarks/load_site.py).
    """
    choices = [
        f"(SELECT enabled FROM notifications_preference p WHERE p.user_id = s.user_id AND p.stream = %s"
        f" AND {scope} LIMIT 1) AS {stream}_{name}"
        for stream in streams
        for name, scope in (("here", "p.game_id = s.game_id"), ("default", "p.game_id IS NULL"))
    ]
    params = [stream for stream in streams for _ in range(2)]
    sql = _MAIL_SEATS_SQL.format(choices="".join(f", {choice}" for choice in choices))
    seats = sql_rows.fetch(Seat, sql, [*params, game.pk])
    for seat in seats:
        seat.quiet_start, seat.quiet_end = _time_or_none(seat.quiet_start), _time_or_none(seat.quiet_end)
        seat.user = _user_of(seat) if seat.user_id is not None else None
    return seats


_MAIL_SEATS_SQL = """
SELECT s.id, s.game_id, s."index", s.user_id, s.display_name,
       u.email AS user_email, u.display_name AS user_display_name, u.time_zone AS user_time_zone,
       EXISTS (SELECT 1 FROM notifications_suppression x WHERE x.address = u.email) AS suppressed,
       (SELECT quiet_start FROM notifications_mailprofile m WHERE m.user_id = s.user_id) AS quiet_start,
       (SELECT quiet_end FROM notifications_mailprofile m WHERE m.user_id = s.user_id) AS quiet_end,
       EXISTS (SELECT 1 FROM notifications_standingorder o
               WHERE o.game_id = s.game_id AND o.seat = s."index" AND o.active) AS has_orders
       {choices}
FROM games_seat s LEFT JOIN accounts_user u ON u.id = s.user_id
WHERE s.game_id = %s
ORDER BY s."index"
"""


def _user_of(seat: Seat) -> Any:
    """The seat's user from the query's columns (its other fields load if ever read)."""
    from accounts.models import User

    names = ["id", "email", "display_name", "time_zone"]
    return User.from_db(Seat.objects.db, names, [seat.user_id, seat.user_email, seat.user_display_name,
                                                  seat.user_time_zone])


def _time_or_none(value: Any) -> time | None:
    """A TIME column of a raw query: SQLite hands it over as text, PostgreSQL as a time."""
    return parse_time(value) if isinstance(value, str) else value


def play(game_id: int, seat: int, action: dict[str, Any], version: int, source: str, user: Any) -> MoveOutcome:
    """The one move path (games.services.submit_move); GameServiceError refusals pass through."""
    return submit_move(game_id, seat, action, version, source, user)


def chat_message(message_id: Any) -> ChatMessage | None:
    """A chat message with its game, and its writer's name at that table as ``author``; None if gone or hidden."""
    message = ChatMessage.objects.select_related("game").filter(pk=message_id, hidden=False).first()
    if message is not None:
        seat = Seat.objects.filter(game_id=message.game_id, index=message.seat).first()
        message.author = seat.display_name if seat else "a former player"
    return message


def chat_since(user_id: int, since: datetime, until: datetime) -> list[ChatMessage]:
    """Others' chat messages posted in (since, until] at the tables this player sits at, by game, oldest first.

    Each carries ``author`` (the writer's name at that table) and ``reader_seat`` (this player's seat there).
    """
    seats = Seat.objects.filter(game__seats__user_id=user_id).values_list("game_id", "index", "display_name", "user_id")
    names, mine = {}, {}
    for game_id, index, name, seated in seats:
        names[(game_id, index)] = name
        if seated == user_id:
            mine[game_id] = index
    messages = list(ChatMessage.objects.filter(game_id__in=list(mine), created__gt=since, created__lte=until,
                                               hidden=False)
                    .exclude(user_id=user_id).select_related("game").order_by("game_id", "id"))
    for message in messages:
        message.author = names.get((message.game_id, message.seat), "a former player")
        message.reader_seat = mine[message.game_id]
    return messages


def game_url(game_id: int) -> str:
    """The game page's path."""
    return reverse("games:game", args=[game_id])


def resignation_id(game_id: int, seat: int) -> int:
    """The id of ``seat``'s Resignation (a seat resigns once): the key of the notices about it."""
    return Resignation.objects.filter(game_id=game_id, seat=seat).values_list("pk", flat=True).get()


def history_url(game_id: int) -> str:
    """The history page's path: the whole game, move by move."""
    return reverse("games:history", args=[game_id])


# ---------------------------------------------------------------- taking a move back (games.undo_requests)


def undo_request_at(game_id: int, version: int) -> UndoRequest | None:
    """The undo request made at that version of the game (there is at most one)."""
    return UndoRequest.objects.filter(game_id=game_id, version=version).first()


def undo_words(request: UndoRequest) -> dict[str, Any]:
    """The request as mails word it: asker, move, who is still asked (games.undo_requests.describe)."""
    names = list(Seat.objects.filter(game_id=request.game_id).order_by("index").values_list("display_name", flat=True))
    return describe(request, names)


def undo_lines(game: Game, request: UndoRequest, seat: int | None) -> list[str]:
    """The log lines of the moves the request would take back, as ``seat`` may read them."""
    read = log_reader(game, seat)
    entries = Action.objects.filter(game=game, seq__in=request.withdraws).order_by("seq").values_list("events",
                                                                                                     flat=True)
    return [line["text"] for events in entries for line in read(events)]


def answer_undo(request_id: int, user: Any, allow: bool) -> UndoOutcome:
    """An asked player's answer from a mail link (games.undo_requests.answer_request); refusals pass through."""
    return answer_request(request_id, user, allow, SOURCE_EMAIL)
