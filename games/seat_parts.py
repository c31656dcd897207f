"""Who played which part of a seat: the seat's players in order, each with the log seqs they held it for.

A seat changes hands (an organizer's replacement, a substitute's claim) only between moves,
as a ``SeatChange`` after move ``after_version``; the new player holds the seat from the next
seq on.  Standings and ratings read the parts from here (``seat_players``).
"""

from __future__ import annotations

from accounts.models import User
from games.models import Game, Seat, SeatChange


def seat_players(game: Game, seat: int) -> list[tuple[User | None, int, int]]:
    """``[(user, first_seq, last_seq), ...]`` for ``seat``, first player first; one entry for an unchanged seat.

    ``last_seq`` of the seat's last player is the game's last seq (its version).  A part may
    be empty (``first_seq > last_seq``) when the seat changed hands twice between two moves.
    """
    changes = list(SeatChange.objects.filter(game=game, seat=seat).select_related("from_user", "to_user")
                   .order_by("after_version", "id"))
    if not changes:
        holder = Seat.objects.filter(game=game, index=seat).select_related("user").first()
        return [(holder.user if holder else None, 1, game.version)]
    parts: list[tuple[User | None, int, int]] = []
    first = 1
    for change in changes:
        parts.append((change.from_user, first, change.after_version))
        first = change.after_version + 1
    parts.append((changes[-1].to_user, first, game.version))
    return parts
