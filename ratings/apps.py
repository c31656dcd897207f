"""Ratings follow finished games: a receiver of the games signals queues the update after commit."""

from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"

    def ready(self) -> None:
        """Hear of games that finish (by a move or by a resignation); imported here, once the apps are loaded."""
        from games.signals import move_applied, seat_resigned
        from ratings import tasks, triggers  # noqa: F401 - tasks: registered for the periodic command and the worker

        move_applied.connect(triggers.on_game_changed, dispatch_uid="ratings.move_applied")
        seat_resigned.connect(triggers.on_game_changed, dispatch_uid="ratings.seat_resigned")
