"""Who played each seat of a game, and what share of it: the seam for substitutes.

By default a seat was played by its seated user alone.  The leagues app, which records
substitutes, registers a provider (``provide``) that answers for the games it knows:
``{seat index: [(user id, share of the game played), ...]}`` with shares summing to 1 per
seat, or None to leave the game to the default.  The ratings weight each player by their share
(OpenSkill's partial play), so a substitute who played the last third of a seat's moves moves
a third as far.
"""

from __future__ import annotations

from collections.abc import Callable

from games.models import Game, Seat

SeatShares = dict[int, list[tuple[int, float]]]
Provider = Callable[[Game], SeatShares | None]

_providers: list[Provider] = []


def provide(provider: Provider) -> None:
    """Ask ``provider`` first about every game's seats (once per provider, at app ready)."""
    if provider not in _providers:
        _providers.append(provider)


def seat_shares(game: Game) -> SeatShares:
    """Each seat's players and their shares: the first provider's answer, else the seated users."""
    for provider in _providers:
        shares = provider(game)
        if shares is not None:
            return shares
    seated = Seat.objects.filter(game=game, user__isnull=False).values_list("index", "user_id")
    return {index: [(user_id, 1.0)] for index, user_id in seated}
