"""The feed at its secret address (no sign-in: calendar apps fetch it), and the account page's two buttons."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.views.decorators.http import require_POST, require_safe

from calendars import feeds
from calendars.events import events_of
from calendars.ics import calendar


@require_safe
def feed(request: HttpRequest, token: str) -> HttpResponse:
    """The player's deadlines as text/calendar; a wrong or retired token is a plain 404."""
    found = feeds.feed_by_token(token)
    if found is None:
        raise Http404("There is no such calendar.")
    body = calendar(events_of(found.user_id), f"Turnpost: {found.user.name}", lambda path: settings.SITE_URL + path,
                    timezone.now())
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="turnpost.ics"'
    response["Referrer-Policy"] = "no-referrer"
    return response


@login_required
@require_POST
def regenerate(request: HttpRequest) -> HttpResponse:
    feeds.regenerate(request.user)
    messages.success(request, "Your calendar has a new address; the old one no longer works.")
    return redirect("accounts:account")


@login_required
@require_POST
def turn_mail_invite(request: HttpRequest) -> HttpResponse:
    wanted = request.POST.get("turn_mail_invite") == "on"
    feeds.set_turn_mail_invite(request.user, wanted)
    messages.success(request, "Turn mails will carry their deadline as a calendar file." if wanted
                     else "Turn mails will carry no calendar file.")
    return redirect("accounts:account")
