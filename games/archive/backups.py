"""Backups: every game, league, season, team, fixture and competition as a folder of JSON, and
back.

An archive folder holds:

- ``manifest.json``: the format, its version, when it was written and how many of each thing.
- ``games/<id>.json``: each game's JSON record, exactly as the game page's record download
  (``games.engines.record``), so ``replay`` and ``import_games`` read it as it is.
- ``leagues.json``: what a record has no place for: ``leagues`` (name, slug, game, options,
  points, organiser usernames), ``seasons``, ``teams``, ``competitions`` (cups and group
  stages: their options, ``entrants`` with seed, group and knockout seed, and ``ties`` with
  their sides, bye, winner, how it was decided, walkover reason and flag, each entrant named
  by seed), ``fixtures`` (season, away, home, date and time, the game's file, an abandoned
  or no-result outcome with its reason and time; a competition's fixture also its
  competition, group, tie as round, slot and third place, leg and decider) and,
  per game, its season, creator, scorers, status, timestamps, void and import hash, and its
  correction history: ``corrections`` (who, when, before, after, reason, and the play they
  changed) and ``reopenings`` (``games.archive.backup_history``).

Choices where the issue is silent:

- Users are not archived (passwords do not belong in a backup folder); a restore links
  organisers, creators and scorers to the users of the same name that exist, and gives a
  game whose creator is missing to the import user (``games.archive.imports.import_user``). The
  correction history must say who did what, so a name in it that the site does not have
  gets an inactive user without a usable password (listed by ``import_leagues``).
- A restore is for a fresh database: when it already holds leagues or games nothing is
  written, so an archive is never merged into other data half-way.
- Friendlies outside leagues are restored as friendlies outside leagues; games in progress
  stay in progress (their plays replayed through the engine), so they can be scored on.
- Creation and finishing times, voids and their reasons are kept, so standings (streaks,
  last 10) and the archive's order come back as they were. Who entered each play is not kept.
- Version 1 archives (written before the correction history was) are still read: their
  games come back without corrections; version 2 (before competitions) restores without
  competitions. A key written by a later addition (a league's points for a no result, a
  fixture's outcome) may be missing from an older archive: it takes the default (1 point;
  a normal fixture).
- A competition's bracket is restored as archived (winners, walkovers, flags), not worked out
  again: a knockout fixture joins its tie only after the games are restored, since settling
  the bracket game by game would pass through states it never had (a two-legged tie after
  its first leg has no winner, which would undo a walkover in the next round and add
  fixtures). Group fixtures are linked from the start (restored in order, they add nothing).
- A game whose record no longer replays is reported and left out; the rest is restored.

An archive may come from anywhere, so a restore trusts none of it:

- Every file is read through ``games.plumbing.untrusted_files``: never through a symbolic link, only
  a regular file (not a FIFO or device), within a size limit (``leagues.json``
  ``LEAGUES_LIMIT``, 64 MiB; ``manifest.json`` and each game ``RECORD_LIMIT``, 8 MiB), UTF-8,
  JSON without ``NaN`` and nested at most ``MAX_DEPTH`` levels. A ``manifest.json`` or
  ``leagues.json`` refused, or a ``games`` folder that is a symbolic link, refuses the
  restore; a game file refused leaves that game out, named in the report.
- A game's ``file`` must be ``games/<name>.json``; any other name (``..``, an absolute path)
  is refused, so nothing outside the games folder is read.
- The values of ``leagues.json`` are checked for type and range before they are written
  (text where text goes and within its column's length, a known game with options its
  engine accepts, points 0 to 100, dates; a competition's format and draw, entrant seeds
  given once, ties naming only entrants, fixtures naming only competitions and ties the
  archive holds): a wrong one refuses the whole restore with one line naming where it is
  (``leagues.json: leagues[0]: 'name' must be text …``, ``leagues.json:
  competitions[0].entrants[2]: seed 1 is given twice``), and nothing is written. A game's
  own times and correction history are the exception: a wrong value there leaves that game
  out, as a bad game file does.
"""

from __future__ import annotations

import json
import reprlib
from dataclasses import dataclass, field
from datetime import date, datetime, time
from pathlib import Path, PurePosixPath
from typing import Any

from django.contrib.auth import get_user_model
from django.db import DatabaseError, transaction
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime, parse_time

from games.archive import backup_history, imports
from games.engines import EngineError
from games.engines import get as get_engine
from games.kinds.records import game_record
from games.leagues.cups import draw as cup_draw
from games.models import Competition, Entrant, Fixture, Game, League, Season, Team, Tie
from games.plumbing import untrusted_files

FORMAT = "scorekeeper-archive"
VERSION = 3
READS = (1, 2, 3)
GAMES_DIR = "games"
MANIFEST = "manifest.json"
LEAGUES = "leagues.json"
POINTS_MAX = 100  # as league_services allows
SMALL_MAX = 32767  # a PositiveSmallIntegerField's largest value
DRAW_SEED_MAX = 999_999  # as the cup services allow
DECIDED_BY = ("", "game", "aggregate", "decider", "walkover", "bye")


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
        "competitions": [
            _competition(competition)
            for competition in Competition.objects.select_related("season__league")
            .prefetch_related("entrants__team", "ties")
            .order_by("pk")
        ],
        "fixtures": [
            _fixture(fixture)
            for fixture in Fixture.objects.select_related(
                "season__league", "away", "home", "competition", "tie"
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
            "no_result": league.points_no_result,
        },
        "organisers": sorted(league.organisers.values_list("username", flat=True)),
        "created_at": _when(league.created_at),
    }


def _competition(competition: Competition) -> dict[str, Any]:
    """A cup or group stage with its entrants and bracket; a tie names its entrants by seed."""
    entrants = sorted(competition.entrants.all(), key=lambda e: e.seed)
    seeds = {entrant.pk: entrant.seed for entrant in entrants}
    ties = sorted(competition.ties.all(), key=lambda t: (t.third_place, t.round, t.slot))
    return {
        "league": competition.season.league.slug,
        "season": competition.season.slug,
        "slug": competition.slug,
        "name": competition.name,
        "format": competition.format,
        "draw": competition.draw,
        "draw_seed": competition.draw_seed,
        "third_place": competition.third_place,
        "two_legs": competition.two_legs,
        "groups": competition.groups,
        "per_group": competition.per_group,
        "knockout_drawn": competition.knockout_drawn,
        "from_standings": competition.from_standings,
        "created_at": _when(competition.created_at),
        "entrants": [
            {
                "team": entrant.team.slug,
                "seed": entrant.seed,
                "group": entrant.group or None,
                "knockout_seed": entrant.knockout_seed,
            }
            for entrant in entrants
        ],
        "ties": [
            {
                "round": tie.round,
                "slot": tie.slot,
                "third_place": tie.third_place,
                "first": seeds.get(tie.first_id),
                "second": seeds.get(tie.second_id),
                "bye": tie.bye,
                "winner": seeds.get(tie.winner_id),
                "decided_by": tie.decided_by,
                "walkover_reason": tie.walkover_reason,
                "flag": tie.flag,
            }
            for tie in ties
        ],
    }


def _fixture(fixture: Fixture) -> dict[str, Any]:
    tie = fixture.tie
    return {
        "league": fixture.season.league.slug,
        "season": fixture.season.slug,
        "away": fixture.away.slug,
        "home": fixture.home.slug if fixture.home else None,
        "scheduled_on": _when(fixture.scheduled_on),
        "scheduled_time": (
            fixture.scheduled_time.isoformat(timespec="seconds") if fixture.scheduled_time else None
        ),
        "competition": fixture.competition.slug if fixture.competition_id else None,
        "group": fixture.group or None,
        "tie": (
            {"round": tie.round, "slot": tie.slot, "third_place": tie.third_place} if tie else None
        ),
        "leg": fixture.leg,
        "decider": fixture.decider,
        "game": _game_file(fixture.game) if fixture.game_id else None,
        "outcome": fixture.outcome,
        "outcome_reason": fixture.outcome_reason,
        "outcome_recorded_at": _when(fixture.outcome_recorded_at),
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
    manifest = _read_json(directory / MANIFEST, limit=untrusted_files.RECORD_LIMIT)
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise ArchiveError(f"{directory} is not a scorekeeper archive (see its {MANIFEST})")
    if manifest.get("version") not in READS:
        raise ArchiveError(
            f"the archive is version {_show(manifest.get('version'))}; this site reads "
            f"{', '.join(map(str, READS[:-1]))} and {READS[-1]}"
        )
    if (directory / GAMES_DIR).is_symlink():
        raise ArchiveError(f"{directory / GAMES_DIR} is a symbolic link, not followed")
    data = _read_json(directory / LEAGUES, limit=untrusted_files.LEAGUES_LIMIT)
    if not isinstance(data, dict):
        raise ArchiveError(f"{LEAGUES} must hold a JSON object")
    for key in ("leagues", "seasons", "teams", "competitions", "fixtures", "games"):
        rows = data.get(key, [])
        if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
            raise ArchiveError(f"{LEAGUES}: '{key}' must be a list of objects")
        data[key] = rows
    return data


def _read_json(path: Path, *, limit: int) -> Any:
    try:
        return untrusted_files.read_json(path, limit=limit)
    except untrusted_files.NoSuchFile:
        raise ArchiveError(f"no {path.name} in {path.parent}") from None
    except untrusted_files.UntrustedFileError as exc:
        raise ArchiveError(f"{path}: {exc}") from None


def restore_archive(*, directory: Path) -> RestoreReport:
    """Restore an archive into a database without leagues or games. Raises ``ArchiveError``
    (nothing written) for an unreadable archive or a ``leagues.json`` with any row of the
    wrong shape; a game whose file or history cannot be restored is left out and named in
    the report's problems."""
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
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError, DatabaseError) as exc:
        raise ArchiveError(f"{LEAGUES} is malformed: {type(exc).__name__}: {exc}") from None


def _restore(directory: Path, data: dict[str, Any]) -> RestoreReport:
    users = {user.username: user for user in get_user_model().objects.all()}
    leagues = _restore_leagues(data["leagues"], users)
    seasons = _restore_seasons(data["seasons"], leagues)
    teams = _restore_teams(data["teams"], leagues)
    competitions = _restore_competitions(data["competitions"], seasons, teams)
    fixtures, tie_links = _restore_fixtures(data["fixtures"], seasons, teams, competitions)
    report = RestoreReport()
    games = _restore_games(directory, data["games"], users, seasons, fixtures, report)
    # Knockout fixtures join their ties only now: a bracket settling itself game by game would
    # pass through states the archive never had (a two-legged tie after its first leg has no
    # winner, which takes its winner out of the next round and undoes a walkover there). The
    # ties were written as they were, winners, walkovers and flags included.
    for tie, ids in tie_links.items():
        Fixture.objects.filter(pk__in=ids).update(tie=tie)
    report.counts = {
        "leagues": len(leagues),
        "seasons": len(seasons),
        "teams": len(teams),
        "competitions": len(competitions),
        "fixtures": len(data["fixtures"]),
        **games,
    }
    return report


def _restore_leagues(rows: list[dict[str, Any]], users: dict[str, Any]) -> dict[str, League]:
    leagues: dict[str, League] = {}
    for index, row in enumerate(rows):
        where = _where("leagues", index)
        kind, options = _kind_and_options(row, where)
        points = _points(row, where)
        league = League.objects.create(
            **_name_and_slug(row, where, League),
            kind=kind,
            options=options,
            points_win=points["win"],
            points_tie=points["tie"],
            points_loss=points["loss"],
            points_no_result=points["no_result"],
        )
        organisers = _texts(row, "organisers", where)
        league.organisers.add(*(users[name] for name in organisers if name in users))
        _set_created_at(League, league.pk, row.get("created_at"), where)
        leagues[league.slug] = league
    return leagues


def _name_and_slug(row: dict[str, Any], where: str, model: type) -> dict[str, str]:
    return {
        field: _text(row, field, where, max_length=_max_length(model, field))
        for field in ("name", "slug")
    }


def _restore_seasons(
    rows: list[dict[str, Any]], leagues: dict[str, League]
) -> dict[tuple[str, str], Season]:
    seasons: dict[tuple[str, str], Season] = {}
    for index, row in enumerate(rows):
        where = _where("seasons", index)
        league = _lookup(leagues, _text(row, "league", where), "league")
        season = Season.objects.create(
            league=league,
            **_name_and_slug(row, where, Season),
            starts_on=_date(row.get("starts_on"), where),
        )
        seasons[(league.slug, season.slug)] = season
    return seasons


def _restore_teams(
    rows: list[dict[str, Any]], leagues: dict[str, League]
) -> dict[tuple[str, str], Team]:
    teams: dict[tuple[str, str], Team] = {}
    for index, row in enumerate(rows):
        where = _where("teams", index)
        league = _lookup(leagues, _text(row, "league", where), "league")
        team = Team.objects.create(
            league=league,
            **_name_and_slug(row, where, Team),
        )
        teams[(league.slug, team.slug)] = team
    return teams


@dataclass
class _Restored:
    """A competition written by the restore, with its ties by place (round, slot, third)."""

    competition: Competition
    ties: dict[tuple[int, int, bool], Tie] = field(default_factory=dict)


def _restore_competitions(
    rows: list[dict[str, Any]],
    seasons: dict[tuple[str, str], Season],
    teams: dict[tuple[str, str], Team],
) -> dict[tuple[str, str, str], _Restored]:
    """Competitions, their entrants and their bracket as archived, by (league, season, slug)."""
    restored: dict[tuple[str, str, str], _Restored] = {}
    for index, row in enumerate(rows):
        where = _where("competitions", index)
        league = _text(row, "league", where)
        season = _lookup(seasons, (league, _text(row, "season", where)), "season", where)
        names = _name_and_slug(row, where, Competition)
        key = (league, season.slug, names["slug"])
        if key in restored:
            raise ArchiveError(f"{where}: {season} has two competitions {names['slug']!r}")
        groups = _whole(row, "groups", where, low=0, high=len(cup_draw.GROUP_LETTERS), default=0)
        competition = Competition.objects.create(
            season=season,
            **names,
            format=_choice(row, "format", where, _choices(Competition, "format"), Competition.CUP),
            draw=_choice(row, "draw", where, _choices(Competition, "draw"), Competition.SEEDED),
            draw_seed=_whole(row, "draw_seed", where, low=0, high=DRAW_SEED_MAX, default=None),
            third_place=_flag(row, "third_place", where),
            two_legs=_flag(row, "two_legs", where),
            groups=groups,
            per_group=_whole(row, "per_group", where, low=0, high=cup_draw.MAX_ENTRANTS, default=0),
            knockout_drawn=_flag(row, "knockout_drawn", where),
            from_standings=_flag(row, "from_standings", where),
        )
        _set_created_at(Competition, competition.pk, row.get("created_at"), where)
        entrants = _restore_entrants(row, where, competition, league, teams)
        restored[key] = _Restored(competition, _restore_ties(row, where, competition, entrants))
    return restored


def _letters(competition: Competition) -> str:
    return cup_draw.GROUP_LETTERS[: competition.groups]


def _rows(row: dict[str, Any], key: str, where: str) -> list[dict[str, Any]]:
    value = row.get(key) or []
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise ArchiveError(f"{where}: {key!r} must be a list of objects, not {_show(value)}")
    return value


def _restore_entrants(
    row: dict[str, Any],
    where: str,
    competition: Competition,
    league: str,
    teams: dict[tuple[str, str], Team],
) -> dict[int, Entrant]:
    """The competition's entrants, by seed."""
    entrants: dict[int, Entrant] = {}
    knockout_seeds: set[int] = set()
    for index, entry in enumerate(_rows(row, "entrants", where)):
        here = f"{where}.entrants[{index}]"
        team = _lookup(teams, (league, _text(entry, "team", here)), "team", here)
        seed = _whole(entry, "seed", here, low=1, high=SMALL_MAX)
        if seed in entrants:
            raise ArchiveError(f"{here}: seed {seed} is given twice")
        if any(other.team_id == team.pk for other in entrants.values()):
            raise ArchiveError(f"{here}: {team.slug!r} is entered twice")
        knockout_seed = _whole(entry, "knockout_seed", here, low=1, high=SMALL_MAX, default=None)
        if knockout_seed is not None and knockout_seed in knockout_seeds:
            raise ArchiveError(f"{here}: knockout seed {knockout_seed} is given twice")
        knockout_seeds.add(knockout_seed)
        entrants[seed] = Entrant.objects.create(
            competition=competition,
            team=team,
            seed=seed,
            group=_group(entry, here, _letters(competition)),
            knockout_seed=knockout_seed,
        )
    return entrants


def _restore_ties(
    row: dict[str, Any], where: str, competition: Competition, entrants: dict[int, Entrant]
) -> dict[tuple[int, int, bool], Tie]:
    ties: dict[tuple[int, int, bool], Tie] = {}
    for index, entry in enumerate(_rows(row, "ties", where)):
        here = f"{where}.ties[{index}]"
        place = _place(entry, here)
        if place in ties:
            raise ArchiveError(f"{here}: a second tie in round {place[0]}, slot {place[1]}")
        seated = {
            seat: _entrant(entry, seat, here, entrants) for seat in ("first", "second", "winner")
        }
        winner = seated["winner"]
        if winner is not None and winner not in (seated["first"], seated["second"]):
            raise ArchiveError(f"{here}: the winner (seed {winner.seed}) is not in the tie")
        ties[place] = Tie.objects.create(
            competition=competition,
            round=place[0],
            slot=place[1],
            third_place=place[2],
            **seated,
            bye=_flag(entry, "bye", here),
            decided_by=_choice(entry, "decided_by", here, DECIDED_BY, ""),
            walkover_reason=_optional_text(entry, "walkover_reason", here, Tie),
            flag=_optional_text(entry, "flag", here, Tie),
        )
    return ties


def _place(entry: dict[str, Any], where: str) -> tuple[int, int, bool]:
    return (
        _whole(entry, "round", where, low=1, high=SMALL_MAX),
        _whole(entry, "slot", where, low=0, high=SMALL_MAX),
        _flag(entry, "third_place", where),
    )


def _entrant(
    entry: dict[str, Any], seat: str, where: str, entrants: dict[int, Entrant]
) -> Entrant | None:
    seed = _whole(entry, seat, where, low=1, high=SMALL_MAX, default=None)
    if seed is None:
        return None
    if seed not in entrants:
        raise ArchiveError(f"{where}: {seat!r} is seed {seed}, not an entrant of the competition")
    return entrants[seed]


def _restore_fixtures(
    rows: list[dict[str, Any]],
    seasons: dict[tuple[str, str], Season],
    teams: dict[tuple[str, str], Team],
    competitions: dict[tuple[str, str, str], _Restored],
) -> tuple[dict[str, Fixture], dict[Tie, list[int]]]:
    """The fixtures written, by the game file each is to take; and the knockout fixtures'
    ids by their tie, to be linked once the games are restored."""
    fixtures: dict[str, Fixture] = {}
    tie_links: dict[Tie, list[int]] = {}
    for index, row in enumerate(rows):
        where = _where("fixtures", index)
        league = _text(row, "league", where)
        season = _lookup(seasons, (league, _text(row, "season", where)), "season", where)
        home = _text(row, "home", where, empty=True)
        restored, tie = _fixture_competition(row, where, (league, season.slug), competitions)
        fixture = Fixture.objects.create(
            season=season,
            away=_lookup(teams, (league, _text(row, "away", where)), "team"),
            home=_lookup(teams, (league, home), "team") if home else None,
            scheduled_on=_date(row.get("scheduled_on"), where),
            scheduled_time=_time(row.get("scheduled_time"), where),
            competition=restored.competition if restored else None,
            group=_group(row, where, _letters(restored.competition)) if restored else "",
            leg=_whole(row, "leg", where, low=1, high=SMALL_MAX, default=1),
            decider=_flag(row, "decider", where),
            **_outcome(row, where),
        )
        if tie is not None:
            tie_links.setdefault(tie, []).append(fixture.pk)
        game = _text(row, "game", where, empty=True)
        if game:
            fixtures[game] = fixture
    return fixtures, tie_links


def _fixture_competition(
    row: dict[str, Any],
    where: str,
    season: tuple[str, str],
    competitions: dict[tuple[str, str, str], _Restored],
) -> tuple[_Restored | None, Tie | None]:
    """The competition and the tie of a fixture (``None`` for a league fixture)."""
    slug = _text(row, "competition", where, empty=True)
    place = row.get("tie")
    if slug is None:
        if place is not None:
            raise ArchiveError(f"{where}: a tie, but no competition")
        return None, None
    restored = competitions.get((*season, slug))
    if restored is None:
        raise ArchiveError(
            f"{where}: no competition {_show(slug)} in season {season[1]!r} of {season[0]!r}"
        )
    if place is None:
        return restored, None
    if not isinstance(place, dict):
        raise ArchiveError(f"{where}: 'tie' must be an object or null, not {_show(place)}")
    key = _place(place, f"{where}.tie")
    if key not in restored.ties:
        raise ArchiveError(
            f"{where}: {slug!r} has no tie in round {key[0]}, slot {key[1]}"
            + (" (third place)" if key[2] else "")
        )
    return restored, restored.ties[key]


@dataclass(frozen=True)
class _GameRow:
    """A game's entry of ``leagues.json``, its types checked."""

    name: str
    season: Season | None
    created_by: str | None
    scorers: list[str]
    digest: str | None
    void_reason: str
    row: dict[str, Any]


def _game_row(index: int, row: dict[str, Any], seasons: dict) -> _GameRow:
    where = _where("games", index)
    league = _text(row, "league", where, empty=True)
    season = None
    if league:
        season = _lookup(seasons, (league, _text(row, "season", where, empty=True)), "season")
    return _GameRow(
        name=_text(row, "file", where),
        season=season,
        created_by=_text(row, "created_by", where, empty=True),
        scorers=_texts(row, "scorers", where),
        digest=_text(row, "record_hash", where, empty=True, max_length=64),
        void_reason=_text(row, "void_reason", where, empty=True, max_length=200) or "",
        row=row,
    )


def _restore_games(
    directory: Path,
    rows: list[dict[str, Any]],
    users: dict[str, Any],
    seasons: dict[tuple[str, str], Season],
    fixtures: dict[str, Fixture],
    report: RestoreReport,
) -> dict[str, int]:
    """Restore each game in its own savepoint: a game that cannot be restored is left out
    and named in ``report.problems``. Returns the counts restored."""
    restored = corrections = reopenings = 0
    for index, row in enumerate(rows):
        game = _game_row(index, row, seasons)
        created: dict[str, Any] = {}
        try:
            with transaction.atomic():
                history = _restore_game(directory, game, users, fixtures, created)
        except (ArchiveError, imports.BadRecord, backup_history.HistoryError) as exc:
            name = game.name if game.name.isprintable() else _show(game.name)
            report.problems.append(f"{name}: {' '.join(str(exc).split())}")
            continue
        restored += 1
        corrections += history[0]
        reopenings += history[1]
        users.update(created)
        report.created_users.extend(created)
    return {"games": restored, "corrections": corrections, "reopenings": reopenings}


def _restore_game(
    directory: Path,
    entry: _GameRow,
    users: dict[str, Any],
    fixtures: dict[str, Fixture],
    created: dict[str, Any],
) -> tuple[int, int]:
    row = entry.row
    game = imports.import_archived(
        data=_read_game(directory, entry.name),
        user=users.get(entry.created_by) or imports.import_user(),
        season=entry.season,
        fixture=fixtures.get(entry.name),
        digest=entry.digest or None,
        finished_at=_datetime(row.get("finished_at"), "finished_at"),
        voided_at=_datetime(row.get("voided_at"), "voided_at"),
        void_reason=entry.void_reason,
    )
    game.scorers.add(*(users[name] for name in entry.scorers if name in users))
    _set_created_at(Game, game.pk, row.get("created_at"), "created_at")
    return backup_history.restore_history(
        game=game, row=row, user_named=_history_user(users, created)
    )


def _read_game(directory: Path, name: str) -> Any:
    try:
        return untrusted_files.read_json(_inside(directory, name))
    except untrusted_files.UntrustedFileError as exc:
        raise ArchiveError(str(exc)) from None


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


def _lookup(table: dict, key: Any, what: str, where: str | None = None) -> Any:
    try:
        return table[key]
    except (KeyError, TypeError):
        if where is not None:
            raise ArchiveError(
                f"{where}: names a {what} the archive does not hold: {_show(key)}"
            ) from None
        raise ArchiveError(f"{LEAGUES} names a {what} it does not hold: {_show(key)}") from None


def _inside(directory: Path, name: str) -> Path:
    """The game file ``name`` names, which must be ``games/<file>.json``: a name reaching
    anywhere else (``..``, an absolute path, a NUL) is refused. The file itself is read
    without following a symbolic link (``games.plumbing.untrusted_files``)."""
    parts = PurePosixPath(name).parts
    if (
        "\x00" in name
        or len(parts) != 2
        or parts[0] != GAMES_DIR
        or PurePosixPath(parts[1]).suffix != ".json"
    ):
        raise ArchiveError(f"not a game file of the archive: {_show(name)}")
    return directory / GAMES_DIR / parts[1]


# Checking leagues.json's values: each names where it is and what it should be -------------


def _where(key: str, index: int) -> str:
    return f"{LEAGUES}: {key}[{index}]"


def _show(value: Any) -> str:
    """``value`` for a one-line message, cut short (it may be a huge string or list)."""
    return reprlib.repr(value)


def _max_length(model: type, field: str) -> int:
    return model._meta.get_field(field).max_length


def _text(
    row: dict[str, Any], key: str, where: str, *, max_length: int | None = None, empty: bool = False
) -> str | None:
    """The text at ``row[key]``; with ``empty``, ``None`` when missing, null or ``""``."""
    value = row.get(key)
    if empty and (value is None or value == ""):
        return None
    too_long = max_length is not None and isinstance(value, str) and len(value) > max_length
    if not isinstance(value, str) or not value.strip() or too_long:
        size = f" of at most {max_length} characters" if max_length else ""
        raise ArchiveError(f"{where}: {key!r} must be text{size}, not {_show(value)}")
    return value


def _texts(row: dict[str, Any], key: str, where: str) -> list[str]:
    value = row.get(key) or []
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ArchiveError(f"{where}: {key!r} must be a list of names, not {_show(value)}")
    return value


def _kind_and_options(row: dict[str, Any], where: str) -> tuple[str, dict[str, Any]]:
    """The league's game and its options, as that game's engine accepts them (kept as
    written, so a restore gives back what was exported)."""
    kind = _text(row, "kind", where)
    options = row.get("options") or {}
    if not isinstance(options, dict):
        raise ArchiveError(f"{where}: 'options' must be an object, not {_show(options)}")
    try:
        get_engine(kind).options(options)
    except EngineError as exc:
        raise ArchiveError(f"{where}: {exc}") from None
    return kind, options


def _points(row: dict[str, Any], where: str) -> dict[str, int]:
    points = row.get("points") or {}
    if not isinstance(points, dict):
        raise ArchiveError(f"{where}: 'points' must be an object, not {_show(points)}")
    result = {}
    for name in ("win", "tie", "loss", "no_result"):
        value = points.get(name, League._meta.get_field(f"points_{name}").default)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= POINTS_MAX:
            raise ArchiveError(
                f"{where}: points {name!r} must be a whole number from 0 to {POINTS_MAX}, "
                f"not {_show(value)}"
            )
        result[name] = value
    return result


def _outcome(row: dict[str, Any], where: str) -> dict[str, Any]:
    """A fixture's outcome fields; a normal fixture when the archive has none."""
    outcome = row.get("outcome") or Fixture.NORMAL
    if outcome not in {value for value, _ in Fixture.OUTCOMES}:
        raise ArchiveError(f"{where}: not a fixture outcome: {_show(outcome)}")
    if outcome == Fixture.NORMAL:
        return {}
    return {
        "outcome": outcome,
        "outcome_reason": _text(
            row, "outcome_reason", where, max_length=_max_length(Fixture, "outcome_reason")
        ),
        "outcome_recorded_at": _datetime(row.get("outcome_recorded_at"), where),
    }


_MISSING = object()


def _whole(
    row: dict[str, Any], key: str, where: str, *, low: int, high: int, default: Any = _MISSING
) -> Any:
    """A whole number from ``low`` to ``high``; ``default`` (when given) for a missing or
    null value."""
    value = row.get(key)
    if value is None and default is not _MISSING:
        return default
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ArchiveError(
            f"{where}: {key!r} must be a whole number from {low} to {high}, not {_show(value)}"
        )
    return value


def _flag(row: dict[str, Any], key: str, where: str) -> bool:
    """``true`` or ``false``; ``false`` when missing."""
    value = row.get(key, False)
    if not isinstance(value, bool):
        raise ArchiveError(f"{where}: {key!r} must be true or false, not {_show(value)}")
    return value


def _choice(row: dict[str, Any], key: str, where: str, allowed: Any, default: str) -> str:
    """One of ``allowed``; ``default`` when missing or null."""
    value = row.get(key)
    if value is None:
        value = default
    if value not in allowed:
        listed = ", ".join(repr(item) for item in allowed if item)
        raise ArchiveError(f"{where}: {key!r} must be one of {listed}, not {_show(value)}")
    return value


def _choices(model: type, name: str) -> list[str]:
    return [value for value, _ in model._meta.get_field(name).choices]


def _optional_text(row: dict[str, Any], key: str, where: str, model: type) -> str:
    return _text(row, key, where, empty=True, max_length=_max_length(model, key)) or ""


def _group(row: dict[str, Any], where: str, letters: str) -> str:
    """A group's letter among ``letters``, or ``""`` for none."""
    value = row.get("group")
    if value is None or value == "":
        return ""
    if not isinstance(value, str) or len(value) != 1 or value not in letters:
        shown = f"one of {', '.join(letters)}" if letters else "null (no groups)"
        raise ArchiveError(f"{where}: 'group' must be {shown}, not {_show(value)}")
    return value


def _time(value: Any, where: str) -> time | None:
    if value is None or value == "":
        return None
    try:
        parsed = parse_time(value) if isinstance(value, str) else None
    except ValueError:
        parsed = None
    if parsed is None:
        raise ArchiveError(f"{where}: not a time of day: {_show(value)}")
    return parsed


def _date(value: Any, where: str) -> date | None:
    if value is None or value == "":
        return None
    try:
        parsed = parse_date(value) if isinstance(value, str) else None
    except ValueError:
        parsed = None
    if parsed is None:
        raise ArchiveError(f"{where}: not a date: {_show(value)}")
    return parsed


def _datetime(value: Any, where: str) -> datetime | None:
    if value is None or value == "":
        return None
    try:
        parsed = parse_datetime(value) if isinstance(value, str) else None
    except ValueError:
        parsed = None
    if parsed is None:
        raise ArchiveError(f"{where}: not a date and time: {_show(value)}")
    return parsed


def _set_created_at(model: type, pk: int, value: Any, where: str) -> None:
    # ``created_at`` is ``auto_now_add``, so it can only be put back after the row exists.
    when = _datetime(value, where)
    if when is not None:
        model.objects.filter(pk=pk).update(created_at=when)
