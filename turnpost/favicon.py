"""The site's icon, served at ``/favicon.ico`` (where browsers and feed readers look for it) as a small SVG."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

ONE_WEEK = 7 * 24 * 3600


@require_safe
@cache_control(public=True, max_age=ONE_WEEK)
def favicon(request: HttpRequest) -> HttpResponse:
    return HttpResponse(render_to_string("favicon.svg"), content_type="image/svg+xml")
