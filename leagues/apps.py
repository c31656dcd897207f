from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "leagues"

    def ready(self) -> None:
        from leagues import receivers

        receivers.connect()
