"""Where win-probability tables are kept: shipped with the site as built data (``shipped.py``:
every game's defaults and the demo's options), or built by ``manage.py build_win_tables`` or by
a job of the task queue (``games.archive.jobs``) and stored as ``WinTable`` rows; held in each
process's memory once read. A stored table comes before a shipped one.

A request only ever looks a table up: when the table for a game's options is missing or was
built by other rules (an engine, player or catalogue changed since), it gets the reason
instead of a figure. Tables are asked for by writes (a new game or league), never by a page.
"""

from __future__ import annotations

import functools
import logging
import time
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction

from games.engines import EngineError, get
from games.engines.win_probability import NotCovered, Table, model_for
from games.engines.win_probability.build import Progress, build_table
from games.engines.win_probability.model import options_key
from games.engines.win_probability.table import TableError
from games.models import WinTable
from games.win import shipped

log = logging.getLogger(__name__)

_loaded: dict[tuple[str, str, str], Table] = {}


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


def table_for(kind: str, options: Mapping[str, Any]) -> Table | Unavailable:
    """The table for a game, from memory or the database; never a simulation, never a build."""
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
            log.warning("win-probability table %s does not read", key)
        else:
            _loaded[key] = table
            return table
    table = shipped.load(*key)
    if table is not None:
        _loaded[key] = table
        return table
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


def is_current(name: TableName) -> bool:
    """Whether ``name``'s table is stored or ships, built by the rules of today."""
    kind, key, version_ = name.key
    if shipped.has(kind, key, version_):
        return True
    return WinTable.objects.filter(kind=kind, options_key=key, version=version_).exists()


class OverBudget(Exception):
    """A build ran past ``settings.WIN_TABLE_BUDGET_SECONDS`` and was stopped."""


def _within_budget(progress: Progress | None, budget: float) -> Progress:
    started = time.monotonic()

    def check(done: int, total: int) -> None:
        if progress is not None:
            progress(done, total)
        if done < total and time.monotonic() - started > budget:
            raise OverBudget(f"stopped after {done} of {total} games: over {budget:.0f} s")

    return check


def build_and_store(
    name: TableName,
    *,
    games: int | None = None,
    seed: int = 0,
    workers: int = 1,
    progress: Progress | None = None,
    budget: float | None = None,
) -> WinTable:
    """Build ``name``'s table and keep it. With ``budget`` (seconds), a build that runs longer
    is stopped with ``OverBudget`` and nothing is stored."""
    if budget is not None:
        progress = _within_budget(progress, budget)
    table = build_table(
        name.kind, name.options, games=games, seed=seed, workers=workers, progress=progress
    )
    return store(table)


def default_budget() -> float:
    return float(settings.WIN_TABLE_BUDGET_SECONDS)


def forget_loaded() -> None:
    """Drop the tables held in memory (tests; a process re-reads them on need)."""
    _loaded.clear()
