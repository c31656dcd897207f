"""Which streams a player wants, per game; the per-game choice beats the player's default."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q

from notifications.models import Preference, Stream, Suppression

DEFAULTS = {Stream.TURN: True, Stream.REMINDER: True, Stream.RESULT: True, Stream.DIGEST: False, Stream.CHAT: True}


def wants(user_id: int, game_id: int | None, stream: str) -> bool:
    """True if ``stream`` mail for ``game_id`` should go to this player."""
    rows = dict(
        Preference.objects.filter(user_id=user_id, stream=stream)
        .filter(Q(game_id=game_id) | Q(game__isnull=True))
        .values_list("game_id", "enabled")
    )
    if game_id in rows:
        return rows[game_id]
    return rows.get(None, DEFAULTS[Stream(stream)])


def set_stream(user_id: int, game_id: int | None, stream: str, enabled: bool) -> None:
    Preference.objects.update_or_create(user_id=user_id, game_id=game_id, stream=stream, defaults={"enabled": enabled})


def unsubscribe(user_id: int, game_id: int | None, stream: str, game_active: bool) -> str:
    """Switch a stream off; leaving an active game's turn prompts switches its digest on instead.

    Returns a sentence for the confirmation page.  Why the digest: a player who stops turn
    mails of a game still in progress would otherwise strand the other players.
    """
    with transaction.atomic():
        if game_id is None:  # a mail about no one game (the digest): off everywhere, per-game choices included
            Preference.objects.filter(user_id=user_id, stream=stream).update(enabled=False)
        set_stream(user_id, game_id, stream, False)
        if stream == Stream.TURN and game_active:
            set_stream(user_id, game_id, Stream.DIGEST, True)
            return "You will no longer get a mail for each turn of this game; a daily digest lists your decisions."
    label = Stream(stream).label
    return f"You will no longer get {label}" + (" for this game." if game_id else ".")


def is_unreachable(address: str) -> bool:
    return Suppression.objects.filter(address=address.strip().lower()).exists()
