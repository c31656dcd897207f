"""Signed links in mails: one salt per purpose, claims bound to who and what, expiry inside the token.

A move link names game, seat, recipient, state version and the exact action, so the confirm
page can say precisely what will happen and the POST cannot be bent to another move.
Expiry travels in the token (deadline + grace) because the deadline is known when the mail
is composed; Django's ``max_age`` only measures age from signing.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core import signing
from django.urls import reverse

from notifications import clock

MOVE = "move"
UNSUBSCRIBE = "unsubscribe"
CANCEL_ORDER = "cancel-order"
UNDO_ANSWER = "undo-answer"
SET_ORDER = "set-order"
PURPOSES = (MOVE, UNSUBSCRIBE, CANCEL_ORDER, UNDO_ANSWER, SET_ORDER)
UNDO_ANSWERS = ("allow", "refuse")


class BadLink(Exception):
    """A link that is forged, tampered with, for another purpose, or malformed."""


class ExpiredLink(Exception):
    """A genuine link past its expiry."""


@dataclass(frozen=True)
class MoveClaim:
    game: int
    seat: int
    user: int
    version: int
    action: dict[str, Any]
    label: str
    expires: int


def _salt(purpose: str) -> str:
    return f"turnpost.notifications.{purpose}"


def sign(purpose: str, claims: dict[str, Any]) -> str:
    return signing.dumps(claims, salt=_salt(purpose), compress=True)


def unsign(purpose: str, token: str) -> dict[str, Any]:
    """The claims of a genuine token of this purpose; BadLink otherwise (never a 500)."""
    try:
        claims = signing.loads(token, salt=_salt(purpose))
    except (signing.BadSignature, ValueError, TypeError, UnicodeError) as error:
        raise BadLink("This link is not one we sent, or it was changed on the way.") from error
    if not isinstance(claims, dict):
        raise BadLink("This link is not one we sent.")
    return claims


def token_hash(token: str) -> str:
    """How a used token is remembered (the token itself is a bearer credential, so it is not stored)."""
    return hashlib.sha256(token.encode()).hexdigest()


def link_expiry(deadline: datetime | None, now: datetime | None = None) -> datetime:
    """Deadline plus the grace; without a deadline, the default lifetime from now."""
    if deadline is not None:
        return deadline + timedelta(seconds=settings.TURNPOST_LINK_GRACE_SECONDS)
    return (now or clock.now()) + timedelta(seconds=settings.TURNPOST_LINK_MAX_AGE_SECONDS)


def move_token(
    game: int, seat: int, user: int, version: int, action: dict[str, Any], label: str, expires: datetime
) -> str:
    claims = {"g": game, "s": seat, "u": user, "v": version, "a": action, "l": label, "e": int(expires.timestamp())}
    return sign(MOVE, claims)


def read_move_token(token: str, now: datetime | None = None) -> MoveClaim:
    """Signature first, then shape, then age (so an expired forgery still reads as forged)."""
    claims = unsign(MOVE, token)
    try:
        claim = MoveClaim(
            game=int(claims["g"]),
            seat=int(claims["s"]),
            user=int(claims["u"]),
            version=int(claims["v"]),
            action=dict(claims["a"]),
            label=str(claims["l"]),
            expires=int(claims["e"]),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise BadLink("This link is not one we sent.") from error
    if (now or clock.now()).timestamp() > claim.expires:
        raise ExpiredLink("This link has expired.")
    return claim


@dataclass(frozen=True)
class UndoAnswerClaim:
    """An asked player's answer to one undo request, made for the game's version when it was asked."""

    game: int
    request: int
    seat: int
    user: int
    version: int
    answer: str
    expires: int

    @property
    def allow(self) -> bool:
        return self.answer == "allow"


def undo_answer_token(game: int, request: int, seat: int, user: int, version: int, answer: str,
                      expires: datetime) -> str:
    claims = {"g": game, "r": request, "s": seat, "u": user, "v": version, "a": answer, "e": int(expires.timestamp())}
    return sign(UNDO_ANSWER, claims)


def read_undo_answer_token(token: str, now: datetime | None = None) -> UndoAnswerClaim:
    """Signature first, then shape, then age, as for a move link."""
    claims = unsign(UNDO_ANSWER, token)
    try:
        claim = UndoAnswerClaim(int(claims["g"]), int(claims["r"]), int(claims["s"]), int(claims["u"]),
                                int(claims["v"]), str(claims["a"]), int(claims["e"]))
    except (KeyError, TypeError, ValueError) as error:
        raise BadLink("This link is not one we sent.") from error
    if claim.answer not in UNDO_ANSWERS:
        raise BadLink("This link is not one we sent.")
    if (now or clock.now()).timestamp() > claim.expires:
        raise ExpiredLink("This link has expired.")
    return claim


def unsubscribe_token(user: int, game: int | None, stream: str) -> str:
    """Signed per recipient; never expires, because an unsubscribe link must keep working."""
    return sign(UNSUBSCRIBE, {"u": user, "g": game, "s": stream})


def read_unsubscribe_token(token: str) -> tuple[int, int | None, str]:
    claims = unsign(UNSUBSCRIBE, token)
    try:
        game = claims["g"]
        return int(claims["u"]), None if game is None else int(game), str(claims["s"])
    except (KeyError, TypeError, ValueError) as error:
        raise BadLink("This link is not one we sent.") from error


def cancel_order_token(order: int, user: int) -> str:
    return sign(CANCEL_ORDER, {"o": order, "u": user})


def read_cancel_order_token(token: str) -> tuple[int, int]:
    claims = unsign(CANCEL_ORDER, token)
    try:
        return int(claims["o"]), int(claims["u"])
    except (KeyError, TypeError, ValueError) as error:
        raise BadLink("This link is not one we sent.") from error


@dataclass(frozen=True)
class SetOrderClaim:
    """A mail's offer to set a standing order: for this game, seat and reader, this kind about this company."""

    game: int
    seat: int
    user: int
    kind: str
    subject: str
    params: dict[str, Any]


def set_order_token(claim: SetOrderClaim) -> str:
    return sign(SET_ORDER, {"g": claim.game, "s": claim.seat, "u": claim.user, "k": claim.kind, "c": claim.subject,
                            "p": claim.params})


def read_set_order_token(token: str) -> SetOrderClaim:
    claims = unsign(SET_ORDER, token)
    try:
        params = claims["p"]
        if not isinstance(params, dict):
            raise TypeError("params")
        return SetOrderClaim(int(claims["g"]), int(claims["s"]), int(claims["u"]), str(claims["k"]),
                             str(claims["c"]), params)
    except (KeyError, TypeError, ValueError) as error:
        raise BadLink("This link is not one we sent.") from error


def set_order_url(token: str) -> str:
    return absolute(reverse("notifications:set_order", args=[token]))


def absolute(path: str) -> str:
    return settings.SITE_URL + path


def move_url(token: str) -> str:
    return absolute(reverse("notifications:move", args=[token]))


def unsubscribe_url(token: str) -> str:
    return absolute(reverse("notifications:unsubscribe", args=[token]))


def cancel_order_url(token: str) -> str:
    return absolute(reverse("notifications:cancel_order", args=[token]))


def undo_answer_url(token: str) -> str:
    return absolute(reverse("notifications:undo_answer", args=[token]))
