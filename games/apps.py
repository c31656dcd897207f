from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        """A move ends the undo requests made on the position before it (games.undo_requests)."""
        from games.signals import move_applied
        from games.undo_requests import lapse_on_move

        move_applied.connect(lapse_on_move, dispatch_uid="games.undo_requests.lapse_on_move")
