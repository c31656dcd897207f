"""The public ratings table of a title."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from ratings.queries import ratings_table, title_leaders, title_name


@require_safe
def title_ratings(request: HttpRequest, title: str) -> HttpResponse:
    name = title_name(title)
    if name is None:
        raise Http404("There is no such title.")
    return render(request, "ratings/table.html", {"title": title, "name": name, "rows": ratings_table(title)})


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    """Every title's leaders, each linking to its whole table (the header's "Ratings")."""
    return render(request, "ratings/index.html", {"titles": title_leaders()})
