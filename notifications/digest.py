"""The daily digest: one mail a day listing every decision waiting for a player who chose it.

It also quotes the table talk of the player's games since their last digest (others'
messages, the newest few per game), so a player on the digest misses no ``@name``: a day
with talk and no decision still gets its digest.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from notifications import links
from notifications.gameplay import chat_since, game_url, waiting_seats_of_user
from notifications.models import MailKind, MailProfile, Outbox, Preference, Stream
from notifications.outbox import enqueue
from notifications.preferences import wants
from notifications.schedule import clock_for, local_date


def waiting_decisions(user_id: int) -> list[tuple[int, int]]:
    """(game, seat) pairs where this player must act and wants the digest for that game."""
    return [
        (game_id, seat) for game_id, seat in waiting_seats_of_user(user_id) if wants(user_id, game_id, Stream.DIGEST)
    ]


TALK_PER_GAME = 8  # the newest this many messages of a game are quoted; the game page has the rest
FIRST_TALK_WINDOW = timedelta(days=1)  # a player's first digest quotes the last day's talk


@dataclass(frozen=True)
class TalkLine:
    """A message as the digest quotes it."""

    author: str
    after_move: int
    body: str
    mentions_reader: bool

    @property
    def body_lines(self) -> list[str]:
        return self.body.splitlines()


@dataclass(frozen=True)
class GameTalk:
    """One game's table talk in a digest: the quoted lines and how many older ones were left out."""

    game: Any
    lines: list[TalkLine]
    left_out: int
    chat_url: str


def talk_window(user_id: int, until: datetime) -> tuple[datetime, datetime]:
    """(since, until]: from this player's previous digest (its row's creation) up to ``until``."""
    previous = (Outbox.objects.filter(recipient_id=user_id, kind=MailKind.DIGEST, created__lt=until)
                .order_by("-created").values_list("created", flat=True).first())
    return (previous or until - FIRST_TALK_WINDOW), until


def table_talk(user_id: int, until: datetime, per_game: int = TALK_PER_GAME) -> list[GameTalk]:
    """Others' messages since the player's last digest, per game they sit at and want the digest of."""
    since, until = talk_window(user_id, until)
    by_game: dict[int, list] = {}
    for message in chat_since(user_id, since, until):
        by_game.setdefault(message.game_id, []).append(message)
    talk = []
    for game_id, messages in by_game.items():
        if not wants(user_id, game_id, Stream.DIGEST):
            continue
        quoted = [TalkLine(m.author, m.version, m.body, m.reader_seat in m.mentions) for m in messages[-per_game:]]
        chat_url = links.absolute(game_url(game_id)) + "#chat"
        talk.append(GameTalk(messages[0].game, quoted, max(0, len(messages) - per_game), chat_url))
    return talk


def queue_due_digests(now: datetime) -> int:
    """Insert today's digest for each player past their local digest hour (unique per local date)."""
    user_ids = set(Preference.objects.filter(stream=Stream.DIGEST, enabled=True).values_list("user_id", flat=True))
    hours = dict(MailProfile.objects.filter(user_id__in=user_ids).values_list("user_id", "digest_hour"))
    queued = 0
    for user in get_user_model().objects.filter(pk__in=user_ids):
        player_clock = clock_for(user)
        if now.astimezone(player_clock.tz).hour < hours.get(user.pk, 8):
            continue
        if not waiting_decisions(user.pk) and not table_talk(user.pk, now):
            continue
        with transaction.atomic():
            enqueue(None, local_date(now, player_clock).toordinal(), user, MailKind.DIGEST, None, now)
        queued += 1
    return queued
