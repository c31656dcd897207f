"""Celery tasks of the leagues, planned by beat (and by the embedded run's periodic loop).

``run_seasons`` draws every season whose sign-up deadline has passed, then starts each
season's next wave whose time has come.  Idempotent: drawing and starting are guarded by
the season's status and row lock, so overlapping runs do the work once.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.utils import timezone

from leagues import draw, waves
from leagues.errors import LeagueError
from leagues.models import Season, SeasonStatus

logger = logging.getLogger(__name__)


@shared_task(ignore_result=True)
def run_seasons() -> dict[str, int]:
    """Beat: the draws that are due, then the waves that are due."""
    drawn = draw_due_seasons()
    advanced = sum(1 for season in waves.seasons_to_advance() if waves.advance_season(season) != "nothing")
    return {"drawn": drawn, "advanced": advanced}


def draw_due_seasons() -> int:
    """Draw every season past its sign-up deadline; one that cannot be drawn is logged and kept open."""
    due = Season.objects.filter(status=SeasonStatus.SIGNUP, signup_deadline__lte=timezone.now()).order_by("pk")
    drawn = 0
    for season in due:
        try:
            draw.draw_season(season)
            drawn += 1
        except LeagueError as error:  # too few players, say: the season page tells the organizer why
            logger.warning("season %s not drawn: %s", season.pk, error.message)
            Season.objects.filter(pk=season.pk).update(schedule_note=f"Not drawn: {error.message}")
    return drawn
