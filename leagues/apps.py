from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "leagues"

    def ready(self) -> None:
        """The season invitation's words join the mail composer (mail imports nothing of leagues)."""
        from leagues.mail import compose_season_open
        from notifications.compose import register_composer
        from notifications.models import MailKind

        register_composer(MailKind.SEASON_OPEN, compose_season_open)
