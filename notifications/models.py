"""Notification records."""

from __future__ import annotations

from django.db import models


class InboxMessage(models.Model):
    """A mail captured by the embedded run's InboxBackend, readable at /inbox/."""

    to = models.TextField()
    subject = models.TextField()
    body_text = models.TextField()
    body_html = models.TextField(blank=True)
    headers = models.JSONField(default=dict)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-id"]

    @classmethod
    def store(cls, message) -> InboxMessage:
        """Keep an EmailMessage (or EmailMultiAlternatives) as the recipient would see it."""
        html = ""
        for content, mimetype in getattr(message, "alternatives", []) or []:
            if mimetype == "text/html":
                html = content
        return cls.objects.create(
            to=", ".join(message.to),
            subject=message.subject,
            body_text=message.body,
            body_html=html,
            headers={key: str(value) for key, value in (message.extra_headers or {}).items()},
        )
