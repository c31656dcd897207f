from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "leagues"

    def ready(self) -> None:
        """Tell the games app who organizes a league game, and hear timeouts for the substitute rule."""
        from games.organizer_acts import register_permission
        from games.signals import move_applied, organizer_acted
        from leagues import console, substitutes

        register_permission(console.may_organize)
        move_applied.connect(substitutes.on_move_applied, dispatch_uid="leagues.substitutes.timeouts")
        organizer_acted.connect(console.on_organizer_acted, dispatch_uid="leagues.console.adjudicated")
