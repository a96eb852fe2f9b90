"""Recognising a record already imported, however it is spelt.

Two SHA-256 digests of a record's canonical JSON (keys sorted, no spaces, the options with
their defaults filled in), both kept on the imported game:

- ``record_hash`` (``Game.record_hash``, unique): the record as written, so re-formatting a
  file or renaming it does not import it twice.
- ``game_key`` (``Game.game_key``, indexed): the game the record holds, compared as
  ``import_games`` compares games: its sides as the league's teams are matched (case and
  surrounding spaces aside) and each play without the note and time a play may carry
  (``NOTE_KEYS``). So a record whose team names are in capitals, or with a note added, is
  the same game. Not unique: games imported twice before it was kept keep their rows.

Only imported games have them: a game scored on the site and exported, then imported, is a
new game. The key is the record's as it was imported; a later correction of the game does
not change it, so the file imported first is still recognised. Games imported before the key
was kept got it from their stored log (migration ``0013_game_key``, the same form).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.engines.base import NOTE_KEYS
from games.engines.record import Record
from games.kinds.catalogues import pinned
from games.models import Game


def record_hash(record: Record) -> str:
    """The digest of ``record`` as written (its JSON with keys sorted)."""
    return _digest(record.to_json())


def game_key(
    kind: str, options: Mapping[str, Any], sides: Sequence[str], plays: Iterable[Mapping]
) -> str:
    """The digest of a game: its kind, options, sides as teams are matched, plays without
    notes."""
    return _digest(
        {
            "game": kind,
            "options": options,
            "sides": [side.strip().casefold() for side in sides],
            "plays": [{k: v for k, v in play.items() if k not in NOTE_KEYS} for play in plays],
        }
    )


def record_key(record: Record) -> str:
    """The key of ``record``'s game, its catalogue named as a stored game names it (a record
    that names none: the default of the day, pinned)."""
    return game_key(record.game, pinned(record.game, record.options), record.sides, record.plays)


def imported_as(record: Record, digest: str) -> Game | None:
    """The game ``record`` was imported as (``digest`` is its ``record_hash``): the same
    record, else the first game imported with the same ``game_key``; ``None`` if none."""
    same = Game.objects.filter(record_hash=digest).first()
    if same is not None:
        return same
    return Game.objects.filter(game_key=record_key(record)).order_by("pk").first()


def _digest(value: Any) -> str:
    canonical = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()
