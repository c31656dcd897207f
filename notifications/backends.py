"""The embedded run's mail backend: mail is stored for the local inbox page, not sent."""

from __future__ import annotations

from django.core.mail.backends.base import BaseEmailBackend


class InboxBackend(BaseEmailBackend):
    """Writes each message to the InboxMessage table, shown at /inbox/."""

    def send_messages(self, email_messages) -> int:
        # Not at the top: Django may load the mail backend by its dotted path before the apps are ready.
        from notifications.models import InboxMessage

        for message in email_messages:
            InboxMessage.store(message)
        return len(email_messages)
