"""Django's PostgreSQL backend, whose flush deletes rows instead of truncating every table.

A transactional test (``transactional_db``, ``live_server``, the real Celery worker's tests)
ends with Django's flush of every table.  PostgreSQL's ``TRUNCATE`` of the ~50 tables makes new
files for each table and index and took 1.7-2.6 s a test on this shared 2-core machine, where a
``DELETE`` of the few rows a test leaves took 0.06-0.5 s.  The rows gone are the same, so the
next test starts from the same empty tables; sequences go on counting, as with Django's own
flush (no ``RESTART IDENTITY`` unless a test asks for ``reset_sequences``).

Django's foreign keys are ``DEFERRABLE INITIALLY DEFERRED``, so the deletes may run in any order
inside the flush's one transaction.  A table whose rows a trigger keeps (the append-only action
log, games/migrations/0002) is still truncated: ``TRUNCATE`` fires no row trigger.
"""

from __future__ import annotations

from django.db.backends.postgresql import base, operations

KEPT_BY_TRIGGER = """
SELECT DISTINCT tgrelid::regclass::text FROM pg_trigger
WHERE NOT tgisinternal AND tgtype & 8 = 8  -- a user trigger that fires on DELETE
"""


class DatabaseOperations(operations.DatabaseOperations):
    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if not tables or reset_sequences or allow_cascade:
            return super().sql_flush(style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade)
        with self.connection.cursor() as cursor:
            cursor.execute(KEPT_BY_TRIGGER)
            kept = {name.strip('"') for (name,) in cursor.fetchall()}
        deletes = [f"DELETE FROM {self.quote_name(table)};" for table in tables if table not in kept]
        return [*super().sql_flush(style, [table for table in tables if table in kept]), *deletes]


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations
