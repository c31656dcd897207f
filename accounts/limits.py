"""How many links we mail: a few an hour to one address, more at the request of one client.

Every mailed link (sign-in, address confirmation) is counted against the address it goes to
and the client that asked, so nobody can make us flood a mailbox, and a refusal reads the
same whether or not the address has an account.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.db import DatabaseError, transaction
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import timezone

from accounts.models import LinkRequest, normalize_email

WINDOW = timedelta(hours=1)
log = logging.getLogger(__name__)


def client_of(request: HttpRequest) -> str:
    """The asking client's address: REMOTE_ADDR, or behind a proxy the last entry of its header."""
    header = settings.TURNPOST_CLIENT_ADDRESS_HEADER
    if header:
        forwarded = request.headers.get(header, "")
        entries = [entry.strip() for entry in forwarded.split(",") if entry.strip()]
        if entries:
            return entries[-1][:64]
    return (request.META.get("REMOTE_ADDR") or "unknown")[:64]


def allow(email: str, client: str) -> bool:
    """Count one request for a link to ``email`` from ``client``, unless either is over its hourly limit.

    A refused request is not counted, so asking again does not push the wait further out.
    """
    now = timezone.now()
    since = now - WINDOW
    email = normalize_email(email)
    recent = LinkRequest.objects.filter(created__gte=since)
    if recent.filter(email=email).count() >= settings.TURNPOST_LINKS_PER_ADDRESS_PER_HOUR:
        return False
    if recent.filter(client=client).count() >= settings.TURNPOST_LINKS_PER_CLIENT_PER_HOUR:
        return False
    LinkRequest.objects.create(email=email, client=client, created=now)
    return True


def forget_old() -> None:
    """Drop requests older than the window (they count for nothing); outside the caller's transaction."""
    housekeeping(LinkRequest.objects.filter(created__lt=timezone.now() - WINDOW))


def housekeeping(rows: QuerySet) -> None:
    """Delete ``rows`` on its own, best effort: two requests pruning the same rows must not fail a page."""
    try:
        with transaction.atomic():
            rows.delete()
    except DatabaseError:
        log.warning("pruning %s rows failed; the next request tries again", rows.model.__name__, exc_info=True)
