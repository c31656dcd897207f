"""Undo requests by mail: the asked players' mails and their Allow/Refuse links, and the asker's news.

A request (games.undo_requests) mails each seat it asks, in the asking transaction; a refusal or a
lapse mails the asker.  An applied undo needs no mail of its own: the move path tells the seats
the restored position waits on (their turn mail says "ann took back move 12").

The links work as move links do: GET describes and changes nothing (scanners fetch links), the
POST answers through games.undo_requests under the game's lock, so a double click or a late
answer is told what happened instead of acting twice.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from notifications import clock, links
from notifications.compose import game_context
from notifications.gameplay import (
    Game,
    GameServiceError,
    UndoRequest,
    UndoRequestStatus,
    answer_undo,
    load,
    seat_user,
    undo_lines,
    undo_request_at,
    undo_words,
)
from notifications.link_pages import LinkPage
from notifications.models import MailKind
from notifications.outbox import enqueue

# ---------------------------------------------------------------- mails (receivers of games.signals)


def on_undo_requested(sender: Any, request: UndoRequest, game: Game, **kwargs: Any) -> None:
    """Each asked seat's player gets the request, with its Allow and Refuse links."""
    for seat in request.asked_seats:
        user = seat_user(game.pk, seat)
        if user is not None:
            enqueue(game.pk, request.version, user, MailKind.UNDO_ASK, seat)


def on_undo_closed(sender: Any, request: UndoRequest, game: Game, **kwargs: Any) -> None:
    """The asker hears that the move stands (refused, or the game moved on)."""
    user = seat_user(game.pk, request.seat)
    if user is not None:
        enqueue(game.pk, request.version, user, MailKind.UNDO_RESULT, request.seat)


# ---------------------------------------------------------------- the link's pages


def _read(token: str, now: datetime) -> links.UndoAnswerClaim | LinkPage:
    try:
        return links.read_undo_answer_token(token, now)
    except links.BadLink as error:
        return LinkPage("refused", str(error), status=400)
    except links.ExpiredLink:
        return LinkPage("expired", "This link has expired.", status=410)


def _not_yours(claim: links.UndoAnswerClaim, viewer: Any) -> LinkPage | None:
    if viewer is None or viewer.pk == claim.user:
        return None
    return LinkPage("not_yours", f"This link is for another player; you are signed in as {viewer.name}. "
                                 "Nothing was done.", status=403)


def _page(claim: links.UndoAnswerClaim, kind: str, message: str = "", status: int = 200) -> LinkPage:
    """A page about the claim's request, with the game as the link's seat sees it now."""
    loaded = load(claim.game, claim.seat)
    request = undo_request_at(claim.game, claim.version)
    user = seat_user(claim.game, claim.seat)
    if loaded is None or request is None or request.pk != claim.request or user is None or user.pk != claim.user:
        return LinkPage("refused", "This request is not yours to answer any more.", status=403)
    words = undo_words(request)
    context = {**game_context(loaded, claim.seat, user), **words, "lines": undo_lines(loaded.game, request, claim.seat),
               "allow": claim.allow}
    label = f"Allow {words['asker']} to take back move {words['move']}" if claim.allow else "Refuse"
    if kind == "confirm" and (request.status != UndoRequestStatus.PENDING or loaded.version != claim.version):
        kind, message = "stale", _ended(request, words["asker"], loaded.version != claim.version)
    return LinkPage(kind, message, label, status, context)


def _ended(request: UndoRequest, asker: str, moved_on: bool) -> str:
    if request.status == UndoRequestStatus.APPLIED:
        return f"Already resolved: {asker}'s move was taken back."
    if request.status == UndoRequestStatus.REFUSED:
        return f"Already resolved: the request was refused, so {asker}'s move stands."
    return f"Already resolved: the game has moved on, so {asker}'s move stands."


def inspect(token: str, viewer: Any = None, now: datetime | None = None) -> LinkPage:
    """The GET: what pressing the button would answer, or why there is nothing to answer; no writes."""
    claim = _read(token, now or clock.now())
    if isinstance(claim, LinkPage):
        return claim
    return _not_yours(claim, viewer) or _page(claim, "confirm")


def act(token: str, viewer: Any = None, now: datetime | None = None) -> LinkPage:
    """The POST: answer the request (games.undo_requests says what came of it)."""
    claim = _read(token, now or clock.now())
    if isinstance(claim, LinkPage):
        return claim
    not_yours = _not_yours(claim, viewer)
    if not_yours is not None:
        return not_yours
    user = seat_user(claim.game, claim.seat)
    if user is None or user.pk != claim.user:
        return LinkPage("refused", "This seat is no longer yours.", status=403)
    try:
        outcome = answer_undo(claim.request, user, claim.allow)
    except GameServiceError as error:
        return LinkPage("refused", error.message, status=error.http_status)
    kind = "stale" if outcome.status == "closed" else "applied"
    return _page(claim, kind, outcome.message)
