"""A GET on an address that only takes a form's POST answers a page that says what to do.

Django's ``require_POST`` answers an empty 405, which a browser shows as a blank page; people
reach such addresses by reloading after a form, by a bookmark, or by pasting an address.  The
page keeps the 405 status and its ``Allow`` header, and points to the page the address belongs
to when there is one.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import Resolver404, resolve


class MethodNotAllowedPage:
    """Middleware: replaces an empty 405 to a GET or HEAD with the explaining page."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code != 405 or request.method not in ("GET", "HEAD"):
            return response
        if getattr(response, "streaming", False) or response.content:
            return response  # a page that already explains itself (the API's JSON, say)
        page = render(request, "405.html", {"parent": parent_page(request.path)}, status=405)
        if response.has_header("Allow"):
            page["Allow"] = response["Allow"]
        return page


def parent_page(path: str) -> str:
    """The address one step up (``/games/7/move/`` -> ``/games/7/``) if it is a page, else the home page."""
    parent = path.rstrip("/").rsplit("/", 1)[0] + "/"
    try:
        resolve(parent)
    except Resolver404:
        return "/"
    return parent
