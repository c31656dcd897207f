"""``Cache-Control: no-store`` on pages that show a secret, so no cache or back button keeps one.

A secret is a link's token (move, unsubscribe, order, invitation, sign-in: in the address or
the confirm form), a new API token, or the local inbox's mails.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.cache import add_never_cache_headers

# Pages whose secret is not a ``token`` in their URL pattern.
SECRET_VIEWS = frozenset({
    "accounts:account",  # a token just made is shown once, here
    "accounts:create_token",
    "accounts:link",  # the sign-in confirm page carries the link's token in its form
    "accounts:confirm_address",  # so does the address-change confirm page
    "notifications:inbox",
})
TOKEN_PARAMETER = "token"  # mailed account links carry theirs as ?token=


def shows_a_secret(request: HttpRequest) -> bool:
    match = request.resolver_match
    if match is None:
        return False
    return "token" in match.kwargs or match.view_name in SECRET_VIEWS or TOKEN_PARAMETER in request.GET


class NoStoreSecretPagesMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if shows_a_secret(request):
            add_never_cache_headers(response)
        return response
