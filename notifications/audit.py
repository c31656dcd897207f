"""The player's mail audit: every mail sent (or not sent, and why) and every link used."""

from __future__ import annotations

from typing import Any

from notifications.models import LinkUse, Outbox, OutboxStatus

AUDIT_ROWS = 200


def audit_for(user: Any, limit: int = AUDIT_ROWS) -> dict[str, Any]:
    """Context for ``notifications/_audit.html`` (include it on the account page, or link to the audit view)."""
    mails = (
        Outbox.objects.filter(recipient=user)
        .exclude(status__in=[OutboxStatus.PENDING, OutboxStatus.SENDING])
        .select_related("game")
        .order_by("-created", "-id")[:limit]
    )
    uses = LinkUse.objects.filter(user=user).select_related("game").order_by("-created", "-id")[:limit]
    return {"audit_mails": list(mails), "audit_links": list(uses)}
