"""The Turnpost Django project: settings, URLs and the Celery application."""

from turnpost.celery import app as celery_app

__all__ = ["celery_app"]
