from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        """A move ends the undo requests made on the position before it (games.undo_requests); a rename to a
        table mate's name is refused on the account page (games.seat_names)."""
        from accounts.name_checks import register_name_check
        from games.seat_names import clash_for_rename
        from games.signals import move_applied
        from games.undo_requests import lapse_on_move

        move_applied.connect(lapse_on_move, dispatch_uid="games.undo_requests.lapse_on_move")
        register_name_check(clash_for_rename)
