"""A season's data pack: every game of the season and its tables, in open formats, as one zip
(``/leagues/<league>/<season>/data.zip``) or a folder (``manage.py export_season``).

What the pack holds (its own ``README.md`` says the same to whoever opens it):

- ``README.md``: every file, the game record format, the replay contract, the departures.
- ``games.csv``: one line per game: its id, record file, sides, status, score, whether it is
  a fixture, voided.
- ``records/<game id>.json``: each game's JSON record, exactly as ``/games/<id>/record.json``.
- ``cricsheet/<game id>.json``: each Quick Cricket game, Cricsheet-style
  (``games.archive.exports.cricsheet``).
- ``retrosheet/gamelog.txt`` and ``retrosheet/<game id>.EVE`` (baseball leagues): a Retrosheet
  game-log line per two-sided baseball game with a line score, and its event file; with
  Chadwick's ``TEAMyyyy`` file and a ``CODEyyyy.ROS`` roster per team for each year the games
  were played in (``games.archive.retrosheet_pack``).
- ``standings.csv`` and ``stats.csv``: the season's standings and stats CSV downloads.

The choices made:

- The season's games are the ones its public page lists: its fixtures' games and its other
  games (live, final and voided alike), in id order.
- The CSV files are written as the downloads are (UTF-8 with a byte-order mark).
- A game whose log no longer replays keeps its record in the pack; its Cricsheet and
  Retrosheet files are left out (the README lists nothing per game, so nothing is missing).
- The pack is built once per state of the season: ``pack_key`` is one query over everything
  the pack shows (the season's and league's fields, its ``stats_revision``, each game's id,
  ``log_revision``, void, finish, sides and options, each fixture's game, teams, date and
  outcome) plus the code's version (``safe_cache.code_version``), so a deploy rebuilds too.
  The zip is kept as ``season-<id>-<key>.zip`` in the ``season_packs`` storage
  (``settings.STORAGES``: a folder by default, ``SCOREKEEPER_PACK_DIR``); older packs of the
  same season are deleted once a newer one is in place. Packs are built by a job of
  the task queue, one per season at a time, and a season whose games change is rebuilt at
  most every ``settings.SEASON_PACK_REFRESH``: meanwhile the previous pack is served, with
  its own key as its ETag (``games.archive.jobs.pack_for_download``). A build writes entry by
  entry into a scratch file (beside the packs when the storage is a local folder) and then
  saves it in the storage, which renames it into place: a reader never sees a half-written pack
  and the pack is never held in memory whole. Zip entries carry a fixed
  date (1980-01-01) so that the same data gives the same bytes.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO, Any

from django.core.files import File
from django.core.files.storage import Storage, storages
from django.db import connections, router
from django.db.models import Q

from games.archive import exports, season_pack_readme
from games.archive.retrosheet_pack import retrosheet_files
from games.engines import EngineError
from games.engines.record import ReplayError
from games.kinds import RETROSHEET
from games.kinds import kind as game_kind
from games.kinds.records import game_record
from games.leagues import stats_selectors
from games.leagues.standings_cache import cached_standings
from games.models import Fixture, Game, League, Season
from games.plumbing import safe_cache, safe_csv

ZIP_DATE = (1980, 1, 1, 0, 0, 0)
STORAGE = "season_packs"
README_NAME = "README.md"

# Writes one file of the pack: its path inside the pack and its text.
Sink = Callable[[str, str], None]


# The key ---------------------------------------------------------------------------------------


def _tables() -> dict[str, str]:
    quote = connections[router.db_for_read(Game)].ops.quote_name
    models = {"game": Game, "season": Season, "league": League, "fixture": Fixture}
    return {name: quote(model._meta.db_table) for name, model in models.items()}


def _text(column: str) -> str:
    return f"CAST({column} AS TEXT)"


def _select(tag: str, columns: list[str], width: int) -> str:
    cells = [f"'{tag}'", *(_text(c) for c in columns)]
    cells += ["CAST(NULL AS TEXT)"] * (width + 1 - len(cells))
    return ", ".join(cells)


def pack_key(season: Season) -> str:
    """Names the season's pack as the database has it now (one query)."""
    t = _tables()
    width = 12
    season_columns = [
        "s.id", "s.stats_revision", "s.name", "s.slug", "l.id", "l.name", "l.slug", "l.kind",
        "l.points_win", "l.points_tie", "l.points_loss", "l.points_no_result",
    ]  # fmt: skip
    game_columns = [
        "g.id", "g.log_revision", "g.voided_at", "g.finished_at", "g.created_at", "g.kind",
        "g.sides", "g.options", "g.season_id",
    ]  # fmt: skip
    fixture_columns = [
        "f.id", "f.game_id", "f.away_id", "f.home_id", "f.scheduled_on", "f.outcome",
        "f.competition_id",
    ]  # fmt: skip
    sql = (
        f"SELECT {_select('s', season_columns, width)}"
        f" FROM {t['season']} s JOIN {t['league']} l ON l.id = s.league_id WHERE s.id = %s"
        f" UNION ALL SELECT {_select('g', game_columns, width)} FROM {t['game']} g"
        f" WHERE g.season_id = %s"
        f" OR g.id IN (SELECT f.game_id FROM {t['fixture']} f WHERE f.season_id = %s)"
        f" UNION ALL SELECT {_select('f', fixture_columns, width)} FROM {t['fixture']} f"
        f" WHERE f.season_id = %s"
    )
    with connections[router.db_for_read(Game)].cursor() as cursor:
        cursor.execute(sql, [season.pk] * 4)
        rows = sorted(tuple("" if v is None else str(v) for v in row) for row in cursor.fetchall())
    digest = hashlib.blake2b(digest_size=16)
    digest.update(safe_cache.code_version().encode())
    digest.update(repr(rows).encode())
    return digest.hexdigest()


# What the pack holds ---------------------------------------------------------------------------


def season_games(season: Season) -> list[Game]:
    """The season's games as its public page lists them: fixtures' games and the others."""
    fixture_games = Fixture.objects.filter(season=season, game__isnull=False).values("game_id")
    found = Game.objects.filter(Q(season=season) | Q(pk__in=fixture_games))
    return list(found.order_by("pk"))


def write_pack(season: Season, add: Sink) -> list[str]:
    """Hand every file of the pack to ``add``; returns their names in order."""
    names: list[str] = []

    def put(name: str, text: str) -> None:
        add(name, text)
        names.append(name)

    games = [_with_season(game, season) for game in season_games(season)]
    put(README_NAME, season_pack_readme.readme(season, games))
    put("games.csv", safe_csv.BOM + games_csv(games))
    for game in games:
        put(f"records/{game.pk}.json", json.dumps(game_record(game).to_json(), indent=1))
    for name, text in cricsheet_files(games):
        put(name, text)
    if RETROSHEET in game_kind(season.league.kind).exports:
        for name, text in retrosheet_files(games):
            put(name, text)
    put("standings.csv", safe_csv.BOM + cached_standings(season).to_csv())
    put("stats.csv", safe_csv.BOM + stats_selectors.season_stats(season=season).to_csv())
    return names


def _with_season(game: Game, season: Season) -> Game:
    if game.season_id == season.pk:
        game.season = season  # no query for the league's name in the exports
    return game


def games_csv(games: list[Game]) -> str:
    rows: list[list[Any]] = [
        ["game", "record", "kind", "sides", "status", "score", "fixture", "voided"]
    ]
    fixtures = set(
        Fixture.objects.filter(game__in=[g.pk for g in games]).values_list("game_id", flat=True)
    )
    for game in games:
        summary = game.summary or {}
        rows.append(
            [
                game.pk,
                f"records/{game.pk}.json",
                game.kind,
                " v ".join(game.sides),
                summary.get("status", ""),
                "-".join(str(runs) for runs in summary.get("score", [])),
                "yes" if game.pk in fixtures else "no",
                "yes" if game.is_voided else "no",
            ]
        )
    return safe_csv.rows_to_text(rows)


def cricsheet_files(games: list[Game]) -> Iterator[tuple[str, str]]:
    for game in games:
        if not exports.has_cricsheet(game):
            continue
        try:
            data = exports.game_cricsheet(game)
        except (ReplayError, EngineError, exports.NotExportable):
            continue
        yield f"cricsheet/{game.pk}.json", json.dumps(data, indent=1, ensure_ascii=False) + "\n"


# Writing and caching ---------------------------------------------------------------------------


def filename(season: Season) -> str:
    """The name a download is saved under."""
    return f"{season.league.slug}-{season.slug}-data.zip"


def write_zip(season: Season, path: Path) -> list[str]:
    """Write the pack as a zip at ``path`` (a local file: ``export_season``): into a temporary
    file beside it, then renamed into place. Raises ``OSError``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".building-", suffix=".zip")
    try:
        with os.fdopen(handle, "wb") as file:
            names = zip_into(season, file)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return names


def zip_into(season: Season, file: IO[bytes]) -> list[str]:
    """Write the pack as a zip into ``file``, entry by entry; returns the entries' names."""
    with zipfile.ZipFile(file, "w") as archive:

        def add(name: str, text: str) -> None:
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, text.encode("utf-8"))

        return write_pack(season, add)


def write_directory(season: Season, directory: Path) -> list[str]:
    """Write the pack's files into ``directory`` (created if needed). Raises ``OSError``."""
    directory.mkdir(parents=True, exist_ok=True)

    def add(name: str, text: str) -> None:
        target = directory / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")

    return write_pack(season, add)


# The packs' storage ----------------------------------------------------------------------------


def pack_storage() -> Storage:
    """Where built packs are kept: ``STORAGES["season_packs"]`` (a folder by default)."""
    return storages[STORAGE]


def pack_name(season: Season, key: str) -> str:
    return f"season-{season.pk}-{key}.zip"


@dataclass(frozen=True)
class Built:
    """A pack in the storage: its name there, the key it was built for and when."""

    name: str
    key: str
    built_at: datetime


def cached_pack(season: Season, key: str) -> Built:
    """The pack for ``key``, built only when the storage has none for that key yet (by the
    season pack's job, ``games.archive.jobs.build_season_pack``)."""
    storage, name = pack_storage(), pack_name(season, key)
    if not storage.exists(name):
        publish(season, name)
        _drop_older(season, keep=name)
    return Built(name, key, storage.get_modified_time(name))


class _Scratch(File):
    """A finished pack in a local temporary file. A storage that can move a file there
    (``FileSystemStorage``, whose scratch file sits in the same folder) renames it into place;
    any other copies it."""

    def temporary_file_path(self) -> str:
        return self.file.name


def publish(season: Season, name: str) -> None:
    """Build the pack into a scratch file, then save it in the storage as ``name``: a reader
    never finds half a pack, and the pack is never held in memory whole. Raises ``OSError``."""
    storage = pack_storage()
    folder = _local_folder(storage, name)
    with tempfile.NamedTemporaryFile(
        dir=folder, prefix=".building-", suffix=".zip", delete=False
    ) as scratch:
        try:
            zip_into(season, scratch)
            scratch.flush()
            saved = storage.save(name, _Scratch(scratch, name))
        finally:
            Path(scratch.name).unlink(missing_ok=True)
    if saved != name:  # the same key was published meanwhile: the storage chose another name
        storage.delete(saved)


def _local_folder(storage: Storage, name: str) -> str | None:
    """The folder the storage keeps ``name`` in, when it is a local one (else ``None``: the
    system's temporary folder)."""
    try:
        folder = Path(storage.path(name)).parent
    except NotImplementedError:
        return None
    folder.mkdir(parents=True, exist_ok=True)
    return str(folder)


def _season_packs(season: Season) -> list[str]:
    prefix = f"season-{season.pk}-"
    try:
        files = pack_storage().listdir("")[1]
    except FileNotFoundError:  # nothing built yet
        return []
    return [name for name in files if name.startswith(prefix) and name.endswith(".zip")]


def latest(season: Season) -> Built | None:
    """The season's newest pack in the storage, whatever key it was built for, or ``None``."""
    storage = pack_storage()
    found = []
    for name in _season_packs(season):
        try:
            found.append((storage.get_modified_time(name), name))
        except FileNotFoundError:  # replaced by a newer build meanwhile
            continue
    if not found:
        return None
    built_at, name = max(found)
    key = name.removeprefix(f"season-{season.pk}-").removesuffix(".zip")
    return Built(name, key, built_at)


def open_pack(built: Built) -> File:
    """The pack's file, open for reading. Raises ``FileNotFoundError`` once a newer build
    replaced it."""
    return pack_storage().open(built.name, "rb")


def _drop_older(season: Season, *, keep: str) -> None:
    storage = pack_storage()
    for old in _season_packs(season):
        if old != keep:
            storage.delete(old)
