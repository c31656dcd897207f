"""What a turn mail carries besides its text: files other apps offer (the calendars app's .ics invitation).

Notifications stands below those apps, so it asks through this hook instead of importing them:
a provider is called with the recipient, the game, the seat and its deadline while the mail is
composed, and returns the files to attach (none when the player did not ask for any).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class Attachment:
    filename: str
    content: str
    mimetype: str


Provider = Callable[[Any, Any, int, datetime | None], list[Attachment]]

_providers: list[Provider] = []


def provide(provider: Provider) -> None:
    """Ask ``provider`` for every turn mail (once per provider, at app ready)."""
    if provider not in _providers:
        _providers.append(provider)


def for_turn(user: Any, game: Any, seat: int, due_at: datetime | None) -> list[Attachment]:
    """Every provider's files for this turn mail, in the order the providers came."""
    return [attachment for provider in _providers for attachment in provider(user, game, seat, due_at)]
