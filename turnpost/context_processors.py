"""Site-wide template context."""

from django.conf import settings
from django.http import HttpRequest


def site(request: HttpRequest) -> dict:
    """``inbox_enabled``: mail lands on the local /inbox/ page (the embedded run), so link it."""
    return {"inbox_enabled": settings.EMAIL_BACKEND == "notifications.backends.InboxBackend"}
