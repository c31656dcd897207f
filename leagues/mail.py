"""The words of the season invitation mail (kind ``season_open``), registered with the mail composer.

Its outbox row has no game; ``version`` is the season's id and ``recipient`` last season's
player.  The link is minted when the mail is sent; the mail is skipped if the season has
closed its sign-up, or the player signed up meanwhile.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.urls import reverse

import engine.core as engine
from leagues.models import Season, SeasonStatus
from leagues.signups import SIGNUP_LINK_MAX_AGE, is_signed_up, signup_path
from notifications import links
from notifications.compose import Composed, Superseded, local_time, render
from notifications.models import Outbox


def compose_season_open(row: Outbox, now: datetime, loaded: Any = None) -> Composed:
    season = Season.objects.select_related("league").filter(pk=row.version).first()
    if season is None or season.status != SeasonStatus.SIGNUP or season.signup_deadline <= now:
        raise Superseded("The season's sign-up has closed.")
    if is_signed_up(season, row.recipient):
        raise Superseded("The player has signed up already.")
    context = {
        "season": season,
        "league": season.league,
        "name": row.recipient.name,
        "title_name": engine.get_title(season.league.title).name,
        "deadline": local_time(season.signup_deadline, row.recipient, now),
        "link": links.absolute(signup_path(season, row.recipient)),
        "season_url": links.absolute(season_url(season)),
        "days": SIGNUP_LINK_MAX_AGE.days,
    }
    return Composed(*render(row.kind, context))


def season_url(season: Season) -> str:
    return reverse("leagues:season", kwargs={"slug": season.league.slug, "number": season.number})
