"""Content Security Policy: a page runs only the scripts and styles its own server put in it.

Scripts and ``<style>`` elements come from the site or carry the request's nonce
(``{{ request.csp_nonce }}`` in a template); a script injected into a page has neither.  Style
attributes stay allowed (``style-src-attr``): the boards colour their swatches with them, and
an attribute cannot run code.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

HEADER = "Content-Security-Policy"
POLICY = (
    "default-src 'self'; script-src 'self' 'nonce-{nonce}'; style-src 'self' 'nonce-{nonce}'; "
    "style-src-attr 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)


class ContentSecurityPolicyMiddleware:
    """Gives each request a fresh nonce and each response the policy that names it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        # Hex, not urlsafe: a nonce like "7A-x" reads as a tile name to the pages' hidden-tile checks.
        nonce = secrets.token_hex(16)
        request.csp_nonce = nonce
        response = self.get_response(request)
        if HEADER not in response:
            response[HEADER] = POLICY.format(nonce=nonce)
        return response
