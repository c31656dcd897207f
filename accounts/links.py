"""Mailed account links: sign in as an address, confirm a new address.  Signed, time-limited, used once.

A token is Django signing with a salt per purpose and a timestamp; it names the address
(and, to confirm an address, the account), plus a random nonce so that every mailed link
is its own.  It expires ``TURNPOST_SIGNIN_LINK_MAX_AGE`` seconds after it was minted (at
sending, so a mail held back by an outage still gets its full time).  ``spend`` records a
use in ``UsedLink``, whose unique hash lets exactly one of any number of simultaneous uses
through.  No account is needed to mint one: the account is created when the link is used.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import urlencode

from django.conf import settings
from django.core import signing
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.urls import reverse
from django.utils import timezone

from accounts.models import UsedLink, User, normalize_email

SIGNIN = "signin"
ADDRESS = "address"


class LinkRefused(Exception):
    """A link that is forged, for another purpose, expired or already used; ``message`` says which, plainly."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class LinkClaim:
    """What a genuine link stands for: an address, and for an address confirmation the account."""

    token: str
    email: str
    user_id: int | None = None


def max_age() -> int:
    return settings.TURNPOST_SIGNIN_LINK_MAX_AGE


def _salt(purpose: str) -> str:
    return f"turnpost.accounts.{purpose}"


def _mint(purpose: str, claims: dict[str, object]) -> str:
    return signing.dumps({**claims, "n": secrets.token_urlsafe(9)}, salt=_salt(purpose), compress=True)


def signin_token(email: str) -> str:
    """A token that signs in as ``email`` (creating its account on first use)."""
    return _mint(SIGNIN, {"e": normalize_email(email)})


def address_token(user_id: int, email: str) -> str:
    """A token that makes ``email`` the address of account ``user_id``."""
    return _mint(ADDRESS, {"u": user_id, "e": normalize_email(email)})


def read(purpose: str, token: str) -> LinkClaim:
    """The claim of a genuine, unexpired, unused token of ``purpose``; LinkRefused otherwise."""
    try:
        claims = signing.loads(token, salt=_salt(purpose), max_age=max_age())
    except signing.SignatureExpired as error:
        raise LinkRefused("This link has expired or was already used.") from error
    except (signing.BadSignature, ValueError, TypeError, UnicodeError) as error:
        raise LinkRefused("This link is not one we sent, or it was not copied whole.") from error
    email, user_id = claims.get("e") if isinstance(claims, dict) else None, None
    if purpose == ADDRESS:
        user_id = claims.get("u")
        if not isinstance(user_id, int):
            email = None
    if not isinstance(email, str) or not email:
        raise LinkRefused("This link is not one we sent, or it was not copied whole.")
    if UsedLink.objects.filter(token_hash=token_hash(token)).exists():
        raise LinkRefused("This link has expired or was already used.")
    return LinkClaim(token, email, user_id)


def signed_email(purpose: str, token: str) -> str | None:
    """The address a genuine token of ``purpose`` names, used or expired alike; None for anything else."""
    try:
        claims = signing.loads(token, salt=_salt(purpose))
    except (signing.BadSignature, ValueError, TypeError, UnicodeError):
        return None
    email = claims.get("e") if isinstance(claims, dict) else None
    return email if isinstance(email, str) else None


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def spend(claim: LinkClaim) -> None:
    """Record the link's one use, inside the caller's transaction; LinkRefused if it was used already.

    Called first in the transaction that acts on the link, so the act commits with the use
    and a rolled-back act leaves the link unused.
    """
    try:
        with transaction.atomic():
            UsedLink.objects.create(token_hash=token_hash(claim.token), used=timezone.now())
    except IntegrityError as error:
        raise LinkRefused("This link has expired or was already used.") from error


def old_uses() -> QuerySet[UsedLink]:
    """Uses older than any link's lifetime: they guard nothing any more, the signature's age refuses those links."""
    return UsedLink.objects.filter(used__lt=timezone.now() - timedelta(seconds=max_age() + 60))


def signin_link(user: User, base_url: str = "", next_url: str = "") -> str:
    """An absolute one-time sign-in link for ``user``'s address, valid from now (the demo prints these)."""
    query = {"token": signin_token(user.email)}
    if next_url:
        query["next"] = next_url
    return f"{(base_url or settings.SITE_URL).rstrip('/')}{reverse('accounts:link')}?{urlencode(query)}"
