"""A browser context signed in as a user without walking the magic-link flow (test_play walks it)."""

from __future__ import annotations

from urllib.parse import urlparse

from django.conf import settings
from django.test import Client


def signed_in_page(new_page, base_url: str, user, **options):
    """A page whose context carries ``user``'s session cookie, made by Django's own login."""
    client = Client()
    client.force_login(user)
    page = new_page(**options)
    page.context.add_cookies([{
        "name": settings.SESSION_COOKIE_NAME,
        "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
        "domain": urlparse(base_url).hostname,
        "path": "/",
    }])
    return page
