from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "leagues"

    def ready(self) -> None:
        """The season invitation's words join the mail composer (mail imports nothing of leagues), and a
        league game that finishes records its result in the division's table (leagues.receivers)."""
        from leagues import receivers
        from leagues.mail import compose_season_open
        from notifications.compose import register_composer
        from notifications.models import MailKind

        register_composer(MailKind.SEASON_OPEN, compose_season_open)
        receivers.connect()
