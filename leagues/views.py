"""League pages: the public league and season pages, sign-up, and the organizers' forms."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from leagues.models import League


def index(request: HttpRequest) -> HttpResponse:
    """Every public league, newest season first."""
    leagues = League.objects.filter(public=True).prefetch_related("seasons")
    return render(request, "leagues/index.html", {"leagues": leagues})
