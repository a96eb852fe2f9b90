"""Win-probability tables that ship with the site as built data, so a fresh site (the demo's
first command) shows figures from full-size tables before any worker has run.

Each table is a compressed file in ``games/win/shipped/`` named for its game and options;
``index.json`` lists every file with its SHA-256 digest, the options it was built for and the
rules' version it was built by. A file is used only when its digest matches and its version
is today's: a change to an engine, its player, the catalogues or the model makes the file
stale, and ``python manage.py build_win_tables --ship`` builds the set again (the suite fails
while a shipped table is stale).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.engines.win_probability import Table
from games.engines.win_probability.model import options_key
from games.engines.win_probability.table import TableError

log = logging.getLogger(__name__)

FOLDER = Path(__file__).parent / "shipped"
INDEX = FOLDER / "index.json"

# The tables that ship: every game's defaults and the options the demo plays.
SHIPPED: tuple[tuple[str, Mapping[str, Any]], ...] = (
    ("quick-baseball", {}),
    ("quick-baseball", {"innings": 3}),
    ("quick-cricket", {}),
    ("quick-cricket", {"overs": 4}),
    ("quick-cricket", {"overs": 8}),
    ("quick-cricket", {"overs": 16}),
    ("backyard-baseball", {}),
    ("bedard-baseball", {}),
    ("bedard-baseball", {"innings": 3}),
    ("solitaire-baseball", {}),
    ("quick-tennis", {}),
)


@dataclass(frozen=True)
class Entry:
    kind: str
    options: Mapping[str, Any]  # the table's options (``Model.table_options``)
    version: str
    file: str
    sha256: str
    games: int


def file_name(kind: str, options: Mapping[str, Any]) -> str:
    return f"{kind}.{options_key(dict(options))}.json.gz"


def read_index() -> dict[tuple[str, str], Entry]:
    """The shipped tables by (game, options key); empty when there is no index."""
    try:
        data = json.loads(INDEX.read_text())
    except (OSError, ValueError):
        return {}
    entries = {}
    for item in data.get("tables", []):
        entry = Entry(
            kind=item["kind"],
            options=item["options"],
            version=item["version"],
            file=item["file"],
            sha256=item["sha256"],
            games=item["games"],
        )
        entries[(entry.kind, options_key(dict(entry.options)))] = entry
    return entries


def has(kind: str, key: str, version: str) -> bool:
    """Whether a current table for (game, options key) ships."""
    entry = read_index().get((kind, key))
    return entry is not None and entry.version == version


def load(kind: str, key: str, version: str) -> Table | None:
    """The shipped table for (game, options key) if it ships, is today's and reads whole."""
    entry = read_index().get((kind, key))
    if entry is None or entry.version != version:
        return None
    try:
        data = (FOLDER / entry.file).read_bytes()
    except OSError:
        return None
    if hashlib.sha256(data).hexdigest() != entry.sha256:
        log.warning("shipped win-probability table %s does not match its digest", entry.file)
        return None
    try:
        return Table.from_json(gzip.decompress(data))
    except (TableError, OSError, EOFError):
        log.warning("shipped win-probability table %s does not read", entry.file)
        return None


def write(tables: list[Table]) -> None:
    """Write ``tables`` as the shipped set (files and index), replacing what shipped before."""
    FOLDER.mkdir(exist_ok=True)
    for old in FOLDER.glob("*.json.gz"):
        old.unlink()
    items = []
    for table in tables:
        name = file_name(table.game_id, table.options)
        # mtime 0: the same table gives the same bytes, so the same digest
        data = gzip.compress(table.to_json().encode(), compresslevel=9, mtime=0)
        (FOLDER / name).write_bytes(data)
        items.append(
            {
                "kind": table.game_id,
                "options": dict(table.options),
                "version": table.version,
                "games": table.games,
                "file": name,
                "sha256": hashlib.sha256(data).hexdigest(),
            }
        )
    INDEX.write_text(json.dumps({"tables": items}, indent=1, sort_keys=True) + "\n")
