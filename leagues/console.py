"""The organizer's console: who may act on a league's games, what the console lists, and mail to a division.

The acts themselves are the games app's (games.organizer_acts); this module tells it who
a league game's organizers are (``may_organize``, registered when the app loads).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.urls import reverse

from accounts.models import User
from games.errors import SetupError
from games.models import ActKind, Game, GameStatus
from games.organizer_acts import NotAnOrganizer, clean_reason
from leagues import standings
from leagues.models import Division, DivisionMessage, League, LeagueGame, Season, SeatOffer
from notifications.links import absolute
from notifications.models import MailKind
from notifications.outbox import enqueue_with_payload

MAX_SUBJECT_CHARS = 150


def may_organize(game: Game, user: User) -> bool:
    """games.organizer_acts' permission check: ``user`` organizes the league ``game`` belongs to."""
    return League.objects.filter(seasons__divisions__league_games__game=game, organizers=user).exists()


def is_organizer(league: League, user: Any) -> bool:
    return bool(user and user.is_authenticated and (user.is_staff or league.is_organizer(user)))


@dataclass(frozen=True)
class ConsoleRow:
    """One league game as the console lists it."""

    league_game: LeagueGame
    game: Game | None
    state: str
    open_offers: list[SeatOffer]


def console_rows(season: Season) -> list[ConsoleRow]:
    """Every game of the season by division and number, with its state in words and its open seat offers."""
    games = (LeagueGame.objects.filter(division__season=season).select_related("division", "game", "wave")
             .order_by("division__level", "division__number", "number"))
    offers: dict[int, list[SeatOffer]] = {}
    for offer in SeatOffer.objects.filter(game__league_game__division__season=season, claimed_by__isnull=True):
        offers.setdefault(offer.game_id, []).append(offer)
    return [ConsoleRow(entry, entry.game, _state(entry.game), offers.get(entry.game_id, [])) for entry in games]


def _state(game: Game | None) -> str:
    if game is None:
        return "planned (its wave has not started)"
    if game.status == GameStatus.FINISHED:
        return "adjudicated" if game.adjudicated else "finished"
    if game.paused:
        return "paused"
    return game.get_status_display()


def message_division(division: Division, user: User, subject: str, body: str, nonce: str) -> DivisionMessage:
    """Mail every player of ``division`` through the outbox; the same form sent twice mails once."""
    if not is_organizer(division.season.league, user):
        raise NotAnOrganizer("Only the league's organizers can write to its divisions.")
    subject = " ".join(str(subject or "").split())[:MAX_SUBJECT_CHARS]
    if not subject:
        raise SetupError("Give the message a subject.")
    body = clean_reason(body)
    nonce = str(nonce or "")[:64]
    if not nonce:
        raise SetupError("The form was incomplete; open the page again.")
    earlier = DivisionMessage.objects.filter(division=division, nonce=nonce).first()
    if earlier is not None:
        return earlier
    try:
        with transaction.atomic():
            message = DivisionMessage.objects.create(division=division, by_user=user, subject=subject, body=body,
                                                     nonce=nonce)
            payload = {"league": division.season.league.name, "division": division.name, "subject": subject,
                       "body": body, "sender": user.name, "division_url": division_url(division)}
            for member in division.members.select_related("user"):
                enqueue_with_payload(member.user, MailKind.DIVISION_MSG, message.pk, payload)
    except IntegrityError:  # the same form, sent twice at once: the other request mailed it
        return DivisionMessage.objects.get(division=division, nonce=nonce)
    return message


def division_url(division: Division) -> str:
    """The division's page, for its players' mail: a walk's message from the organizer gave no way back to it."""
    season = division.season
    return absolute(reverse("leagues:division", args=[season.league.slug, season.number, division.pk]))


def on_organizer_acted(sender: Any, game: Game, act: Any, **kwargs: Any) -> None:
    """An adjudication finishes a league game: its result goes into the division's table in the same transaction."""
    if act.kind == ActKind.ADJUDICATE:
        record_adjudicated_result(game)


def record_adjudicated_result(game: Game) -> None:
    """The division's table takes the entered places (games.standings gives them for an adjudicated game)."""
    standings.record_result(game)
