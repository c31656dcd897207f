"""Season milestones in a player's calendar: the sign-up deadline (the draw follows it) of their seasons.

A player sees the deadline of every season open for sign-up that they signed up to, and of
those of the leagues they played a season of before (they are invited back to sign up).
Registered with ``calendars.events.provide_milestones`` at app ready; leagues knows nothing of it.
"""

from __future__ import annotations

from django.db.models import Q
from django.urls import reverse

from calendars.events import CalendarEvent
from leagues.models import DivisionMember, Season, SeasonStatus, SignUp, SignUpStatus


def season_uid(season_id: int, milestone: str) -> str:
    return f"season-{season_id}-{milestone}@turnpost"


def season_milestones(user_id: int) -> list[CalendarEvent]:
    """The sign-up deadlines that concern ``user_id``, soonest first."""
    signed = SignUp.objects.filter(user_id=user_id, status=SignUpStatus.SIGNED).values("season")
    withdrawn = SignUp.objects.filter(user_id=user_id, status=SignUpStatus.WITHDRAWN).values("season")
    played = DivisionMember.objects.filter(user_id=user_id).values("division__season__league")
    seasons = (Season.objects.filter(status=SeasonStatus.SIGNUP)
               .filter(Q(pk__in=signed) | Q(league__in=played)).exclude(pk__in=withdrawn)
               .select_related("league").order_by("signup_deadline", "pk"))
    return [_signup_deadline(season, signed_up=season.pk in {row["season"] for row in signed}) for season in seasons]


def _signup_deadline(season: Season, signed_up: bool) -> CalendarEvent:
    name = f"{season.league.name}, {season.name or f'season {season.number}'}"
    then = "the divisions are drawn then" if signed_up else "sign up before then to play"
    return CalendarEvent(
        uid=season_uid(season.pk, "signup"),
        summary=f"Turnpost: sign-up for {name} closes",
        at=season.signup_deadline,
        description=f"Sign-up for {name} closes; {then}.",
        path=reverse("leagues:season", args=[season.league.slug, season.number]),
    )
