"""Where win-probability tables are kept: built by ``manage.py build_win_tables`` or, on first
need, in the background; stored as ``WinTable`` rows; held in each process's memory once read.

A request only ever looks a table up. When the table for a game's options is missing or was
built by other rules (an engine, player or catalogue changed since), the request gets the
reason instead of a figure and a background build starts, one per table per process.
"""

from __future__ import annotations

import functools
import logging
import threading
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import close_old_connections, transaction

from games.engines import EngineError, get
from games.engines.win_probability import NotCovered, Table, model_for
from games.engines.win_probability.build import Progress, build_table
from games.engines.win_probability.model import options_key
from games.engines.win_probability.table import TableError
from games.models import WinTable

log = logging.getLogger(__name__)

_loaded: dict[tuple[str, str, str], Table] = {}
_building: set[tuple[str, str, str]] = set()
_lock = threading.Lock()


@dataclass(frozen=True)
class Unavailable:
    """Why there is no figure (for the page, in a few words)."""

    reason: str


@functools.cache
def version(kind: str) -> str:
    """The rules' version a table must have been built by (read from the source once)."""
    return model_for(kind).version()


@dataclass(frozen=True)
class TableName:
    kind: str
    options: Mapping[str, Any]  # ``Model.table_options``

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.kind, options_key(dict(self.options)), version(self.kind))


def name_for(kind: str, options: Mapping[str, Any]) -> TableName | Unavailable:
    """The table a game of ``kind`` with ``options`` is looked up in, or why none covers it."""
    try:
        return TableName(kind, model_for(kind).table_options(options))
    except NotCovered as exc:
        return Unavailable(str(exc))
    except EngineError:
        return Unavailable(
            f"win probability not available: the options of this {kind} game are not valid"
        )


def table_for(kind: str, options: Mapping[str, Any], *, build: bool = True) -> Table | Unavailable:
    """The table for a game, from memory or the database; never a simulation. A missing or
    out-of-date table starts a background build (unless ``build`` is false)."""
    name = name_for(kind, options)
    if isinstance(name, Unavailable):
        return name
    key = name.key
    table = _loaded.get(key)
    if table is not None:
        return table
    row = (
        WinTable.objects.filter(kind=key[0], options_key=key[1], version=key[2])
        .values_list("data", flat=True)
        .first()
    )
    if row is not None:
        try:
            table = Table.from_json(zlib.decompress(bytes(row)))
        except (TableError, zlib.error):
            log.warning("win-probability table %s does not read; rebuilding", key)
        else:
            _loaded[key] = table
            return table
    if build:
        start_build(name)
    engine = get(kind)
    if WinTable.objects.filter(kind=kind, options_key=key[1]).exists():
        return Unavailable(f"win probability for {engine.name} is being recomputed for new rules")
    return Unavailable(f"win probability for {engine.name} is not computed yet")


def store(table: Table) -> WinTable:
    """Keep ``table`` (replacing any other version of the same table) in one transaction."""
    key = options_key(dict(table.options))
    with transaction.atomic():
        row, _ = WinTable.objects.update_or_create(
            kind=table.game_id,
            options_key=key,
            version=table.version,
            defaults={
                "options": dict(table.options),
                "games": table.games,
                "seconds": table.seconds,
                "data": zlib.compress(table.to_json().encode(), 6),
            },
        )
        WinTable.objects.filter(kind=table.game_id, options_key=key).exclude(pk=row.pk).delete()
    _loaded[(table.game_id, key, table.version)] = table
    return row


def build_and_store(
    name: TableName,
    *,
    games: int | None = None,
    seed: int = 0,
    workers: int = 1,
    progress: Progress | None = None,
) -> WinTable:
    table = build_table(
        name.kind, name.options, games=games, seed=seed, workers=workers, progress=progress
    )
    return store(table)


def _build_in_background(name: TableName) -> None:
    try:
        build_and_store(name)
    except Exception:
        log.exception("building the win-probability table %s failed", name.key)
    finally:
        with _lock:
            _building.discard(name.key)
        close_old_connections()


# How a lazy build runs: a daemon thread by default (tests run it in line).
Runner = Callable[[Callable[[], None]], None]


def _thread(work: Callable[[], None]) -> None:
    threading.Thread(target=work, name="win-table-build", daemon=True).start()


runner: Runner = _thread


def start_build(name: TableName) -> bool:
    """Start building ``name``'s table unless this process is building it already (or lazy
    builds are off: ``settings.WIN_PROBABILITY_LAZY_BUILDS``)."""
    if not settings.WIN_PROBABILITY_LAZY_BUILDS:
        return False
    with _lock:
        if name.key in _building:
            return False
        _building.add(name.key)
    runner(lambda: _build_in_background(name))
    return True


def forget_loaded() -> None:
    """Drop the tables held in memory (tests; a process re-reads them on need)."""
    _loaded.clear()
