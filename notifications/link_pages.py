"""What a mail link's page shows: one outcome the view renders, for move links and undo answers alike.

The link modules (notifications.confirm, notifications.undo_consent) decide the outcome; the
views render it; so the page's shape is defined once, below both.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class LinkPage:
    """``kind``: confirm, used, stale, paused, refused, expired, applied, or not_yours (another account signed in)."""

    kind: str
    message: str = ""
    label: str = ""
    status: int = 200
    context: dict[str, Any] = field(default_factory=dict)
