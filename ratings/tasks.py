"""The ratings' Celery tasks: the update after a finished game, and the beat's catch-up."""

from __future__ import annotations

from celery import shared_task

from ratings.recompute import recompute_title, stale_titles


@shared_task(acks_late=True, ignore_result=True)
def update_ratings(title: str) -> int:
    """Rebuild ``title``'s ratings (queued after the commit of a game's end); the number of rated games."""
    return recompute_title(title)


@shared_task(ignore_result=True)
def catch_up_ratings() -> list[str]:
    """Rebuild every title whose ratings are behind: a lost publish, or a game adjudicated since (beat, periodic)."""
    titles = stale_titles()
    for title in titles:
        recompute_title(title)
    return titles
