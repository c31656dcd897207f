"""Reads for pages and the API, with the access checks that keep private data private.

Only ``engine.view(state, seat)`` and per-seat event visibility leave this module;
templates never receive the raw state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Exists, OuterRef, Q, Subquery
from django.db.models.functions import Coalesce
from django.http import Http404

import engine.core as engine
from accounts.models import User
from engine.core.record import replay
from games import move_clocks
from games.game_rows import read_game, snapshot_of
from games.models import (
    Action,
    ActionKind,
    ActKind,
    ChatMessage,
    Game,
    GameStatus,
    OrganizerAct,
    Resignation,
    Seat,
    SeatChange,
)
from games.replay import log_of, log_reader, opening_lines, record_of, waiting_of
from games.standings import resignations_of, table_view
from games.titles import ui_for
from games.titles.ui import with_view_facts
from games.undo import withdrawn_seqs
from turnpost import rows

LOG_ACTIONS = 40
# Every page reads its game's seats; written as SQL for the reason given in games.game_rows.
SEATS_SQL = 'SELECT * FROM games_seat WHERE game_id = %s ORDER BY "index"'
CACHE_SECONDS = 60 * 60


@dataclass
class GameContext:
    """A game as one viewer sees it: their seat (None for spectators) and the seats."""

    game: Game
    seats: list[Seat]
    my_seat: Seat | None

    @property
    def seat_index(self) -> int | None:
        return self.my_seat.index if self.my_seat and self.game.has_started else None

    @property
    def has_open_seat(self) -> bool:
        """Whether anyone signed in may still sit down (the other free seats wait for their invitations)."""
        return any(seat.is_open for seat in self.seats)


@dataclass
class Position:
    """The current position for one viewer: only what ``engine.view`` lets them see."""

    version: int
    view: dict[str, Any]
    prompt: engine.Prompt | None
    waiting_seats: list[int] = field(default_factory=list)
    picker: dict[str, Any] | None = None  # the title's picker for this prompt (TitleUI.prompt_picker)
    # The companies a seated viewer's standing orders may be about (engine.order_subjects), kept with
    # the position so the page's orders card need not decode the state again.
    order_subjects: list[tuple[str, str, tuple[str, ...]]] = field(default_factory=list)


def game_context(game_id: int, user: User | None) -> GameContext:
    """The game, its seats and the viewer's seat; Http404 if there is no such game.

    The Snapshot (the large state) is left out: it is loaded only when a cached position is missing.
    """
    game = read_game(game_id)
    if game is None:
        raise Http404("There is no such game.")
    seats = rows.fetch(Seat, SEATS_SQL, [game.pk])
    mine = None
    if user is not None and user.is_authenticated:
        mine = next((seat for seat in seats if seat.user_id == user.pk), None)
    return GameContext(game, seats, mine)


def current_state(game: Game) -> Any:
    """The engine state at ``game.version``: the Snapshot, or a replay of the log up to that version.

    The Snapshot is read after the Game row, so a move may have landed in between: then it
    is ahead, and the replay stops at the version this request saw (what it caches).
    """
    snapshot = snapshot_of(game)
    if snapshot is not None and snapshot.version == game.version:
        return engine.from_json(snapshot.state)
    return replay(record_of(game, log_of(game, upto=game.version)))


# Bumped when what the cache holds changes shape (a field added to Position), so a cache shared by
# the processes of two releases (Redis) never hands the new code an object pickled by the old.
CACHE_SHAPE = 3


def game_key(game: Game, *parts: object) -> str:
    """A cache key within one game; its creation time guards against a reused id (a recreated database)."""
    stamp = int(game.created.timestamp() * 1_000_000) if game.created else 0
    return ":".join(str(part) for part in (f"game{CACHE_SHAPE}", game.pk, stamp, *parts))


def version_key(game: Game, *parts: object) -> str:
    """A cache key for something fixed by the game's version: the log is append-only, so it never goes stale.

    A resignation changes what a position shows without a move, so the key counts them too.
    """
    return game_key(game, game.version, game.status, game.resigned_count, *parts)


def position_for(context: GameContext) -> Position:
    """What the viewer sees now; the prompt only for their own seat in a running game.

    Cached per game version and seat: every page view and move form between two moves
    reads the same position, so the state is parsed once per move, not once per request.
    """
    key = version_key(context.game, "position", context.seat_index)
    position = cache.get(key)
    if position is None:
        position = _compute_position(context)
        cache.set(key, position, CACHE_SECONDS)
    return position


def _compute_position(context: GameContext) -> Position:
    state = current_state(context.game)
    view = engine.view(state, context.seat_index)
    view.pop("prompt", None)  # the prompt travels as a Prompt object, not inside the view
    view = with_view_facts(ui_for(context.game.title), state, view)
    view = table_view(context.game, view, context.game.version)
    waiting = waiting_seats(context.game, state)
    prompt = _prompt_if_waiting(context, state, waiting)
    picker = ui_for(context.game.title).prompt_picker(state, prompt) if prompt is not None else None
    subjects = engine.order_subjects(state, context.seat_index) if context.seat_index is not None else []
    return Position(context.game.version, view, prompt, waiting, picker, subjects)


def _prompt_if_waiting(context: GameContext, state: Any, waiting: list[int]) -> engine.Prompt | None:
    seat = context.seat_index
    if seat is None or seat not in waiting or context.game.status != GameStatus.ACTIVE:
        return None
    prompt = engine.prompt_for(state, seat)
    if prompt is None:
        return None
    # A plain copy: a title may hand out a lazy Prompt tied to its live state, which the cache cannot keep.
    # It offers only legal answers (each title's prompts; tests/engine/*/test_properties.py), so it is shown whole.
    return engine.Prompt(prompt.seat, prompt.name, prompt.question, tuple(prompt.actions), tuple(prompt.quick),
                         dict(prompt.context))


def waiting_seats(game: Game, state: Any) -> list[int]:
    """The seats the engine waits on: the Snapshot's cached list when it is current; none once the game is over.

    A game that resignations ended stops before the engine's end, which still has a prompt.
    """
    if game.status != GameStatus.ACTIVE:
        return []
    snapshot = snapshot_of(game)
    if snapshot is not None and snapshot.version == game.version:
        return list(snapshot.waiting_seats)
    return waiting_of(engine.prompts(state))


def move_deadlines(game: Game, waiting: list[int]) -> dict[int, datetime]:
    """When each waiting seat's move is due: the clocks notifications keeps, read through ``move_clocks``.

    Read fresh (not cached with the position): a player's new quiet hours or vacation
    days move a deadline without a move.  No statement for a game without a time limit.
    """
    if not game.move_time_limit or game.status != GameStatus.ACTIVE or not waiting:
        return {}
    return move_clocks.due_times(game, waiting)


def game_version(game_id: int) -> dict[str, Any] | None:
    """Version, status, resignations and newest chat id (0: none), for a page that polls: one small read."""
    newest = ChatMessage.objects.filter(game=OuterRef("pk")).order_by("-id").values("id")[:1]
    found = (Game.objects.filter(pk=game_id).annotate(newest_chat=Coalesce(Subquery(newest), 0))
             .values("version", "status", "resigned_count", "newest_chat").first())
    return None if found is None else {"version": found["version"], "status": found["status"],
                                       "resigned_count": found["resigned_count"], "chat": found["newest_chat"]}


def recent_log(game: Game, seat: int | None, upto: int | None = None, limit: int = LOG_ACTIONS) -> list[dict[str, Any]]:
    """The last ``limit`` actions' events as ``seat`` may read them, newest action first.

    Once the log reaches back to the start, the setup's lines (the deal) end it as action 0.
    """
    upto = game.version if upto is None else min(upto, game.version)
    key = version_key(game, "log", seat, upto, limit)
    log = cache.get(key)
    if log is None:
        log = _compute_log(game, seat, upto, limit)
        cache.set(key, log, CACHE_SECONDS)
    if game.act_count:  # an act need not move the version, so its lines are added after the cache
        log = with_acts(game, log, upto)
    return log


def with_acts(game: Game, log: list[dict[str, Any]], upto: int) -> list[dict[str, Any]]:
    """Each organizer's act as a line of the move it came after: who did what, and why."""
    log = [{**entry, "lines": list(entry["lines"])} for entry in log]
    by_seq = {entry["seq"]: entry for entry in log}
    for act in OrganizerAct.objects.filter(game=game, version__lte=upto).select_related("by_user").order_by("id"):
        entry = by_seq.get(act.version)
        if entry is not None:
            entry["lines"].append(act_line(act))
    claims = SeatChange.objects.filter(game=game, act__isnull=True, after_version__lte=upto).select_related("to_user")
    for change in claims.order_by("id"):  # a substitute's own claim: no organizer's act says it
        entry = by_seq.get(change.after_version)
        if entry is not None:
            when = f"after move {change.after_version}" if change.after_version else "before the first move"
            entry["lines"].append(f"{change.to_user.name} took over seat {change.seat + 1} as a substitute {when}.")
    return log


def act_line(act: OrganizerAct) -> str:
    """"Org (organizer) paused the game after move 12: Ann is in hospital."."""
    who = act.by_user.name if act.by_user is not None else "An organizer"
    when = f"after move {act.version}" if act.version else "before the first move"
    what = act.get_kind_display()
    if act.kind == ActKind.EXTEND:
        what = f"extended the deadline by {act.details.get('hours')} hours"
    elif act.kind == ActKind.REPLACE:
        what = f"replaced {act.details.get('from_name')} with {act.details.get('to_name')}"
    return f"{who} (organizer) {what} {when}. Reason: {act.reason}"


def _compute_log(game: Game, seat: int | None, upto: int, limit: int) -> list[dict[str, Any]]:
    actions = Action.objects.filter(game=game, seq__lte=upto).order_by("-seq")
    entries = list(actions.only("seq", "seat", "events", "payload", "kind")[:limit])
    # An undo comes after what it takes back, so the newest entries hold the undos of every move among them.
    withdrawn, read = withdrawn_seqs(entries), log_reader(game, seat)
    log = []
    for entry in entries:
        log.append({"seq": entry.seq, "seat": entry.seat, "lines": [line["text"] for line in read(entry.events)],
                    "taken_back_by": withdrawn.get(entry.seq), "undo": entry.kind == ActionKind.UNDO})
    if upto <= limit:  # the log reaches back to the start: the deal comes first
        log.append({"seq": 0, "seat": None, "lines": [line["text"] for line in opening_lines(game, seat)]})
    return _with_resignations(game, log, upto)


def _with_resignations(game: Game, log: list[dict[str, Any]], upto: int) -> list[dict[str, Any]]:
    """Each resignation as the last line of the move it came after ("cy resigned after move 41.")."""
    by_seq = {entry["seq"]: entry for entry in log}
    for resigned in resignations_of(game)[0]:
        entry = by_seq.get(resigned.after)
        if entry is not None and resigned.after <= upto:
            when = f"after move {resigned.after}" if resigned.after else "before the first move"
            entry["lines"].append(f"{resigned.name} resigned {when}.")
    return log


def player_games(user: User) -> dict[str, list[dict[str, Any]]]:
    """The user's games grouped: waiting for them, other running games, open, finished."""
    groups: dict[str, list[dict[str, Any]]] = {"waiting": [], "active": [], "open": [], "finished": []}
    seats = (Seat.objects.filter(user=user).select_related("game", "game__snapshot")
             .defer("game__snapshot__state").order_by("-game__created"))  # the lists need no positions
    resigned = _resigned_seats_of(user)
    for seat in seats:
        game = seat.game
        waiting = _waiting_seats(game) if game.status == GameStatus.ACTIVE else []
        entry = {"game": game, "seat": seat, "waiting_for_me": seat.index in waiting, "waiting": waiting,
                 "resigned": (game.pk, seat.index) in resigned}
        if game.status == GameStatus.ACTIVE:
            groups["waiting" if entry["waiting_for_me"] else "active"].append(entry)
        elif game.status == GameStatus.OPEN:
            groups["open"].append(entry)
        else:
            groups["finished"].append(entry)
    _name_waiting_players(groups["active"])
    return groups


def _resigned_seats_of(user: User) -> set[tuple[int, int]]:
    """(game, seat) of the user's resigned seats, read in one query (by seat, not by who pressed the button)."""
    seated = Seat.objects.filter(user=user, game_id=OuterRef("game_id"), index=OuterRef("seat"))
    return set(Resignation.objects.filter(Exists(seated)).values_list("game_id", "seat"))


def _name_waiting_players(entries: list[dict[str, Any]]) -> None:
    """``waiting_names`` for each running game: who the game waits on, read in one query."""
    names = {(game_id, index): name for game_id, index, name in Seat.objects.filter(
        game_id__in=[entry["game"].pk for entry in entries]).values_list("game_id", "index", "display_name")}
    for entry in entries:
        entry["waiting_names"] = [names.get((entry["game"].pk, index), "?") for index in entry["waiting"]]


def _waiting_seats(game: Game) -> list[int]:
    snapshot = snapshot_of(game) if game.has_started else None
    return list(snapshot.waiting_seats) if snapshot else []


def joinable_games(user: User | None, limit: int = 30) -> list[Game]:
    """Open games with a seat the user may take: open seats, or an invitation to their address."""
    seats = Q(seats__user__isnull=True, seats__invited_email="")
    if user is not None and user.is_authenticated:
        seats |= Q(seats__user__isnull=True, seats__invited_email=user.email)
    games = Game.objects.filter(Q(status=GameStatus.OPEN) & seats).distinct().order_by("-created")
    if user is not None and user.is_authenticated:
        games = games.exclude(seats__user=user)
    return list(games[:limit])


@dataclass(frozen=True)
class LobbyFilter:
    """Which open games the lobby lists: one title ("" for all), untimed ones only, or a longest limit."""

    title: str = ""
    untimed: bool = False
    longest: timedelta | None = None


FREE_SEAT = Q(seats__user__isnull=True, seats__invited_email="")


def lobby_games(chosen: LobbyFilter, limit: int = 100) -> list[Game]:
    """Open games with a seat anyone may take (not kept for an invitation), oldest first: they waited longest.

    Each game carries ``free_seats`` and ``taken_seats``, counted in the same statement.
    """
    games = (Game.objects.filter(status=GameStatus.OPEN)
             .annotate(free_seats=Count("seats", filter=FREE_SEAT),
                       taken_seats=Count("seats", filter=Q(seats__user__isnull=False)))
             .filter(free_seats__gt=0).select_related("created_by").order_by("created"))
    if chosen.title:
        games = games.filter(title=chosen.title)
    if chosen.untimed:
        games = games.filter(move_time_limit__isnull=True)
    elif chosen.longest is not None:
        games = games.filter(move_time_limit__lte=chosen.longest)
    return list(games[:limit])


def seated_game_ids(user: User | None, game_ids: list[int]) -> set[int]:
    """Which of ``game_ids`` the user already has a seat in (none for a visitor)."""
    if user is None or not user.is_authenticated or not game_ids:
        return set()
    return set(Seat.objects.filter(user=user, game_id__in=game_ids).values_list("game_id", flat=True))


def invitations_for(user: User | None) -> list[Game]:
    """Open games keeping a seat for the user's address, so the home page can say so."""
    if user is None or not user.is_authenticated:
        return []
    invited = Q(status=GameStatus.OPEN, seats__user__isnull=True, seats__invited_email=user.email)
    games = Game.objects.filter(invited).exclude(seats__user=user).select_related("created_by")
    return list(games.distinct().order_by("-created"))


def recent_games(limit: int = 20) -> list[Game]:
    """Running and finished games for the front page (their histories are public)."""
    started = [GameStatus.ACTIVE, GameStatus.FINISHED, GameStatus.IMPORTED]
    return list(Game.objects.filter(status__in=started).order_by("-created")[:limit])


def can_take_seat(context: GameContext, user: User | None) -> bool:
    if user is None or not user.is_authenticated or context.my_seat is not None:
        return False
    if context.game.status != GameStatus.OPEN:
        return False
    return any(seat.user_id is None and seat.invited_email in ("", user.email) for seat in context.seats)


def record_is_public(game: Game) -> bool:
    """A running game's record would reveal the tile bag (its seed), so it is published at the end."""
    return game.status in (GameStatus.FINISHED, GameStatus.IMPORTED)


# What a running game's record (its seed) would give away, per title; 1861 keeps nothing hidden.
RECORD_WOULD_REVEAL = {
    "acquire": "the tiles in the bag and in every hand",
    "railroad-barons": "the order of the railroad pile",
}


def record_withheld_reason(game: Game) -> str:
    """Why a running game's record cannot be downloaded yet, in the words of its title."""
    reveal = RECORD_WOULD_REVEAL.get(game.title)
    return "A running game's record is published when the game is over" + (
        f": before then it would reveal {reveal}." if reveal else ".")
