"""One row by primary key, and one row inserted, updated or upserted, each in one plain SQL
statement built once from the model's fields.

Used where every request or every tap goes (the session and its user, the game, the play
and the board it leaves): building a query through the ORM costs several times what SQLite
or PostgreSQL take to run it. Values go through each field's own conversions both ways
(``get_db_prep_save``, the database converters and ``Model.from_db``), so a row read is the
object ``Model.objects.get`` would return and a row written is what ``save`` would write,
with the ``auto_now`` dates and, for a new row, the defaults filled in.
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.db import connections, models, router
from django.utils import timezone

M = TypeVar("M", bound=models.Model)


OPERATORS = {"exact": "=", "gt": ">", "gte": ">=", "lt": "<", "lte": "<="}


def get_by_key(
    model: type[M], key: Any, *, for_update: bool = False, **conditions: Any
) -> M | None:
    """The ``model`` row whose primary key is ``key``, or ``None``; ``conditions`` are more
    lookups it must meet, written as for ``filter`` (``expire_date__gt=now``). With
    ``for_update`` (inside a transaction) the row stays locked until it ends, where the
    database locks rows (SQLite's write transactions lock the whole database anyway)."""
    alias = router.db_for_write(model) if for_update else router.db_for_read(model)
    connection = connections[alias]
    sql, converters, names = _select(model, alias)
    params = [model._meta.pk.get_db_prep_value(key, connection)]
    for lookup, value in conditions.items():
        name, _, operator = lookup.partition("__")
        field = model._meta.get_field(name)
        sql += f" AND {connection.ops.quote_name(field.column)} {OPERATORS[operator or 'exact']} %s"
        params.append(field.get_db_prep_value(value, connection))
    if for_update and connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        return None
    values = list(row)
    for index, field, functions in converters:
        for convert in functions:
            values[index] = convert(values[index], field, connection)
    return model.from_db(alias, names, values)


_selects: dict[tuple[type, str], tuple[str, list, list[str]]] = {}


def _select(model: type[models.Model], alias: str) -> tuple[str, list, list[str]]:
    found = _selects.get((model, alias))
    if found is None:
        connection = connections[alias]
        quote = connection.ops.quote_name
        fields = model._meta.concrete_fields
        table = model._meta.db_table
        columns = ", ".join(quote(field.column) for field in fields)
        sql = f"SELECT {columns} FROM {quote(table)} WHERE {quote(model._meta.pk.column)} = %s"
        converters = []
        for index, field in enumerate(fields):
            column = field.get_col(table)
            functions = connection.ops.get_db_converters(column) + field.get_db_converters(
                connection
            )
            if functions:
                converters.append((index, column, functions))
        found = _selects[(model, alias)] = (sql, converters, [f.attname for f in fields])
    return found


def insert(model: type[models.Model], **values: Any) -> Any:
    """Insert one ``model`` row from ``values`` (by attribute name; ``auto_now`` and
    ``auto_now_add`` dates are filled in like ``save`` does); return its primary key."""
    connection, quote = _writer(model)
    fields, _ = _fields_for(model, values, adding=True)
    columns = ", ".join(quote(field.column) for field in fields)
    placeholders = ", ".join(["%s"] * len(fields))
    pk = model._meta.pk
    sql = (
        f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({placeholders})"
        f" RETURNING {quote(pk.column)}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, _prepared(fields, values, connection))
        return cursor.fetchone()[0]


def update(model: type[models.Model], key: Any, **values: Any) -> int:
    """Set ``values`` (and any ``auto_now`` date) on the row whose primary key is ``key``;
    return the number of rows changed."""
    connection, quote = _writer(model)
    fields, _ = _fields_for(model, values, adding=False)
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in fields)
    pk = model._meta.pk
    sql = f"UPDATE {quote(model._meta.db_table)} SET {assignments} WHERE {quote(pk.column)} = %s"
    with connection.cursor() as cursor:
        cursor.execute(
            sql, [*_prepared(fields, values, connection), pk.get_db_prep_value(key, connection)]
        )
        return cursor.rowcount


def upsert(model: type[models.Model], unique: str, **values: Any) -> None:
    """Insert the row, or, when one with the same ``unique`` field exists, set ``values`` (and
    any ``auto_now`` date) on it."""
    connection, quote = _writer(model)
    fields, changing = _fields_for(model, values, adding=True)
    conflict = model._meta.get_field(unique).column
    columns = ", ".join(quote(field.column) for field in fields)
    placeholders = ", ".join(["%s"] * len(fields))
    changes = ", ".join(
        f"{quote(field.column)} = excluded.{quote(field.column)}"
        for field in fields
        if field.column != conflict and field.attname in changing
    )
    sql = (
        f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({placeholders})"
        f" ON CONFLICT ({quote(conflict)}) DO UPDATE SET {changes}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, _prepared(fields, values, connection))


def _writer(model: type[models.Model]) -> tuple[Any, Any]:
    connection = connections[router.db_for_write(model)]
    return connection, connection.ops.quote_name


def _fields_for(
    model: type[models.Model], values: dict[str, Any], *, adding: bool
) -> tuple[list, set[str]]:
    """The fields to write: those ``values`` name, the dates Django fills in on ``save``
    and, for a new row, the defaults of the others (which ``values`` gains); and the names of
    the fields that change on every write (all but the defaults)."""
    fields, changing = [], set()
    now = timezone.now()
    for field in model._meta.concrete_fields:
        dated = (
            getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False) and adding
        )
        if field.attname in values:
            changing.add(field.attname)
        elif dated:
            values[field.attname] = now
            changing.add(field.attname)
        elif adding and field.has_default():
            values[field.attname] = field.get_default()
        else:
            continue
        fields.append(field)
    unknown = set(values) - {field.attname for field in fields}
    if unknown:
        raise ValueError(f"{model.__name__} has no field {', '.join(sorted(unknown))}")
    return fields, changing


def _prepared(fields: list, values: dict[str, Any], connection: Any) -> list[Any]:
    return [field.get_db_prep_save(values[field.attname], connection) for field in fields]
