"""How many links we mail: a few an hour to one address, more at the request of one client.

Every mailed link (sign-in, address confirmation) counts against the address it goes to
and the client that asked, so nobody can make us flood a mailbox, and a refusal reads the
same whether or not the address has an account.  Each key has one ``LinkQuota`` row, locked
while a request counts against it (keys always in the same order, so two requests never
wait for each other both ways): simultaneous requests are counted one after the other.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db import DatabaseError, transaction
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import timezone

from accounts.models import LinkQuota, normalize_email

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


def address_key(email: str) -> str:
    return f"address:{normalize_email(email)}"


def client_key(client: str) -> str:
    return f"client:{client}"


def _locked(key: str, now: datetime) -> LinkQuota:
    """The key's row, created if need be, locked until the caller's transaction ends; a past window restarts."""
    LinkQuota.objects.get_or_create(key=key, defaults={"window_start": now})
    quota = LinkQuota.objects.select_for_update().get(key=key)
    if quota.window_start <= now - WINDOW:
        quota.window_start, quota.count = now, 0
    return quota


def allow(email: str, client: str) -> bool:
    """Count one link to ``email`` asked for by ``client``, unless either is at its hourly limit.

    Runs inside the caller's transaction (the one that writes the mail), which holds the locks.
    A refused request is not counted, so asking again does not push the wait further out.
    """
    now = timezone.now()
    limits = {
        address_key(email): settings.TURNPOST_LINKS_PER_ADDRESS_PER_HOUR,
        client_key(client): settings.TURNPOST_LINKS_PER_CLIENT_PER_HOUR,
    }
    quotas = [_locked(key, now) for key in sorted(limits)]
    allowed = all(quota.count < limits[quota.key] for quota in quotas)
    for quota in quotas:
        quota.count += 1 if allowed else 0
        quota.save(update_fields=["window_start", "count"])
    return allowed


def forget_old() -> None:
    """Drop quotas whose hour is over (they count for nothing); outside the caller's transaction."""
    housekeeping(LinkQuota.objects.filter(window_start__lt=timezone.now() - WINDOW))


def housekeeping(rows: QuerySet) -> None:
    """Delete ``rows`` on its own, best effort: two requests pruning the same rows must not fail a page."""
    try:
        with transaction.atomic():
            rows.delete()
    except DatabaseError:
        log.warning("pruning %s rows failed; the next request tries again", rows.model.__name__, exc_info=True)
