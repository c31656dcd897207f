from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "leagues"

    def ready(self) -> None:
        """Wire the league in: the season invitation's composer (mail imports nothing of leagues), who
        organizes a league game (games.organizer_acts), the substitute rule's timeouts, adjudicated results,
        and a league game that finishes recording its result in the division's table (leagues.receivers)."""
        from games.organizer_acts import register_permission
        from games.signals import move_applied, organizer_acted
        from leagues import console, receivers, substitutes
        from leagues.mail import compose_season_open
        from notifications.compose import register_composer
        from notifications.models import MailKind
        from ratings import seats

        register_composer(MailKind.SEASON_OPEN, compose_season_open)
        receivers.connect()
        register_permission(console.may_organize)
        move_applied.connect(substitutes.on_move_applied, dispatch_uid="leagues.substitutes.timeouts")
        organizer_acted.connect(console.on_organizer_acted, dispatch_uid="leagues.console.adjudicated")
        seats.provide(substitutes.rating_shares)  # a substituted seat is rated by who played how much of it
