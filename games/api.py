"""The JSON API (django-ninja): read a game as its viewer sees it, and submit moves.

Authentication is a bearer token from the account page.  Errors are JSON
``{"error": sentence, "code": word}`` with 400 (illegal or unreadable), 401 (no token, or one not recognised),
403 (not your seat, private), 404 (no such game or endpoint), 405 (a method the endpoint does
not take), 409 (stale version or closed game) and 500 (a fault on our side).
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from ninja import NinjaAPI, Schema, Status
from ninja.errors import AuthenticationError, HttpError, ValidationError
from ninja.security import HttpBearer

from accounts.models import ApiToken, User
from games import queries, resignation, services, undo_requests
from games.errors import GameServiceError
from games.models import ActionSource

NO_TOKEN = "Send an API token as 'Authorization: Bearer <token>'."
UNKNOWN_TOKEN = ("This API token is not recognised; it may have been revoked. "
                 "Make a new one on your account page.")


class TokenAuth(HttpBearer):
    def authenticate(self, request: HttpRequest, token: str) -> User | None:
        user = ApiToken.user_for_key(token)
        if user is not None:
            request.user = user
        elif token.strip():  # a token was sent: telling its sender how to send one would mislead them
            request.api_token_unknown = True  # type: ignore[attr-defined]
        return user


api = NinjaAPI(
    title="Turnpost API",
    version="1",
    description=__doc__,
    auth=TokenAuth(),
    urls_namespace="api",
)


class ErrorOut(Schema):
    error: str
    code: str
    version: int | None = None


# What every operation may answer besides its own: an unreadable request, or no valid token.
COMMON_ERRORS = {400: ErrorOut, 401: ErrorOut}


class SeatOut(Schema):
    seat: int
    name: str
    you: bool
    resigned: bool = False


class GameOut(Schema):
    id: int
    title: str
    name: str
    status: str
    version: int
    seat: int | None
    players: list[SeatOut]
    waiting_for: list[int]
    view: dict[str, Any] | None
    prompt: dict[str, Any] | None


class GameListItem(Schema):
    id: int
    title: str
    name: str
    status: str
    version: int
    seat: int
    your_move: bool


class MoveIn(Schema):
    action: dict[str, Any]
    expected_version: int


class MoveOut(Schema):
    status: str
    version: int
    message: str


class UndoIn(Schema):
    expected_version: int


class UndoAnswerIn(Schema):
    allow: bool


class UndoOut(Schema):
    status: str  # taken_back, asked, answered or closed
    version: int
    message: str
    request: int | None = None


def _error(request: HttpRequest, status: int, message: str, code: str, version: int | None = None) -> HttpResponse:
    return api.create_response(request, {"error": message, "code": code, "version": version}, status=status)


@api.exception_handler(ValidationError)
def _invalid(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    details = "; ".join(
        f"{'.'.join(str(part) for part in error.get('loc', ())[1:]) or 'body'}: {error.get('msg', 'invalid')}"
        for error in exc.errors[:5]
    )
    return _error(request, 400, f"The request could not be read ({details}).", "bad_request")


@api.exception_handler(AuthenticationError)
def _unauthenticated(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
    message = UNKNOWN_TOKEN if getattr(request, "api_token_unknown", False) else NO_TOKEN
    return _error(request, 401, message, "unauthenticated")


@api.exception_handler(Http404)
def _not_found(request: HttpRequest, exc: Http404) -> HttpResponse:
    return _error(request, 404, "There is no such game.", "not_found")


@api.exception_handler(HttpError)
def _http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    """Ninja's own refusals ("Cannot parse request body") as one of our sentences."""
    detail = str(exc).rstrip(".")
    if exc.status_code == 400:
        return _error(request, 400, f"The request could not be read ({detail[:1].lower()}{detail[1:]}).", "bad_request")
    return _error(request, exc.status_code, f"{detail}.", "error")


@api.get("/games", response={200: list[GameListItem], **COMMON_ERRORS}, summary="Your games")
def list_games(request: HttpRequest) -> list[dict[str, Any]]:
    items = []
    for group in queries.player_games(request.auth).values():
        for entry in group:
            game = entry["game"]
            items.append({"id": game.pk, "title": game.title, "name": game.name, "status": game.status,
                          "version": game.version, "seat": entry["seat"].index, "your_move": entry["waiting_for_me"]})
    return items


@api.get("/games/{game_id}", response={200: GameOut, **COMMON_ERRORS, 403: ErrorOut, 404: ErrorOut},
         summary="A game as you see it")
def read_game(request: HttpRequest, game_id: int, seat: int | None = None) -> Any:
    """The engine's view for your seat (the public view if you have none), your prompt and the version.

    ``seat``, if given, must be your own seat: other seats' views are private (403).
    """
    context = queries.game_context(game_id, request.auth)
    if seat is not None and seat != context.seat_index:
        return Status(403, {"error": "That seat's view is private to its player.", "code": "private"})
    position = queries.position_for(context) if context.game.has_started else None
    gone = position.view.get("resigned", []) if position else []
    players = [{"seat": s.index, "name": s.label, "you": s is context.my_seat, "resigned": s.index in gone}
               for s in context.seats]
    body: dict[str, Any] = {
        "id": context.game.pk, "title": context.game.title, "name": context.game.name,
        "status": context.game.status, "version": context.game.version, "seat": context.seat_index,
        "players": players, "waiting_for": [], "view": None, "prompt": None,
    }
    if position is not None:
        body.update(view=position.view, waiting_for=position.waiting_seats,
                    prompt=position.prompt.to_json() if position.prompt else None)
    return Status(200, body)


@api.post(
    "/games/{game_id}/actions",
    response={200: MoveOut, **COMMON_ERRORS, 403: ErrorOut, 404: ErrorOut, 409: ErrorOut},
    summary="Submit an action for your seat",
)
def submit_action(request: HttpRequest, game_id: int, move: MoveIn) -> Any:
    """Apply ``action`` if the game is still at ``expected_version``; 409 with the current version if not."""
    context = queries.game_context(game_id, request.auth)
    if context.my_seat is None:
        return Status(403, {"error": "You have no seat in this game.", "code": "not_your_seat"})
    try:
        outcome = services.submit_move(game_id, context.my_seat.index, move.action, move.expected_version,
                                       ActionSource.API, user=request.auth)
    except GameServiceError as error:
        return Status(error.http_status, {"error": error.message, "code": error.code})
    if not outcome.applied:
        return _stale(game_id, outcome.version)
    return Status(200, {"status": outcome.status, "version": outcome.version, "message": outcome.message})


def _stale(game_id: int, version: int) -> Any:
    """409 for a move made on an older version: the pages' "already done" speaks of a page and shows the
    position, which an API answer has neither of; it says where to read the game again."""
    message = (f"Already done: the game has moved on (it now waits for move {version + 1}). Read it again"
               f" (GET /api/games/{game_id}) and send your move with the version it gives.")
    return Status(409, {"error": message, "code": "stale", "version": version})


class ResignOut(Schema):
    status: str
    game_over: bool
    message: str


@api.post(
    "/games/{game_id}/resign",
    response={200: ResignOut, **COMMON_ERRORS, 403: ErrorOut, 404: ErrorOut, 409: ErrorOut},
    summary="Resign from a running game",
)
def resign(request: HttpRequest, game_id: int) -> Any:
    """Leave the game for good: with one player left it ends (they win); else the service plays your seat.

    409 ``already_resigned`` the second time, ``closed`` for a game not running.
    """
    try:
        outcome = resignation.resign(game_id, request.auth)
    except GameServiceError as error:
        return Status(error.http_status, {"error": error.message, "code": error.code})
    return Status(200, {"status": "resigned", "game_over": outcome.game_over, "message": outcome.message})


@api.get("/games/{game_id}/record", response={200: dict[str, Any], **COMMON_ERRORS, 403: ErrorOut, 404: ErrorOut},
         summary="The game record (finished and imported games)")
def game_record(request: HttpRequest, game_id: int) -> Any:
    context = queries.game_context(game_id, request.auth)
    if not queries.record_is_public(context.game):
        return Status(403, {"error": queries.record_withheld_reason(context.game), "code": "private"})
    return Status(200, services.record_for(context.game))


def _undo_answer(game_id: int, outcome: undo_requests.UndoOutcome) -> Any:
    if outcome.status == "already_done":
        return _stale(game_id, outcome.version)
    request = outcome.request.pk if outcome.request is not None else None
    return Status(200, {"status": outcome.status, "version": outcome.version, "message": outcome.message,
                        "request": request})


@api.post("/games/{game_id}/undo",
          response={200: UndoOut, **COMMON_ERRORS, 403: ErrorOut, 404: ErrorOut, 409: ErrorOut},
          summary="Take back your last move")
def take_back(request: HttpRequest, game_id: int, body: UndoIn) -> Any:
    """At once if nobody else was asked to act since (status ``taken_back``); else the players who were are
    asked to allow it (status ``asked``, with the request's id).  409 when the version moved on or it cannot
    be taken back (the sentence says why)."""
    try:
        outcome = undo_requests.take_back(game_id, request.auth, body.expected_version, ActionSource.API)
        return _undo_answer(game_id, outcome)
    except GameServiceError as error:
        return Status(error.http_status, {"error": error.message, "code": error.code})


@api.post("/games/{game_id}/undo-requests/{request_id}",
          response={200: UndoOut, **COMMON_ERRORS, 403: ErrorOut, 404: ErrorOut, 409: ErrorOut},
          summary="Allow or refuse another player's undo")
def answer_undo(request: HttpRequest, game_id: int, request_id: int, body: UndoAnswerIn) -> Any:
    """For a player the request asked: the last allowance takes the move back, one refusal ends the request."""
    try:
        outcome = undo_requests.answer_request(request_id, request.auth, body.allow, ActionSource.API)
    except GameServiceError as error:
        return Status(error.http_status, {"error": error.message, "code": error.code})
    return _undo_answer(game_id, outcome)
