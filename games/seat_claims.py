"""Seat claims: the links that seat the players of a game moved here from 18xx.games.

Such a game (``games.import_18xx``) arrives already under way, every seat named as on
18xx.games and nobody sitting in it.  Whoever imported it gets one claim link per seat and
sends each player the link of the seat that was theirs there.  A claim link is a signed
token naming the game and the seat; opened by someone signed in, its button seats them.

It differs from an invitation (``games.invitations``) in one way that matters: the importer
knows the players' names on 18xx.games, not their addresses, so the link names no mailbox
and cannot sign anyone in: the claimant signs in first, with any address.  It is spent the
moment its seat is taken, and a player sits in at most one seat of a game.  GET shows what
the link would do (mail scanners open links); the POST acts, under the game's lock.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.core import signing
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from games import services
from games.errors import GameServiceError
from games.models import Game, GameStatus, Seat
from games.signals import seat_claimed
from turnpost.signed_links import read_signed

# As long as an invitation waits: players of a game by mail may be slow to answer.
CLAIM_MAX_AGE = timedelta(days=30)
_SALT = "turnpost.games.seat-claim"


class ClaimRefused(GameServiceError):
    """The link seats nobody: forged, expired, for another game, or its seat is taken."""

    code = "claim_refused"
    http_status = 400


@dataclass(frozen=True)
class SeatClaim:
    """A claim link that can still seat someone: the game and the seat it names."""

    game: Game
    seat: Seat


def claim_token(seat: Seat) -> str:
    return signing.dumps({"game": seat.game_id, "seat": seat.index}, salt=_SALT, compress=True)


def claim_path(seat: Seat) -> str:
    return reverse("games:claim_seat", kwargs={"game_id": seat.game_id, "token": claim_token(seat)})


def unclaimed_seats(game: Game, user: User | None) -> list[Seat]:
    """The seats still waiting for their player, for the one who imported the game (else none).

    Only the importer is shown the links: each one seats whoever opens it.
    """
    if user is None or not user.is_authenticated or game.created_by_id != user.pk or game.status != GameStatus.ACTIVE:
        return []
    return list(game.seats.filter(user__isnull=True).order_by("index"))


def read_claim(game_id: int, token: str) -> SeatClaim:
    """The seat ``token`` names, if it still waits for a player; ClaimRefused says why not."""
    index = _seat_index(game_id, token)
    game = Game.objects.select_related("created_by").filter(pk=game_id).first()
    seat = game.seats.filter(index=index).first() if game else None
    if game is None or seat is None or game.status != GameStatus.ACTIVE:
        raise ClaimRefused("This game no longer has this seat to take.")
    if seat.user_id is not None:
        raise ClaimRefused(f"The seat of {seat.display_name} is taken: this link seats nobody any more.")
    return SeatClaim(game, seat)


def held_by(game_id: int, token: str, user: User) -> Seat | None:
    """The seat ``token`` names if ``user`` already plays it (their link opened again), else None."""
    try:
        index = _seat_index(game_id, token)
    except ClaimRefused:
        return None
    return Seat.objects.filter(game_id=game_id, index=index, user=user).first()


def _seat_index(game_id: int, token: str) -> int:
    """The seat index a link of ``game_id`` names; ClaimRefused for a link that is not whole or has expired."""
    invalid = "This seat link is not valid. Check that it was copied whole."
    data = read_signed(token, salt=_SALT, max_age=CLAIM_MAX_AGE, refusal=ClaimRefused, invalid=invalid,
                       expired="This seat link has expired. Ask whoever moved the game here for a new one.")
    if data.get("game") != game_id or not isinstance(data.get("seat"), int):
        raise ClaimRefused(invalid)
    return data["seat"]


def claim(game_id: int, token: str, user: User) -> Seat:
    """Seat ``user`` in the seat the link names, under the game's lock (two presses: one seat)."""
    read_claim(game_id, token)
    with transaction.atomic(durable=True):
        services.lock_game(game_id)
        found = read_claim(game_id, token)  # again, under the lock
        seat = found.seat
        if found.game.seats.filter(user=user).exists():
            raise ClaimRefused("You already have a seat in this game; a player plays one seat.")
        seat.user, seat.joined = user, timezone.now()  # the name stays the game's: its log says it
        seat.save(update_fields=["user", "joined"])
        seat_claimed.send(sender=Game, game=found.game, seat=seat.index, user=user)  # owed a move: mailed it
    return seat
