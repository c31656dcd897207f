"""Reading a signed link's token: signature and age checked once, each refusal in the link's own words.

Invitations (games.invitations), seat claims of imported games (games.seat_claims), league
seat offers (leagues.claim_links) and sign-up links (leagues.signups) carry a dict signed with
their own salt and age; what the dict must name is each link's business.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.core import signing


def read_signed(token: str, *, salt: str, max_age: timedelta, refusal: type[Exception], expired: str,
                invalid: str) -> dict[str, Any]:
    """The dict ``token`` carries; ``refusal(expired)`` past ``max_age``, ``refusal(invalid)`` if it is not ours."""
    try:
        data = signing.loads(token, salt=salt, max_age=max_age)
    except signing.SignatureExpired as error:
        raise refusal(expired) from error
    except signing.BadSignature as error:
        raise refusal(invalid) from error
    if not isinstance(data, dict):
        raise refusal(invalid)
    return data
