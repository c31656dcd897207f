"""Table talk: the players of a game post short messages; anyone who may see the game reads them.

Talk is public, like the history (it never carries a seat's tiles), and append-only.  Only
players seated at a started game post, finished games included (a post-game "gg" is
normal); an imported game is a record under review, with nobody at its table, so its chat
is read-only.  A message names players with ``@name`` (``games.mentions``); the
``chat_posted`` signal, sent inside the posting transaction, lets the mail layer write a
mention mail for each of them in that same transaction.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games.errors import GameClosed, GameNotFound, GameServiceError, NotYourSeat
from games.mentions import Part, mentioned_seats, parse
from games.models import ChatMessage, Game, GameStatus, Seat
from games.signals import chat_posted
from turnpost import rows

MAX_LENGTH = 1000
POSTS_PER_MINUTE = 5  # a seat's messages in any minute: a conversation flows, a flood of lines (and mail) does not
PAGE_LINES = 50  # the game page shows the newest this many; the history reaches back further by step
NONCE = re.compile(r"[A-Za-z0-9_-]{16,64}")


class ChatRefused(GameServiceError):
    """A message that cannot be posted as written (empty, too long, a broken form): nothing was stored."""

    code = "chat"
    http_status = 400


class ChatTooFast(ChatRefused):
    """The seat posted POSTS_PER_MINUTE messages in the last minute: this one waits (nothing was stored)."""

    http_status = 429


def new_nonce() -> str:
    """A fresh form's token: a second send of the same form is recognised as the same message."""
    return secrets.token_hex(16)  # letters and digits only: no "-6A_" for a page checker to read as a tile


@dataclass(frozen=True)
class Line:
    """A message as a page shows it: who said it, after which move, and its text cut at the mentions."""

    id: int
    author: str
    version: int
    parts: list[Part]
    created: Any
    mentions_reader: bool = False


@dataclass
class ChatBox:
    """The chat card of a game page: the lines, and the form or the sentence saying why there is none."""

    lines: list[Line]
    can_post: bool
    why_not: str = ""
    draft: str = ""
    error: str = ""
    nonce: str = field(default_factory=new_nonce)

    @property
    def newest(self) -> int:
        """The newest line's id (0: none), which the page's poll compares with the game's."""
        return self.lines[0].id if self.lines else 0


# Control characters but the tab and the line break: invisible, and PostgreSQL refuses a NUL in text.
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def clean_body(body: Any) -> str:
    """The message as stored: line breaks as ``\\n``, no control characters, no blank lines or spaces around it.

    ChatRefused (nothing stored) when nothing is left or it is too long.
    """
    text = CONTROL.sub("", str(body or "").replace("\r\n", "\n").replace("\r", "\n")).strip()
    if not text:
        raise ChatRefused("Your message is empty: write something before posting it.")
    if len(text) > MAX_LENGTH:
        raise ChatRefused(f"Your message has {len(text):,} characters; a message may have at most {MAX_LENGTH:,}. "
                          "Shorten it and post it again.")
    return text


def post_message(game_id: int, user: User | None, body: Any, nonce: Any) -> tuple[ChatMessage, bool]:
    """Post ``body`` as ``user``'s seat; returns the message and whether it is new (False: the form was sent twice).

    Refusals (GameServiceError) store nothing.  Two sends of one form (same ``nonce``) give
    one message: the unique constraint decides, so even simultaneous sends post once.
    """
    text = clean_body(body)
    if not isinstance(nonce, str) or not NONCE.fullmatch(nonce):
        raise ChatRefused("The form was incomplete; please post your message again.")
    with transaction.atomic(durable=True):
        game = Game.objects.filter(pk=game_id).first()
        if game is None:
            raise GameNotFound("There is no such game.")
        seats = list(Seat.objects.filter(game=game).order_by("index"))
        seat = _seated(game, seats, user)
        again = ChatMessage.objects.filter(game=game, seat=seat.index, nonce=nonce).first()
        if again is not None:
            return again, False
        _check_pace(game, seat)
        names = {other.index: other.display_name for other in seats if other.index != seat.index}
        message, created = ChatMessage.objects.get_or_create(
            game=game, seat=seat.index, nonce=nonce,
            defaults={"user": user, "body": text, "version": game.version, "created": timezone.now(),
                      "mentions": mentioned_seats(text, names)},
        )
        if created:
            chat_posted.send(sender=ChatMessage, game=game, message=message)
    return message, created


def _check_pace(game: Game, seat: Seat) -> None:
    """ChatTooFast when the seat posted POSTS_PER_MINUTE messages in the last minute.

    The seat's row is locked first, so two tabs posting at once are counted one after the other.
    """
    Seat.objects.select_for_update().filter(pk=seat.pk).first()
    since = timezone.now() - timedelta(minutes=1)
    if ChatMessage.objects.filter(game=game, seat=seat.index, created__gt=since).count() >= POSTS_PER_MINUTE:
        raise ChatTooFast(f"You have posted {POSTS_PER_MINUTE} messages in the last minute; wait a moment, "
                          "then post this one again (it is still in the box).")


def _seat_of(seats: list[Seat], user: User | None) -> Seat | None:
    if user is None or not user.is_authenticated:
        return None
    return next((seat for seat in seats if seat.user_id == user.pk), None)


def _seated(game: Game, seats: list[Seat], user: User | None) -> Seat:
    """The user's seat at a table that talks; the refusal's sentence otherwise."""
    seat = _seat_of(seats, user)
    reason = refusal_for(game, seat, signed_in=user is not None and user.is_authenticated)
    if reason or seat is None:  # refusal_for always refuses a reader without a seat
        raise (NotYourSeat if game.has_started and game.status != GameStatus.IMPORTED else GameClosed)(reason)
    return seat


def refusal_for(game: Game, seat: Seat | None, signed_in: bool) -> str:
    """Why this reader cannot post in the game's chat, as a sentence; empty when they can."""
    if game.status == GameStatus.IMPORTED:
        return "This game was imported from a record for review: its chat is read-only."
    if not game.has_started:
        return "The chat opens when the game starts."
    if seat is None:
        if not signed_in:
            return "Only the players of this game can post here; sign in if you are one of them."
        return "Only the players seated at this game can post here; you can read along."
    return ""


_LINES_SQL = """
SELECT id, seat, version, body, mentions, created FROM games_chatmessage
WHERE game_id = %s AND version <= %s AND NOT hidden ORDER BY id DESC LIMIT %s
"""


def lines_of(game: Game, seats: list[Seat], upto: int | None = None, limit: int = PAGE_LINES,
             reader: int | None = None) -> list[Line]:
    """The newest ``limit`` messages posted by move ``upto`` (default: all), newest first (as the log).

    Every game page runs this, so it is written as SQL (the reason is in games.game_rows).
    """
    upto = game.version if upto is None else upto
    messages = rows.fetch(ChatMessage, _LINES_SQL, [game.pk, upto, limit])
    names = {seat.index: seat.display_name for seat in seats}
    return [
        Line(message.id, names.get(message.seat, "a former player"), message.version, parse(message.body, names),
             message.created, reader is not None and reader in message.mentions)
        for message in messages
    ]


def chat_box(game: Game, seats: list[Seat], reader_seat: Seat | None, signed_in: bool, draft: str = "",
             error: str = "") -> ChatBox:
    """The game page's chat card for this reader; ``draft`` and ``error`` after a refused post."""
    why_not = refusal_for(game, reader_seat, signed_in)
    reader = reader_seat.index if reader_seat is not None else None
    return ChatBox(lines_of(game, seats, reader=reader), can_post=not why_not, why_not=why_not, draft=draft,
                   error=error)
