"""A form refused by the CSRF check answers the site's own page, in words, not Django's.

People reach it without doing anything wrong: a mail link's confirm page left open while they
signed in (or out) in another tab, whose sign-in gave the browser a new token, or a page kept open
past the session.  Django's page says "CSRF verification failed. Request aborted." and "More
information is available with DEBUG=True"; this one says nothing was done and how to go on.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from turnpost.not_allowed import parent_page


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """``CSRF_FAILURE_VIEW``: a 403 that sends the reader back to the page whose form went stale."""
    return render(request, "403_form.html", {"again": page_to_reload(request)}, status=403)


def page_to_reload(request: HttpRequest) -> str:
    """The page the form was on when this site's own page sent it, else the nearest page above the address."""
    referer = urlsplit(request.headers.get("Referer", ""))
    # "//elsewhere" would be another site's address; only a path on this host is offered.
    if referer.netloc == request.get_host() and referer.path.startswith("/") and not referer.path.startswith("//"):
        return referer.path + (f"?{referer.query}" if referer.query else "")
    return parent_page(request.path)
