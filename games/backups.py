"""Backups: every game, league, season, team and fixture as a folder of JSON, and back.

An archive folder holds:

- ``manifest.json``: the format, its version, when it was written and how many of each thing.
- ``games/<id>.json``: each game's JSON record, exactly as the game page's record download
  (``games.engines.record``), so ``replay`` and ``import_games`` read it as it is.
- ``leagues.json``: what a record has no place for: ``leagues`` (name, slug, game, options,
  points, organiser usernames), ``seasons``, ``teams``, ``fixtures`` (season, away, home,
  date, the game's file) and, per game, its season, creator, scorers, status, timestamps,
  void and import hash, and its correction history: ``corrections`` (who, when, before,
  after, reason, and the play they changed) and ``reopenings`` (``games.backup_history``).

Choices where the issue is silent:

- Users are not archived (passwords do not belong in a backup folder); a restore links
  organisers, creators and scorers to the users of the same name that exist, and gives a
  game whose creator is missing to the import user (``games.imports.import_user``). The
  correction history must say who did what, so a name in it that the site does not have
  gets an inactive user without a usable password (listed by ``import_leagues``).
- A restore is for a fresh database: when it already holds leagues or games nothing is
  written, so an archive is never merged into other data half-way.
- Friendlies outside leagues are restored as friendlies outside leagues; games in progress
  stay in progress (their plays replayed through the engine), so they can be scored on.
- Creation and finishing times, voids and their reasons are kept, so standings (streaks,
  last 10) and the archive's order come back as they were. Who entered each play is not kept.
- Version 1 archives (written before the correction history was) are still read: their
  games come back without corrections.
- A game whose record no longer replays is reported and left out; the rest is restored.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.db import DatabaseError, transaction
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from . import backup_history, imports
from .models import Fixture, Game, League, Season, Team
from .selectors import game_record

FORMAT = "scorekeeper-archive"
VERSION = 2
READS = (1, 2)
GAMES_DIR = "games"
MANIFEST = "manifest.json"
LEAGUES = "leagues.json"


class ArchiveError(ValueError):
    """An archive that cannot be written or restored; the message says why."""


@dataclass
class RestoreReport:
    counts: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    created_users: list[str] = field(default_factory=list)


def _when(value: datetime | date | None) -> str | None:
    return value.isoformat() if value else None


def _game_file(game: Game) -> str:
    return f"{GAMES_DIR}/{game.pk}.json"


# Export -------------------------------------------------------------------------------------


def export_archive(*, directory: Path) -> dict[str, int]:
    """Write the archive into ``directory`` (created if needed). Returns the counts."""
    games_dir = directory / GAMES_DIR
    try:
        games_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ArchiveError(f"cannot create {games_dir}: {exc.strerror or exc}") from None
    games = list(
        Game.objects.select_related("created_by", "season__league")
        .prefetch_related("scorers")
        .order_by("pk")
    )
    for game in games:
        text = json.dumps(game_record(game).to_json(), indent=1)
        _write(directory / _game_file(game), text)
    data = {
        "leagues": [_league(league) for league in League.objects.order_by("pk")],
        "seasons": [
            {
                "league": season.league.slug,
                "name": season.name,
                "slug": season.slug,
                "starts_on": _when(season.starts_on),
            }
            for season in Season.objects.select_related("league").order_by("pk")
        ],
        "teams": [
            {"league": team.league.slug, "name": team.name, "slug": team.slug}
            for team in Team.objects.select_related("league").order_by("pk")
        ],
        "fixtures": [
            _fixture(fixture)
            for fixture in Fixture.objects.select_related(
                "season__league", "away", "home"
            ).order_by("pk")
        ],
        "games": [_game(game) for game in games],
    }
    counts = {key: len(rows) for key, rows in data.items()}
    _write(directory / LEAGUES, json.dumps(data, indent=1, ensure_ascii=False))
    manifest = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "counts": counts,
    }
    _write(directory / MANIFEST, json.dumps(manifest, indent=1))
    return counts


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text + "\n", encoding="utf-8")
    except OSError as exc:
        raise ArchiveError(f"cannot write {path}: {exc.strerror or exc}") from None


def _league(league: League) -> dict[str, Any]:
    return {
        "name": league.name,
        "slug": league.slug,
        "kind": league.kind,
        "options": league.options,
        "points": {
            "win": league.points_win,
            "tie": league.points_tie,
            "loss": league.points_loss,
        },
        "organisers": sorted(league.organisers.values_list("username", flat=True)),
        "created_at": _when(league.created_at),
    }


def _fixture(fixture: Fixture) -> dict[str, Any]:
    return {
        "league": fixture.season.league.slug,
        "season": fixture.season.slug,
        "away": fixture.away.slug,
        "home": fixture.home.slug if fixture.home else None,
        "scheduled_on": _when(fixture.scheduled_on),
        "game": _game_file(fixture.game) if fixture.game_id else None,
    }


def _game(game: Game) -> dict[str, Any]:
    return {
        "file": _game_file(game),
        "league": game.season.league.slug if game.season else None,
        "season": game.season.slug if game.season else None,
        "status": game.summary.get("status"),
        "created_by": game.created_by.username,
        "scorers": sorted(user.username for user in game.scorers.all()),
        "created_at": _when(game.created_at),
        "finished_at": _when(game.finished_at),
        "voided_at": _when(game.voided_at),
        "void_reason": game.void_reason,
        "record_hash": game.record_hash,
        **backup_history.export_history(game),
    }


# Restore ------------------------------------------------------------------------------------


def read_archive(*, directory: Path) -> dict[str, Any]:
    """The archive's ``leagues.json``, once its manifest says it is an archive we read."""
    manifest = _read_json(directory / MANIFEST)
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise ArchiveError(f"{directory} is not a scorekeeper archive (see its {MANIFEST})")
    if manifest.get("version") not in READS:
        raise ArchiveError(
            f"the archive is version {manifest.get('version')!r}; this site reads "
            f"{' and '.join(map(str, READS))}"
        )
    data = _read_json(directory / LEAGUES)
    if not isinstance(data, dict):
        raise ArchiveError(f"{LEAGUES} must hold a JSON object")
    for key in ("leagues", "seasons", "teams", "fixtures", "games"):
        rows = data.get(key, [])
        if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
            raise ArchiveError(f"{LEAGUES}: '{key}' must be a list of objects")
        data[key] = rows
    return data


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ArchiveError(f"no {path.name} in {path.parent}") from None
    except UnicodeDecodeError:
        raise ArchiveError(f"{path} is not UTF-8 text") from None
    except OSError as exc:
        raise ArchiveError(f"cannot read {path}: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise ArchiveError(f"{path} is not JSON: {exc}") from None


def restore_archive(*, directory: Path) -> RestoreReport:
    """Restore an archive into a database without leagues or games. Raises ``ArchiveError``
    (nothing written) for an unreadable archive; a game that cannot be restored is left out
    and named in the report's problems."""
    data = read_archive(directory=directory)
    if League.objects.exists() or Game.objects.exists():
        raise ArchiveError(
            "the database already holds leagues or games; restore into a fresh database"
        )
    try:
        with transaction.atomic():
            return _restore(directory, data)
    except ArchiveError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, DatabaseError) as exc:
        raise ArchiveError(f"{LEAGUES} is malformed: {type(exc).__name__}: {exc}") from None


def _restore(directory: Path, data: dict[str, Any]) -> RestoreReport:
    users = {user.username: user for user in get_user_model().objects.all()}
    report = RestoreReport()
    leagues: dict[str, League] = {}
    for row in data["leagues"]:
        points = row.get("points") or {}
        league = League.objects.create(
            name=str(row["name"]),
            slug=str(row["slug"]),
            kind=str(row["kind"]),
            options=row.get("options") or {},
            points_win=int(points.get("win", 2)),
            points_tie=int(points.get("tie", 1)),
            points_loss=int(points.get("loss", 0)),
        )
        league.organisers.add(*(users[name] for name in row.get("organisers", []) if name in users))
        _set_created_at(League, league.pk, row.get("created_at"))
        leagues[league.slug] = league
    seasons: dict[tuple[str, str], Season] = {}
    for row in data["seasons"]:
        league = _lookup(leagues, row["league"], "league")
        season = Season.objects.create(
            league=league,
            name=str(row["name"]),
            slug=str(row["slug"]),
            starts_on=_date(row.get("starts_on")),
        )
        seasons[(league.slug, season.slug)] = season
    teams: dict[tuple[str, str], Team] = {}
    for row in data["teams"]:
        league = _lookup(leagues, row["league"], "league")
        team = Team.objects.create(league=league, name=str(row["name"]), slug=str(row["slug"]))
        teams[(league.slug, team.slug)] = team
    fixtures: dict[str, Fixture] = {}
    for row in data["fixtures"]:
        key = str(row["league"])
        fixture = Fixture.objects.create(
            season=_lookup(seasons, (key, row["season"]), "season"),
            away=_lookup(teams, (key, row["away"]), "team"),
            home=_lookup(teams, (key, row["home"]), "team") if row.get("home") else None,
            scheduled_on=_date(row.get("scheduled_on")),
        )
        if row.get("game"):
            fixtures[str(row["game"])] = fixture
    restored = corrections = reopenings = 0
    for row in data["games"]:
        name = str(row["file"])
        season = None
        if row.get("league"):
            season = _lookup(seasons, (row["league"], row.get("season")), "season")
        created: dict[str, Any] = {}
        try:
            record = _read_json(_inside(directory, name))
            with transaction.atomic():
                game = imports.import_archived(
                    data=record,
                    user=users.get(row.get("created_by")) or imports.import_user(),
                    season=season,
                    fixture=fixtures.get(name),
                    digest=row.get("record_hash") or None,
                    finished_at=_datetime(row.get("finished_at")),
                    voided_at=_datetime(row.get("voided_at")),
                    void_reason=str(row.get("void_reason") or ""),
                )
                game.scorers.add(*(users[n] for n in row.get("scorers", []) if n in users))
                _set_created_at(Game, game.pk, row.get("created_at"))
                history = backup_history.restore_history(
                    game=game, row=row, user_named=_history_user(users, created)
                )
        except (ArchiveError, imports.BadRecord, backup_history.HistoryError) as exc:
            report.problems.append(f"{name}: {' '.join(str(exc).split())}")
            continue
        restored += 1
        corrections += history[0]
        reopenings += history[1]
        users.update(created)
        report.created_users.extend(created)
    report.counts = {
        "leagues": len(leagues),
        "seasons": len(seasons),
        "teams": len(teams),
        "fixtures": len(data["fixtures"]),
        "games": restored,
        "corrections": corrections,
        "reopenings": reopenings,
    }
    return report


def _history_user(users: dict[str, Any], created: dict[str, Any]) -> backup_history.Users:
    """Username to user for one game's history: the site's user of that name, or a new
    inactive one (put in ``created``, so it is forgotten if the game is not restored)."""

    def named(name: str | None) -> Any:
        if name is None:
            return None
        if name not in users and name not in created:
            created[name] = backup_history.inactive_user(name)
        return users.get(name) or created[name]

    return named


def _lookup(table: dict, key: Any, what: str) -> Any:
    if isinstance(key, list):
        key = tuple(key)
    try:
        return table[key]
    except (KeyError, TypeError):
        raise ArchiveError(f"{LEAGUES} names a {what} it does not hold: {key!r}") from None


def _inside(directory: Path, name: str) -> Path:
    """The game file ``name`` names, refusing any path outside the archive's games folder."""
    games_dir = (directory / GAMES_DIR).resolve()
    path = (directory / name).resolve()
    if path.parent != games_dir or path.suffix != ".json":
        raise ArchiveError(f"not a game file of the archive: {name!r}")
    return path


def _date(value: Any) -> date | None:
    if not value:
        return None
    parsed = parse_date(str(value))
    if parsed is None:
        raise ArchiveError(f"not a date: {value!r}")
    return parsed


def _datetime(value: Any) -> datetime | None:
    if not value:
        return None
    parsed = parse_datetime(str(value))
    if parsed is None:
        raise ArchiveError(f"not a date and time: {value!r}")
    return parsed


def _set_created_at(model: type, pk: int, value: Any) -> None:
    # ``created_at`` is ``auto_now_add``, so it can only be put back after the row exists.
    when = _datetime(value)
    if when is not None:
        model.objects.filter(pk=pk).update(created_at=when)
