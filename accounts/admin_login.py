"""The admin's password sign-in, throttled: a few wrong passwords and that account, or that client,
waits a while.  The admin has no other guard against guessing (players sign in by mailed link).

Failures are counted in the default cache, per account name and per client address, over a window
that starts at the first failure; a success clears the account's count.  With the per-process
cache each worker counts on its own; with TURNPOST_CACHE_URL on Redis they share one count.
"""

from __future__ import annotations

import hashlib
import logging

from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.http import HttpRequest

from accounts.limits import client_of

logger = logging.getLogger(__name__)


class LoginThrottle:
    """Counts failed admin sign-ins for one account name and one client address."""

    def __init__(self, username: str, client: str) -> None:
        digest = hashlib.sha256(username.strip().lower().encode()).hexdigest()[:32]
        self.keys = {"account": f"admin-login:account:{digest}", "client": f"admin-login:client:{client}"}
        self.limits = {"account": settings.TURNPOST_ADMIN_LOGIN_MAX_FAILURES,
                       "client": settings.TURNPOST_ADMIN_LOGIN_MAX_FAILURES_PER_CLIENT}

    def refused(self) -> bool:
        counts = cache.get_many(self.keys.values())
        return any(counts.get(self.keys[scope], 0) >= limit for scope, limit in self.limits.items())

    def record_failure(self) -> None:
        for key in self.keys.values():
            cache.add(key, 0, settings.TURNPOST_ADMIN_LOGIN_LOCKOUT_SECONDS)  # the window opens here
            try:
                cache.incr(key)
            except ValueError:  # expired between add and incr: this failure opens a new window
                cache.add(key, 1, settings.TURNPOST_ADMIN_LOGIN_LOCKOUT_SECONDS)

    def clear_account(self) -> None:
        cache.delete(self.keys["account"])


def client_address(request: HttpRequest | None) -> str:
    """The client as the sign-in link limits see it (behind a proxy, from its header)."""
    return client_of(request) if request is not None else "unknown"


def wait_words(seconds: int) -> str:
    minutes = max(1, round(seconds / 60))
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


class ThrottledAdminAuthenticationForm(AdminAuthenticationForm):
    """Django's admin sign-in form, refusing for a while after too many wrong passwords."""

    def clean(self) -> dict:
        throttle = LoginThrottle(self.cleaned_data.get("username") or "", client_address(self.request))
        if throttle.refused():
            raise ValidationError(
                "Too many wrong passwords for this account or from your address. Try again in %(wait)s.",
                code="throttled", params={"wait": wait_words(settings.TURNPOST_ADMIN_LOGIN_LOCKOUT_SECONDS)},
            )
        try:
            cleaned = super().clean()
        except ValidationError:
            if self.cleaned_data.get("username") and self.cleaned_data.get("password"):
                throttle.record_failure()
                logger.warning("Failed admin sign-in for %r from %s", self.cleaned_data["username"],
                               client_address(self.request))
            raise
        throttle.clear_account()
        return cleaned
