"""Signed "claim this seat" links: bound to one offer and one volunteer, with their own salt and age.

The token says who may claim which offer; the confirm page (GET) only describes, the POST claims
(leagues.views), as with move links: mail scanners open links, people press buttons.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core import signing
from django.urls import reverse

from turnpost.signed_links import read_signed

SALT = "leagues.claim-seat"
MAX_AGE = timedelta(days=14)


class BadClaimLink(Exception):
    """Forged, tampered with, malformed, or too old; the sentence says which in words."""


@dataclass(frozen=True)
class ClaimToken:
    offer: int
    user: int


def claim_token(offer: Any, user: Any) -> str:
    return signing.dumps({"o": offer.pk, "u": user.pk}, salt=SALT, compress=True)


def claim_url(offer: Any, user: Any) -> str:
    return settings.SITE_URL + reverse("leagues:claim", args=[claim_token(offer, user)])


def read_claim_token(token: str) -> ClaimToken:
    """The offer and volunteer a token names; BadClaimLink if it is not one of ours, or older than MAX_AGE."""
    invalid = "This link is not valid (it may have been cut short in the mail)."
    data = read_signed(token, salt=SALT, max_age=MAX_AGE, refusal=BadClaimLink, invalid=invalid,
                       expired="This link has expired; ask the league's organizer for a new one.")
    if not isinstance(data.get("o"), int) or not isinstance(data.get("u"), int):
        raise BadClaimLink(invalid)
    return ClaimToken(data["o"], data["u"])
