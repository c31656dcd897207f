"""Invitation mails: sent once the new game is committed, through Django's send_mail."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction

from games.models import Game
from games.titles import title_name


def send_invitations_on_commit(game: Game, base_url: str) -> None:
    """Mail every invited address a link to the game page (after commit: no mail for a rolled-back game)."""
    transaction.on_commit(lambda: send_invitations(game.pk, base_url))


def send_invitations(game_id: int, base_url: str) -> int:
    game = Game.objects.select_related("created_by").get(pk=game_id)
    link = f"{base_url.rstrip('/')}/games/{game.pk}/"
    host = game.created_by.name if game.created_by else "A player"
    sent = 0
    for seat in game.seats.filter(user__isnull=True).exclude(invited_email=""):
        send_mail(
            subject=f"{host} invites you to play {title_name(game.title)} on Turnpost",
            message=(
                f"{host} has kept a seat for you in \"{game}\", a game of {title_name(game.title)} "
                f"for {game.seat_count} players, played one move at a time.\n\n"
                f"Take your seat here (you sign in with this address, {seat.invited_email}):\n\n{link}\n"
            ),
            from_email=settings.DEFAULT_FROM_EMAIL,
            recipient_list=[seat.invited_email],
        )
        sent += 1
    return sent
