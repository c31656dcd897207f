"""Authentication backends: Django's, and the one that names sessions begun by a mailed link.

``get_user`` runs on every signed-in request.  The ORM spent longer building its one-row query
than PostgreSQL spent answering it, so the row is read by written-out SQL through
``turnpost.rows.fetch`` (the reason, and the figures, are in that module).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.backends import ModelBackend as DjangoModelBackend
from django.core.exceptions import ValidationError

from accounts.models import User
from turnpost import rows

USER_SQL = "SELECT * FROM accounts_user WHERE id = %s"


class SessionUserMixin:
    """The session's user, if it still exists and may sign in (as ModelBackend decides)."""

    def get_user(self, user_id: Any) -> User | None:
        try:
            pk = User._meta.pk.to_python(user_id)
        except ValidationError:
            return None
        user = next(iter(rows.fetch(User, USER_SQL, [pk])), None)
        return user if user is not None and self.user_can_authenticate(user) else None  # type: ignore[attr-defined]


class ModelBackend(SessionUserMixin, DjangoModelBackend):
    """Django's backend (sessions made by ``force_login`` and the admin)."""


class LinkBackend(SessionUserMixin, DjangoModelBackend):
    """Sessions begun by a mailed link (sign-in, invitation): ``accounts.links`` checked the link.

    It authenticates nothing itself (no password sign-in through it); it only reads the
    session's user back, like the backend above.
    """

    def authenticate(self, request: Any, **credentials: Any) -> None:
        return None
