"""Importing finished games from JSON game records into a league's season.

Each record is checked through the engine (read, then every play replayed) and stored as a
finished game with its plays, exactly as if it had been scored on the site. Choices where
the rules leave open:

- A record must be of the league's game, with the league's options (the card catalogue
  aside: a group's edited cards are allowed), and its game must be over.
- A record whose sides name two of the league's teams (case aside; a solitaire record: one
  team) is a fixture of the season: the first unplayed fixture on the list with those teams
  in that order takes the game (never one recorded as abandoned or no result), else a new
  fixture is added. Any other record is a friendly: its game belongs to the season (the
  archive lists it) but no team's standings count it. The result says why it is one
  (``unknown side 'Cardnals' (did you mean 'Cardinals'?)``, from ``difflib`` over the
  league's team names, case aside), so a typo does not quietly drop a game from the table;
  with ``strict`` such a record is refused and nothing is written for it.
- A game's ``finished_at`` is the moment it is imported, and a folder's records are
  imported in file-name order, so that streaks and form follow the names.
- A record already imported is "already imported as game N" whatever its spelling (file
  name, layout, team names' capitals, notes: ``games.archive.game_keys``); a game scored on
  the site is not an imported one. A play with a key its game does not define, or over
  ``PLAY_LIMIT``, makes the file bad (``Engine.check_play``).
- A file is read through ``games.plumbing.untrusted_files``: a symbolic link is reported and not
  followed (in a folder as well as named alone), a FIFO, device or socket is refused without
  waiting on it, and so is a file over ``RECORD_LIMIT`` (8 MiB), text that is not UTF-8, and
  JSON nested too deeply or holding ``NaN`` or ``Infinity``: each is a bad file with its
  reason, and the other files are imported.

``import_archived`` is the other way in, for restoring a backup (``games.archive.backups``): any
game, finished or not, in a season or none, onto a given fixture, with its void kept.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from games.archive import game_keys
from games.engines import get
from games.engines import record as records
from games.engines.record import Record, RecordError, Replay, ReplayError, from_json, replay
from games.kinds import kind as game_kind
from games.kinds.catalogues import pinned
from games.leagues import stats
from games.models import Competition, Fixture, Game, Play, Season, Team
from games.plumbing import untrusted_files
from games.scoring import services

IMPORT_USERNAME = "import"

Status = Literal["imported", "duplicate", "bad", "refused"]


class BadRecord(ValueError):
    """A record that cannot be imported; the message says why."""


class FriendlyRefused(BadRecord):
    """A friendly refused by a strict import; the message names the unknown sides."""


@dataclass(frozen=True)
class ImportResult:
    path: Path
    status: Status
    message: str
    game: Game | None = None
    friendly: str = ""  # why an imported game is a friendly ("unknown side 'Cardnals' …")


def record_files(path: Path) -> list[Path]:
    """The record at ``path``, or a folder's ``*.json`` entries in name order. Symbolic
    links and other files that are not regular are listed too, so that ``import_file``
    reports them rather than them vanishing; only folders are left out."""
    if path.is_dir():
        return sorted(
            p
            for p in path.iterdir()
            if p.suffix.lower() == ".json" and (p.is_symlink() or not p.is_dir())
        )
    if os.path.lexists(path):
        return [path]
    raise FileNotFoundError(f"no such file or folder: {path}")


def import_user():
    """The user imported games are created by: the first superuser, else an ``import`` user."""
    users = get_user_model().objects
    first = users.filter(is_superuser=True).order_by("pk").first()
    if first is not None:
        return first
    user, created = users.get_or_create(username=IMPORT_USERNAME)
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def import_paths(
    *,
    paths: list[Path],
    season: Season,
    user,
    progress: Callable[[int, Path], None] | None = None,
    strict: bool = False,
    cup: CupTarget | None = None,
) -> Iterator[ImportResult]:
    """Import each file in turn, yielding its result; ``progress(done, path)`` after each.
    With ``strict`` a record that would be a friendly is refused (status ``refused``); with
    ``cup`` each record is a game of that cup (``CupTarget``)."""
    for done, path in enumerate(paths, start=1):
        yield import_file(path=path, season=season, user=user, strict=strict, cup=cup)
        if progress:
            progress(done, path)


def import_file(
    *, path: Path, season: Season, user, strict: bool = False, cup: CupTarget | None = None
) -> ImportResult:
    """Import one record file. Never raises for a bad file: the result says what happened."""
    try:
        text = untrusted_files.read_text(path, limit=untrusted_files.RECORD_LIMIT)
    except untrusted_files.UntrustedFileError as exc:
        return ImportResult(path, "bad", str(exc))
    try:
        game, created = import_text(text=text, season=season, user=user, strict=strict, cup=cup)
    except FriendlyRefused as exc:
        return ImportResult(path, "refused", str(exc))
    except BadRecord as exc:
        return ImportResult(path, "bad", _one_line(str(exc)))
    except Exception as exc:  # a record must never stop an import with a traceback
        return ImportResult(path, "bad", f"cannot import: {type(exc).__name__}: {exc}")
    if not created:
        return ImportResult(path, "duplicate", f"already imported as game {game.pk}", game)
    friendly = "" if hasattr(game, "fixture") else "; ".join(friendly_reasons(game.sides, season))
    message = _describe(game) + (f" ({friendly})" if friendly else "")
    return ImportResult(path, "imported", message, game, friendly)


def friendly_reasons(sides: list[str], season: Season) -> list[str]:
    """Why a record with these sides is not a fixture of ``season``'s league: each side that
    names no team (with the closest team names), or a team named twice. Empty for a fixture."""
    names = list(season.league.teams.values_list("name", flat=True))
    by_folded = {name.casefold(): name for name in names}
    reasons = []
    for side in sides:
        if side.casefold() in by_folded:
            continue
        close = difflib.get_close_matches(side.casefold(), list(by_folded), n=3)
        hint = " or ".join(repr(by_folded[c]) for c in close)
        reasons.append(f"unknown side {side!r}" + (f" (did you mean {hint}?)" if hint else ""))
    folded = [side.casefold() for side in sides]
    if not reasons and len(set(folded)) != len(folded):
        reasons.append(f"{by_folded[folded[0]]!r} on both sides")
    return reasons


def import_text(
    *, text: str, season: Season, user, strict: bool = False, cup: CupTarget | None = None
) -> tuple[Game, bool]:
    """Import one record's JSON text into ``season``. Returns ``(game, created)``: an
    already imported record gives its game and ``False``. Raises ``BadRecord``, and with
    ``strict`` ``FriendlyRefused`` for a record whose sides are not the league's teams.
    With ``cup`` the record must be a game one of the cup's ties is waiting for."""
    try:
        data = untrusted_files.parse_json(text)
    except untrusted_files.NotJson as exc:
        raise BadRecord(f"not a JSON file: {exc.detail}") from None
    except untrusted_files.UntrustedFileError as exc:
        raise BadRecord(str(exc)) from None
    try:
        record = from_json(data)
    except RecordError as exc:
        raise BadRecord(str(exc)) from None
    if cup is None:
        _check_league(record, season)
    else:
        _check_kind(record, season)
    _check_plays(record)
    digest = game_keys.record_hash(record)
    existing = game_keys.imported_as(record, digest)
    if existing is not None:
        return existing, False
    if cup is not None:
        _cup_fixture(record, season, cup)  # refuses before anything is replayed or written
    if strict and _teams(record, season) is None:
        reasons = "; ".join(friendly_reasons(list(record.sides), season))
        raise FriendlyRefused(f"a friendly, not imported (--strict): {reasons}")
    try:
        replayed = replay(record)
    except ReplayError as exc:
        raise BadRecord(str(exc)) from None
    if not replayed.engine.is_over(replayed.final_state):
        raise BadRecord(f"the game is not finished ({len(record.plays)} plays)")
    try:
        return _store(record, replayed, digest, season, user, cup), True
    except IntegrityError:
        # Imported at the same moment by someone else.
        return Game.objects.get(record_hash=digest), False


def _check_kind(record: Record, season: Season) -> None:
    league = season.league
    if record.game != league.kind:
        raise BadRecord(
            f"the record is a {record.engine.name} game, but {league.name} plays "
            f"{get(league.kind).name}"
        )


def _check_league(record: Record, season: Season, options: dict | None = None) -> None:
    """The record is of the league's game, with the league's options (or ``options``)."""
    league = season.league
    _check_kind(record, season)
    expected = get(league.kind).options(league.options if options is None else options)
    ours = {k: v for k, v in expected.items() if k != "catalogue"}
    theirs = {k: v for k, v in record.options.items() if k != "catalogue"}
    if ours != theirs:
        differ = ", ".join(
            f"{k} {theirs.get(k)!r} (league: {ours.get(k)!r})"
            for k in sorted(ours.keys() | theirs.keys())
            if ours.get(k) != theirs.get(k)
        )
        raise BadRecord(f"the record's options differ from the league's: {differ}")


def _check_plays(record: Record) -> None:
    # The hash is taken before the replay (a duplicate is not replayed), and hashing needs
    # every play to be an object: say so as the replay would. Each play must be only what its
    # game defines, as at the table (``Engine.check_play``).
    for number, play in enumerate(record.plays, start=1):
        if not isinstance(play, Mapping):
            raise BadRecord(f"play {number}: a play must be a JSON object")
    try:
        records.check_plays(record)
    except ReplayError as exc:
        raise BadRecord(str(exc)) from None


@transaction.atomic
def _store(
    record: Record,
    replayed: Replay,
    digest: str,
    season: Season,
    user,
    cup: CupTarget | None = None,
) -> Game:
    game = Game.objects.create(
        kind=record.game,
        options=pinned(record.game, record.options),
        sides=list(record.sides),
        created_by=user,
        season=season,
        record_hash=digest,
        game_key=game_keys.record_key(record),
    )
    Play.objects.bulk_create(
        Play(game=game, seq=seq, payload=dict(payload), created_by=user)
        for seq, payload in enumerate(record.plays, start=1)
    )
    teams = _teams(record, season)
    if cup is not None:
        fixture = _cup_fixture(record, season, cup, lock=True)
        fixture.game = game
        fixture.save(update_fields=["game"])
    elif teams is not None:
        fixture = _open_fixture(season, teams) or Fixture(
            season=season, away=teams[0], home=teams[1] if len(teams) > 1 else None
        )
        fixture.game = game
        fixture.save()
    services.refresh_summary(game)
    stats.sync(game, replayed)
    return game


def _teams(record: Record, season: Season) -> list[Team] | None:
    """The league's teams the record's sides name, in side order; ``None`` for a friendly."""
    by_name = {team.name.casefold(): team for team in season.league.teams.all()}
    teams = [by_name.get(side.casefold()) for side in record.sides]
    if None in teams or len({team.pk for team in teams}) != len(teams):
        return None
    return teams


def _open_fixture(season: Season, teams: list[Team]) -> Fixture | None:
    home = teams[1] if len(teams) > 1 else None
    return (
        season.fixtures.select_for_update()
        .filter(
            away=teams[0],
            home=home,
            game__isnull=True,
            outcome=Fixture.NORMAL,
            competition__isnull=True,
        )
        .order_by("scheduled_on", "id")
        .first()
    )


@dataclass(frozen=True)
class CupTarget:
    """Import into this cup's waiting games; ``round`` (1 = the first), when given, is the
    knockout round the records are meant for, checked against the tie each one fills."""

    competition: Competition
    round: int | None = None


def _cup_fixture(record: Record, season: Season, cup: CupTarget, lock: bool = False) -> Fixture:
    """The cup's fixture waiting for this record's game, or ``BadRecord`` saying why none is.

    The record's sides must be the fixture's, in batting order, and its options the
    fixture's (a decider's are the game's ``decider_options``)."""
    competition = cup.competition
    teams = _teams(record, season)
    if teams is None:
        reasons = "; ".join(friendly_reasons(list(record.sides), season))
        raise BadRecord(f"not a game of {competition.name}: {reasons}")
    home = teams[1] if len(teams) > 1 else None
    waiting = competition.fixtures.filter(game__isnull=True, outcome=Fixture.NORMAL)
    if lock:
        waiting = waiting.select_for_update(of=("self",))
    found = (
        waiting.filter(away=teams[0], home=home)
        .select_related("tie")
        .order_by("tie__round", "leg", "id")
    )
    fixture = found.first()
    sides = " at ".join(team.name for team in teams) if home else teams[0].name
    if fixture is None:
        raise BadRecord(f"no game of {competition.name} is waiting for {sides}: {_why(teams, cup)}")
    tie = fixture.tie
    if cup.round is not None and (tie is None or tie.round != cup.round):
        where = f"round {tie.round}" if tie else f"group {fixture.group}"
        raise BadRecord(
            f"{sides} is a game of {where} of {competition.name}, not of round {cup.round}"
        )
    options = season.league.options
    if fixture.decider:
        options = game_kind(season.league.kind).decider_options(dict(options))
    _check_league(record, season, options)
    return fixture


def _why(teams: list[Team], cup: CupTarget) -> str:
    """Where these teams stand in the cup, for a record that fits no waiting game."""
    competition = cup.competition
    ids = {team.pk for team in teams}
    entered = set(competition.entrants.filter(team__in=teams).values_list("team_id", flat=True))
    missing = [team.name for team in teams if team.pk not in entered]
    if missing:
        return f"{' and '.join(missing)} not entered"
    for tie in competition.ties.select_related("first", "second", "winner__team"):
        sides = {e.team_id for e in (tie.first, tie.second) if e is not None}
        if ids <= sides and len(sides) == 2:
            if tie.winner is not None:
                return (
                    f"their tie (round {tie.round}) is decided: {tie.winner.team.name} went through"
                )
            return f"their tie is in round {tie.round}, with the other side batting first"
    if cup.round is not None:
        return f"they are not drawn to meet in round {cup.round} (its sides may not be known yet)"
    return "they are not drawn to meet (a later round's sides may not be known yet)"


def _describe(game: Game) -> str:
    score = "-".join(str(runs) for runs in game.summary.get("score", []))
    kind = "fixture" if Fixture.objects.filter(game=game).exists() else "friendly"
    return f"game {game.pk}, {kind}: {' v '.join(game.sides)} {score}"


def _one_line(text: str) -> str:
    return " ".join(text.split())


@transaction.atomic
def import_archived(
    *,
    data: Any,
    user,
    season: Season | None = None,
    fixture: Fixture | None = None,
    digest: str | None = None,
    finished_at: datetime | None = None,
    voided_at: datetime | None = None,
    void_reason: str = "",
) -> Game:
    """Restore one decoded record from an archive (``games.archive.backups``), finished or not.

    Unlike ``import_text`` the league's current options are not enforced (a league's options
    may have changed since the game was played) and a game in progress stays in progress.
    ``fixture`` (of ``season``) takes the game; ``digest`` is the original ``record_hash``
    (``None`` for a game scored on the site). The game's stats rows are written as for any
    game: for a final game that is not voided, with ``finished_at`` kept. Raises
    ``BadRecord``; on any error nothing is written.
    """
    try:
        record = from_json(data)
    except RecordError as exc:
        raise BadRecord(str(exc)) from None
    if season is not None and record.game != season.league.kind:
        raise BadRecord(
            f"the record is a {record.engine.name} game, but {season.league.name} plays "
            f"{get(season.league.kind).name}"
        )
    try:
        records.check_plays(record)
        replayed = replay(record)
    except ReplayError as exc:
        raise BadRecord(str(exc)) from None
    if digest is not None and Game.objects.filter(record_hash=digest).exists():
        raise BadRecord("this record was already imported")
    game = Game.objects.create(
        kind=record.game,
        options=pinned(record.game, record.options),
        sides=list(record.sides),
        created_by=user,
        season=season,
        record_hash=digest,
        game_key=None if digest is None else game_keys.record_key(record),
        voided_at=voided_at,
        void_reason=void_reason if voided_at else "",
    )
    Play.objects.bulk_create(
        Play(game=game, seq=seq, payload=dict(payload), created_by=user)
        for seq, payload in enumerate(record.plays, start=1)
    )
    if fixture is not None:
        fixture.game = game
        fixture.save(update_fields=["game"])
    services.refresh_summary(game)
    if game.is_final and finished_at is not None:
        game.finished_at = finished_at
        game.save(update_fields=["finished_at"])
    stats.sync(game, replayed)
    return game
