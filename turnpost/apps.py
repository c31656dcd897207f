"""The site's own app: it checks at start-up that a deployment was given what it must have."""

from django.apps import AppConfig
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

MISSING_SECRET_KEY = (
    "Set TURNPOST_SECRET_KEY to a long random string (for example the output of "
    "`python -c 'import secrets; print(secrets.token_urlsafe(50))'`): it signs sign-in links, move "
    "links and invitations.  Only the embedded run on your own machine (bin/serve, which sets "
    "TURNPOST_EMBEDDED=true) may use the built-in development key."
)


class TurnpostConfig(AppConfig):
    name = "turnpost"

    def ready(self) -> None:
        """Refuse to serve, run a worker or a command with no secret key: links could be forged."""
        try:
            key = settings.SECRET_KEY
        except ImproperlyConfigured:  # Django's own "must not be empty"; ours says what to do
            key = ""
        if not key:
            raise ImproperlyConfigured(MISSING_SECRET_KEY)
