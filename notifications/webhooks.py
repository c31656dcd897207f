"""anymail's tracking webhooks, refused outright while no webhook secret is configured.

anymail itself only warns when ``WEBHOOK_SECRET`` is empty and then accepts anyone's
events; an unauthenticated bounce must never be able to silence a player's mail.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from anymail import urls as anymail_urls
from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden
from django.urls import URLPattern, path
from django.urls.resolvers import RoutePattern
from django.views.decorators.csrf import csrf_exempt


def require_secret(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    @csrf_exempt
    @wraps(view)
    def guarded(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not (getattr(settings, "ANYMAIL", {}) or {}).get("WEBHOOK_SECRET"):
            return HttpResponseForbidden("Webhooks are off: no secret is configured.")
        return view(request, *args, **kwargs)

    return guarded


def anymail_patterns() -> list[URLPattern]:
    """anymail's tracking routes under ``anymail/``, each behind ``require_secret``."""
    return [
        path(f"anymail/{pattern.pattern}", require_secret(pattern.callback), name=f"anymail_{pattern.name}")
        for pattern in anymail_urls.urlpatterns
        if isinstance(pattern, URLPattern)
        and isinstance(pattern.pattern, RoutePattern)
        and "tracking" in (pattern.name or "")
    ]
