"""Single-row INSERTs and UPDATEs written out as SQL, for the writes every move makes.

A move appends its Action, moves its Snapshot and game on, and queues its mail.  Through the
ORM, building each of those statements cost more CPU than PostgreSQL spent running it, and
the outbox INSERT needed a savepoint to survive a duplicate.  Here the SQL is built once per
model and set of columns, and every value still goes through its field's
``get_db_prep_save``, as the ORM's own INSERT and UPDATE do: JSON, times and the rest are
stored exactly as the ORM stores them, on PostgreSQL and on SQLite (3.35+, for RETURNING).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.db import connection, models


def insert(model: type[models.Model], values: dict[str, Any], unless_exists: tuple[str, ...] = ()) -> int | None:
    """INSERT one row of ``model`` and return its primary key.

    With ``unless_exists`` (the fields of one of the model's unique constraints), a row already
    holding those values is left alone and None is returned; nothing fails, so no savepoint.
    """
    names = tuple(values)
    with connection.cursor() as cursor:
        cursor.execute(_insert_sql(model, names, unless_exists), _prepared(model, values))
        row = cursor.fetchone()
    return row[0] if row else None


def insert_instance(instance: models.Model, unless_exists: tuple[str, ...] = ()) -> bool:
    """INSERT a new, unsaved ``instance`` (every concrete field but an automatic key); True if it went in.

    On success the instance has its primary key and counts as saved, as after ``save()``.
    Automatic field values (``auto_now``) are not filled in here: set them first.
    """
    meta = instance._meta
    values = {field.name: getattr(instance, field.attname) for field in meta.concrete_fields
              if not (field.primary_key and getattr(instance, field.attname) is None)}
    pk = insert(type(instance), values, unless_exists)
    if pk is None:
        return False
    instance.pk, instance._state.adding, instance._state.db = pk, False, connection.alias
    return True


def update(model: type[models.Model], pk: Any, values: dict[str, Any]) -> int:
    """UPDATE the row of ``model`` with primary key ``pk``; the number of rows changed (0 or 1)."""
    with connection.cursor() as cursor:
        cursor.execute(_update_sql(model, tuple(values)), [*_prepared(model, values), pk])
        return cursor.rowcount


def _prepared(model: type[models.Model], values: dict[str, Any]) -> list[Any]:
    fields = model._meta
    return [fields.get_field(name).get_db_prep_save(value, connection) for name, value in values.items()]


@cache
def _insert_sql(model: type[models.Model], names: tuple[str, ...], unless_exists: tuple[str, ...]) -> str:
    meta, quote = model._meta, connection.ops.quote_name
    columns = ", ".join(quote(meta.get_field(name).column) for name in names)
    placeholders = ", ".join(["%s"] * len(names))
    conflict = ""
    if unless_exists:
        target = ", ".join(quote(meta.get_field(name).column) for name in unless_exists)
        conflict = f" ON CONFLICT ({target}) DO NOTHING"
    pk = quote(meta.pk.column)
    return f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES ({placeholders}){conflict} RETURNING {pk}"


@cache
def _update_sql(model: type[models.Model], names: tuple[str, ...]) -> str:
    meta, quote = model._meta, connection.ops.quote_name
    assignments = ", ".join(f"{quote(meta.get_field(name).column)} = %s" for name in names)
    return f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {quote(meta.pk.column)} = %s"
