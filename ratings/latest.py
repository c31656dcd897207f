"""Each player's newest rating entry among some entries, on PostgreSQL and on SQLite alike.

PostgreSQL answers it with ``DISTINCT ON`` in one index pass; SQLite (the embedded run of
``bin/serve``) has no ``DISTINCT ON`` and refused the whole query, which failed the league
draw's seeding and every ratings rebuild there.  Elsewhere the newest entry is picked by a
correlated subquery over the same entries instead.
"""

from __future__ import annotations

from django.db import connection
from django.db.models import OuterRef, QuerySet, Subquery


def newest_per_user(entries: QuerySet) -> QuerySet:
    """Of ``entries`` (RatingEntry rows), the one with the highest position for each user."""
    if connection.features.can_distinct_on_fields:
        return entries.order_by("user_id", "-position").distinct("user_id")
    newest = entries.filter(user=OuterRef("user")).order_by("-position").values("pk")[:1]
    return entries.filter(pk=Subquery(newest))
