"""Signing up for a season, withdrawing before the draw, and the invitation mailed to last season's players.

Signing up is idempotent (one row per player and season, ``leagues_signup_once``), so a
double click or a re-opened link signs up once.  The invitation link carries a signed token
naming the season and the player; it signs nobody in (a forwarded mail is not an account),
it only signs its own player up, from a confirm page whose button POSTs, like the other mail
links (mail scanners open links: GET only shows what the link would do).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.core import signing
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from leagues.errors import LeagueError
from leagues.models import DivisionMember, Season, SeasonStatus, SignUp, SignUpStatus
from notifications import outbox
from notifications.models import MailKind
from turnpost.signed_links import read_signed

SIGNUP_LINK_MAX_AGE = timedelta(days=90)
_SALT = "turnpost.leagues.signup"


def _locked_open_season(season: Season) -> Season:
    locked = Season.objects.select_for_update().select_related("league").get(pk=season.pk)
    if locked.status != SeasonStatus.SIGNUP:
        raise LeagueError(f"Sign-up for {locked.label} has closed: the draw has been made.")
    if locked.signup_deadline <= timezone.now():
        raise LeagueError(f"Sign-up for {locked.label} closed at its deadline; the draw is being made.")
    return locked


def sign_up(season: Season, user: User) -> SignUp:
    """``user`` is in the season's draw (again, after a withdrawal); a second call changes nothing."""
    with transaction.atomic():
        _locked_open_season(season)
        try:
            with transaction.atomic():
                entry, _created = SignUp.objects.get_or_create(season=season, user=user)
        except IntegrityError:  # a concurrent first press won: that row is this player's sign-up
            entry = SignUp.objects.get(season=season, user=user)
        if entry.status != SignUpStatus.SIGNED:
            entry.status = SignUpStatus.SIGNED
            entry.save(update_fields=["status", "changed"])
    return entry


def withdraw(season: Season, user: User) -> SignUp:
    """Take ``user`` out of the draw; only before it is made."""
    with transaction.atomic():
        _locked_open_season(season)
        entry = SignUp.objects.filter(season=season, user=user).first()
        if entry is None:
            raise LeagueError("You are not signed up for this season.")
        if entry.status != SignUpStatus.WITHDRAWN:
            entry.status = SignUpStatus.WITHDRAWN
            entry.save(update_fields=["status", "changed"])
    return entry


def is_signed_up(season: Season, user: User | None) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return SignUp.objects.filter(season=season, user=user, status=SignUpStatus.SIGNED).exists()


# ---------------------------------------------------------------- the invitation mail


def previous_season(season: Season) -> Season | None:
    return season.league.seasons.filter(number=season.number - 1).first()


def last_seasons_players(season: Season) -> list[User]:
    """Who played the season before this one (its divisions' members), by name."""
    before = previous_season(season)
    if before is None:
        return []
    members = DivisionMember.objects.filter(division__season=before, user__is_active=True).select_related("user")
    return sorted({member.user for member in members}, key=lambda user: (user.name.lower(), user.pk))


def mail_last_seasons_players(season: Season) -> int:
    """Write the invitation mail for every player of last season not signed up yet; returns how many.

    One row per player and season (the outbox's own uniqueness): pressing again mails nobody twice.
    """
    with transaction.atomic():
        _locked_open_season(season)
        signed = set(season.signups.filter(status=SignUpStatus.SIGNED).values_list("user_id", flat=True))
        invited = [user for user in last_seasons_players(season) if user.pk not in signed]
        for user in invited:
            outbox.enqueue(None, season.pk, user, MailKind.SEASON_OPEN)
    return len(invited)


def signup_token(season: Season, user: User) -> str:
    return signing.dumps({"season": season.pk, "user": user.pk}, salt=_SALT, compress=True)


def signup_path(season: Season, user: User) -> str:
    return reverse("leagues:signup_link", kwargs={
        "slug": season.league.slug, "number": season.number, "token": signup_token(season, user),
    })


@dataclass(frozen=True)
class SignUpOffer:
    """A valid sign-up link: the season, its player, and whether they are signed up already."""

    season: Season
    user: User
    signed_up: bool


def read_signup_token(season: Season, token: str) -> SignUpOffer:
    invalid = "This sign-up link is not valid. Check that it was copied whole."
    data = read_signed(token, salt=_SALT, max_age=SIGNUP_LINK_MAX_AGE, refusal=LeagueError, invalid=invalid,
                       expired="This sign-up link has expired. Sign in and sign up on the season's page.")
    if data.get("season") != season.pk:
        raise LeagueError(invalid)
    user = User.objects.filter(pk=data.get("user"), is_active=True).first()
    if user is None:
        raise LeagueError("The account this link was sent to is closed.")
    return SignUpOffer(season, user, is_signed_up(season, user))


def wrong_account(offer: SignUpOffer, signed_in: User | None) -> str:
    """Why someone signed in as another player cannot use this link ("" if they can)."""
    if signed_in is None or not signed_in.is_authenticated or signed_in.pk == offer.user.pk:
        return ""
    return (f"This link signs up {offer.user.email}, and you are signed in as {signed_in.email}. "
            "Sign out, then open the link again, or sign up yourself on the season's page.")
