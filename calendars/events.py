"""What a player's calendar holds: the deadline of every move they owe, and the milestones others offer.

A deadline is an open ``notifications.Deadline`` of the player's seat at the game's current
version (the prompt they owe an answer to).  Milestones (a season's sign-up deadline, its
draw...) come from providers the leagues app registers (``provide_milestones``), so this
module needs nothing of theirs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from django.db.models import F
from django.urls import reverse

from games.models import GameStatus, Seat
from notifications.models import Deadline


@dataclass(frozen=True)
class CalendarEvent:
    """One entry of a feed: ``uid`` is stable for the same deadline or milestone, whatever else changes."""

    uid: str
    summary: str
    at: datetime
    description: str
    path: str  # the page to open, site-relative


MilestoneProvider = Callable[[int], list[CalendarEvent]]
_milestone_providers: list[MilestoneProvider] = []


def provide_milestones(provider: MilestoneProvider) -> None:
    """Add ``provider(user_id)`` to every feed (once per provider, at app ready)."""
    if provider not in _milestone_providers:
        _milestone_providers.append(provider)


def deadline_uid(game_id: int, seat: int, version: int) -> str:
    """The same prompt's deadline keeps its UID when quiet hours or a vacation move it."""
    return f"deadline-{game_id}-{seat}-{version}@turnpost"


def deadline_event(game, seat: int, due_at: datetime) -> CalendarEvent:
    """The event of ``seat``'s deadline in ``game`` at its current version."""
    name = str(game)
    return CalendarEvent(
        uid=deadline_uid(game.pk, seat, game.version),
        summary=f"Turnpost: your move in {name} is due",
        at=due_at,
        description=f"Move {game.version + 1} of {name} is yours; without it by then the game's timeout rule plays.",
        path=reverse("games:game", args=[game.pk]),
    )


def owed_deadlines(user_id: int) -> list[CalendarEvent]:
    """The deadline of every move ``user_id`` owes now, soonest first."""
    seats = Seat.objects.filter(user_id=user_id, game__status=GameStatus.ACTIVE).values_list("game_id", "index")
    wanted = dict(seats)
    rows = (Deadline.objects.filter(game_id__in=wanted, resolved=False, version=F("game__version"))
            .select_related("game").order_by("due_at", "game_id"))
    return [deadline_event(row.game, row.seat, row.due_at) for row in rows if wanted.get(row.game_id) == row.seat]


def events_of(user_id: int) -> list[CalendarEvent]:
    """Everything the player's feed shows: their deadlines, then the milestones, each sorted by time."""
    milestones = [event for provider in _milestone_providers for event in provider(user_id)]
    return owed_deadlines(user_id) + sorted(milestones, key=lambda event: (event.at, event.uid))
