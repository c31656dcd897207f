"""Reads, INSERTs and UPDATEs written out as SQL, for the statements every page and move runs.

A move reads its game, appends its Action, moves its Snapshot and game on, and queues its
mail.  Through the ORM, building each of those statements cost more CPU than PostgreSQL spent
running it (and ``Model.objects.raw`` still re-derived its column mapping and converters on
every call), and the outbox INSERT needed a savepoint to survive a duplicate.  Here:

* ``fetch`` runs a SELECT and builds model instances as the ORM does (``Model.from_db``, each
  column through its field's converters; columns that are not fields become attributes),
  working out the mapping once per statement;
* ``insert`` and ``update`` build their SQL once per model and columns, and every value goes
  through its field's ``get_db_prep_save``, as the ORM's own INSERT and UPDATE do.

So rows are read and stored exactly as the ORM would, on PostgreSQL and on SQLite (3.35+,
for RETURNING).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

from django.db import connection, models

M = TypeVar("M", bound=models.Model)
Converter = Callable[[Any, Any, Any], Any]


@dataclass(frozen=True)
class _ReadPlan:
    """How one SELECT's columns become an instance: field attnames (model order) and extra attributes."""

    attnames: tuple[str, ...]
    field_slots: tuple[tuple[int, tuple[Converter, ...], Any], ...]  # column index, converters, expression
    extras: tuple[tuple[str, int], ...]


def fetch(model: type[M], sql: str, params: Sequence[Any] = ()) -> list[M]:
    """The rows of a SELECT as ``model`` instances (fields not selected load on first use, deferred)."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        key = (model, sql, connection.vendor)  # converters differ between databases, not between connections
        plan = _read_plans.get(key)
        if plan is None:  # one statement always names the same columns: map them once
            plan = _read_plans[key] = _read_plan(model, tuple(column[0] for column in cursor.description))
        return [_instance(model, plan, row) for row in cursor.fetchall()]


def _instance(model: type[M], plan: _ReadPlan, row: Sequence[Any]) -> M:
    values = []
    for index, converters, expression in plan.field_slots:
        value = row[index]
        for convert in converters:
            value = convert(value, expression, connection)
        values.append(value)
    instance = model.from_db(connection.alias, plan.attnames, values)
    for name, index in plan.extras:
        setattr(instance, name, row[index])
    return instance


_read_plans: dict[tuple[type[models.Model], str, str], _ReadPlan] = {}


def _read_plan(model: type[models.Model], columns: tuple[str, ...]) -> _ReadPlan:
    """Match columns to the model's concrete fields (by column name) and look up their converters once."""
    by_column = {field.column: field for field in model._meta.concrete_fields}
    position = {column: index for index, column in enumerate(columns)}
    attnames, slots = [], []
    for field in model._meta.concrete_fields:
        if field.column in position:
            expression = field.get_col(model._meta.db_table)
            converters = tuple(connection.ops.get_db_converters(expression) + field.get_db_converters(connection))
            attnames.append(field.attname)
            slots.append((position[field.column], converters, expression))
    extras = tuple((column, index) for index, column in enumerate(columns) if column not in by_column)
    return _ReadPlan(tuple(attnames), tuple(slots), extras)


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
    pk = insert(type(instance), _insert_values(instance), unless_exists)
    if pk is None:
        return False
    _saved(instance, pk)
    return True


def _insert_values(instance: models.Model) -> dict[str, Any]:
    return {field.name: getattr(instance, field.attname) for field in instance._meta.concrete_fields
            if not (field.primary_key and getattr(instance, field.attname) is None)}


def _saved(instance: models.Model, pk: Any) -> None:
    instance.pk, instance._state.adding, instance._state.db = pk, False, connection.alias


@dataclass(frozen=True)
class Update:
    """An UPDATE of one row by primary key, to run with an INSERT (``insert_with_updates``)."""

    model: type[models.Model]
    pk: Any
    values: dict[str, Any]


def insert_with_updates(instance: models.Model, updates: Sequence[Update]) -> None:
    """INSERT ``instance`` (as ``insert_instance``) and run ``updates``: one statement on PostgreSQL.

    A move appends its Action and moves its Snapshot and game on.  As one statement (the UPDATEs
    as data-modifying CTEs) that is one round trip to the server instead of three.  Elsewhere
    (SQLite) the statements run one after another.  Update row counts are not reported.
    """
    if connection.vendor != "postgresql":
        insert_instance(instance)
        for change in updates:
            update(change.model, change.pk, change.values)
        return
    values = _insert_values(instance)
    shapes = tuple((change.model, tuple(change.values)) for change in updates)
    params: list[Any] = []
    for change in updates:
        params += [*_prepared(change.model, change.values), change.pk]
    with connection.cursor() as cursor:
        cursor.execute(_insert_with_updates_sql(type(instance), tuple(values), shapes),
                       [*params, *_prepared(type(instance), values)])
        (pk,) = cursor.fetchone()
    _saved(instance, pk)


@cache
def _insert_with_updates_sql(
    model: type[models.Model], names: tuple[str, ...], shapes: tuple[tuple[type[models.Model], tuple[str, ...]], ...]
) -> str:
    ctes = ", ".join(f"u{n} AS ({_update_sql(other, columns)})" for n, (other, columns) in enumerate(shapes))
    return f"WITH {ctes} {_insert_sql(model, names, ())}"


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
