"""Invitations: the link in the invitation mail (sent through the outbox) that seats you.

The link carries a signed token naming the game and the invited address.  Only the owner of
that mailbox has it, so, like a sign-in link, it may sign them in, creating their account on
first use, and seat them in one step.  It is spent by construction: the moment the invited seat
is taken the token opens nothing, so a forwarded mail is not an account.  The player it seated
is known by the session the first press started: opening the link again, or pressing again,
lands them on the game.  (The page sends one request per press, since a double click's second
request would leave before the first answer has signed the browser in.)  GET only shows what
the link would do (mail scanners open links); the POST acts.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.core import signing
from django.urls import reverse

from accounts.models import User, normalize_email
from games import seat_names, services
from games.errors import GameServiceError, SetupError
from games.models import Game, GameStatus, Seat
from turnpost.signed_links import read_signed

# An invitation waits for its player this long; mail can sit unread for a holiday.
INVITATION_MAX_AGE = timedelta(days=30)
_SALT = "turnpost.games.invitation"


class InvitationRefused(GameServiceError):
    """The link cannot seat anyone: forged, expired, for another game, or its seat is gone."""

    code = "invitation_refused"
    http_status = 400


@dataclass(frozen=True)
class Invitation:
    """A valid invitation: the game, the invited address (normalized), and whether the reader took its seat.

    ``taken`` is only ever true for the signed-in player who sits in the invited seat.
    """

    game: Game
    email: str
    taken: bool = False

    @property
    def host(self) -> str:
        return host_name(self.game)


def host_name(game: Game) -> str:
    """Who invites: the game's creator."""
    return game.created_by.name if game.created_by else "A player"


def invitation_token(seat: Seat) -> str:
    return signing.dumps({"game": seat.game_id, "email": normalize_email(seat.invited_email)}, salt=_SALT,
                         compress=True)


def invitation_path(seat: Seat) -> str:
    return reverse("games:invitation", kwargs={"game_id": seat.game_id, "token": invitation_token(seat)})


def read_invitation(game_id: int, token: str, signed_in: User | None = None) -> Invitation:
    """The invitation ``token`` stands for, if its seat still waits for the invited address.

    Once the seat is taken the token is spent: only the player sitting in it, signed in
    (``signed_in``), reads it as theirs (``taken``), so a double click lands on the game.
    """
    invalid = "This invitation link is not valid. Check that it was copied whole."
    data = read_signed(token, salt=_SALT, max_age=INVITATION_MAX_AGE, refusal=InvitationRefused, invalid=invalid,
                       expired="This invitation has expired. Sign in with the invited address to see whether"
                               " the seat is still free.")
    if data.get("game") != game_id or not isinstance(data.get("email"), str):
        raise InvitationRefused(invalid)
    email = data["email"]
    game = Game.objects.select_related("created_by").filter(pk=game_id).first()
    seat = game.seats.filter(invited_email=email).first() if game else None
    if seat is not None and seat.user_id is not None:
        if signed_in is not None and seat.user_id == signed_in.pk:
            return Invitation(game, email, taken=True)
        raise InvitationRefused("This invitation has been used: its seat is taken, and the link signs no one "
                                "in any more. If you took the seat, sign in with the invited address to play.")
    if game is None or game.status != GameStatus.OPEN:
        raise InvitationRefused("This game is no longer waiting for players.")
    if seat is None:
        raise InvitationRefused("This invitation's seat is no longer offered.")
    return Invitation(game, email)


def wrong_account(invitation: Invitation, signed_in: User | None) -> str:
    """Why someone signed in under another address cannot take this invitation ("" if they can)."""
    if signed_in is None or signed_in.email == invitation.email:
        return ""
    return (f"This invitation is for {invitation.email}, and you are signed in as {signed_in.email}. "
            "Sign out, then open the invitation again.")


def accept(invitation: Invitation, signed_in: User | None, display_name: str = "", time_zone: str = "") -> User:
    """Seat the invited player (creating their account on first use); returns them, to be signed in.

    A new player's chosen name and time zone are saved before they take the seat, which shows
    the name.  Someone signed in under another address is refused: the link must not switch
    accounts behind their back.  The seat itself is taken under the game's lock
    (``services.take_seat``), which refuses what ``read_invitation`` saw but no longer holds.
    A name another player of the game already has is refused (``seat_names.NameTaken``, kept
    apart from InvitationRefused so the page can ask for another name) and the seat stays free.
    """
    mismatch = wrong_account(invitation, signed_in)
    if mismatch:
        raise InvitationRefused(mismatch)
    if display_name:
        seat_names.refuse_name_in_use(invitation.game.seats.all(), display_name)
    user, _ = User.objects.get_or_create(email=invitation.email)
    if not user.is_active:
        raise InvitationRefused("This account is closed.")
    named = bool(display_name and not user.display_name)
    if named:
        user.display_name, user.time_zone = display_name, time_zone or user.time_zone
        user.save(update_fields=["display_name", "time_zone"])
    try:
        services.take_seat(invitation.game.pk, user)
    except seat_names.NameTaken:
        if named:  # someone took the name first: the player chooses again, from the form as they left it
            User.objects.filter(pk=user.pk).update(display_name="")
        raise
    except SetupError as error:
        raise InvitationRefused(error.message) from error
    return user
