"""Mail backends that fail on purpose, for the retry and suppression tests."""

import smtplib

from django.core.mail.backends.locmem import EmailBackend


class FlakyBackend(EmailBackend):
    """Fails the next ``failures`` sends with ``error``, then delivers to the locmem outbox."""

    failures = 0
    error: Exception = smtplib.SMTPDataError(451, b"4.3.0 try again later")

    def send_messages(self, messages):
        if FlakyBackend.failures > 0:
            FlakyBackend.failures -= 1
            raise FlakyBackend.error
        return super().send_messages(messages)


REFUSED = smtplib.SMTPRecipientsRefused({"bob@example.com": (550, b"5.1.1 no such user")})
