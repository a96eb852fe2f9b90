"""Restoring a backup into a fresh database: leagues, seasons, teams, competitions, fixtures
and games, written in one transaction.

The files are read without trusting them (``reading``) and the shape of ``leagues.json`` is
checked first (``schema``): a wrong value refuses the
restore before anything is written. What is checked here needs what the restore has written
so far: the names a row gives (a season's league, a fixture's teams, competition and tie, an
entrant's team) must be in the archive, seeds are given once, a tie's winner is one of its
sides. A wrong one refuses the whole restore, one line naming where it is. A game that cannot
be restored (its record, its times, its correction history) is left out in its own savepoint
and named in the report. What is kept and why is in docs/backup-format.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.db import DatabaseError, transaction

from games.archive import imports
from games.archive.backups import history, reading, schema
from games.archive.backups.fields import show
from games.archive.backups.schema import LEAGUES, ArchiveError
from games.kinds import catalogues
from games.leagues.cups import draw as cup_draw
from games.models import Competition, Entrant, Fixture, Game, League, Season, Team, Tie

Place = tuple[int, int, bool]  # a tie's round, slot and whether it is the third-place tie


@dataclass
class RestoreReport:
    counts: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    created_users: list[str] = field(default_factory=list)


# Restoring ----------------------------------------------------------------------------------


def restore_archive(*, directory: Path) -> RestoreReport:
    """Restore an archive into a database without leagues or games. Raises ``ArchiveError``
    (nothing written) for an unreadable archive or a ``leagues.json`` with any row of the
    wrong shape; a game whose file or history cannot be restored is left out and named in
    the report's problems."""
    archive = reading.read_archive(directory=directory)
    if League.objects.exists() or Game.objects.exists():
        raise ArchiveError(
            "the database already holds leagues or games; restore into a fresh database"
        )
    if reading.manifest_version(directory) < schema.CATALOGUES_NAMED:
        # Written before catalogues had names: a game or league that names none was played
        # with the catalogue in force then, which it keeps.
        archive = archive.model_copy(
            update={
                "leagues": [
                    row.model_copy(
                        update={"options": catalogues.kept_from_before(row.kind, row.options)}
                    )
                    for row in archive.leagues
                ]
            }
        )
        before_names = True
    else:
        before_names = False
    try:
        with transaction.atomic():
            return _restore(directory, archive, before_names)
    except ArchiveError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError, DatabaseError) as exc:
        raise ArchiveError(f"{LEAGUES} is malformed: {type(exc).__name__}: {exc}") from None


def _restore(directory: Path, archive: schema.LeaguesFile, before_names: bool) -> RestoreReport:
    users = {user.username: user for user in get_user_model().objects.all()}
    leagues = _restore_leagues(archive.leagues, users)
    seasons = _restore_seasons(archive.seasons, leagues)
    teams = _restore_teams(archive.teams, leagues)
    competitions = _restore_competitions(archive.competitions, seasons, teams)
    fixtures, tie_links = _restore_fixtures(archive.fixtures, seasons, teams, competitions)
    report = RestoreReport()
    games = _restore_games(directory, archive.games, users, seasons, fixtures, report, before_names)
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
        "fixtures": len(archive.fixtures),
        **games,
    }
    return report


def _restore_leagues(rows: list[schema.LeagueRow], users: dict[str, Any]) -> dict[str, League]:
    leagues: dict[str, League] = {}
    for row in rows:
        league = League.objects.create(
            name=row.name,
            slug=row.slug,
            kind=row.kind,
            options=row.options,
            points_win=row.points.win,
            points_tie=row.points.tie,
            points_loss=row.points.loss,
            points_no_result=row.points.no_result,
        )
        league.organisers.add(*(users[name] for name in row.organisers if name in users))
        _set_created_at(League, league.pk, row.created_at)
        leagues[league.slug] = league
    return leagues


def _restore_seasons(
    rows: list[schema.SeasonRow], leagues: dict[str, League]
) -> dict[tuple[str, str], Season]:
    seasons: dict[tuple[str, str], Season] = {}
    for row in rows:
        league = _lookup(leagues, row.league, "league")
        season = Season.objects.create(
            league=league, name=row.name, slug=row.slug, starts_on=row.starts_on
        )
        seasons[(league.slug, season.slug)] = season
    return seasons


def _restore_teams(
    rows: list[schema.TeamRow], leagues: dict[str, League]
) -> dict[tuple[str, str], Team]:
    teams: dict[tuple[str, str], Team] = {}
    for row in rows:
        league = _lookup(leagues, row.league, "league")
        team = Team.objects.create(league=league, name=row.name, slug=row.slug)
        teams[(league.slug, team.slug)] = team
    return teams


@dataclass
class _Restored:
    """A competition written by the restore, with its ties by place."""

    competition: Competition
    ties: dict[Place, Tie] = field(default_factory=dict)


def _restore_competitions(
    rows: list[schema.CompetitionRow],
    seasons: dict[tuple[str, str], Season],
    teams: dict[tuple[str, str], Team],
) -> dict[tuple[str, str, str], _Restored]:
    """Competitions, their entrants and their bracket as archived, by (league, season, slug)."""
    restored: dict[tuple[str, str, str], _Restored] = {}
    for index, row in enumerate(rows):
        where = _where("competitions", index)
        season = _lookup(seasons, (row.league, row.season), "season", where)
        key = (row.league, season.slug, row.slug)
        if key in restored:
            raise ArchiveError(f"{where}: {season} has two competitions {row.slug!r}")
        competition = Competition.objects.create(
            season=season,
            **row.model_dump(exclude={"league", "season", "created_at", "entrants", "ties"}),
        )
        _set_created_at(Competition, competition.pk, row.created_at)
        entrants = _restore_entrants(row, where, competition, teams)
        restored[key] = _Restored(competition, _restore_ties(row, where, competition, entrants))
    return restored


def _restore_entrants(
    row: schema.CompetitionRow,
    where: str,
    competition: Competition,
    teams: dict[tuple[str, str], Team],
) -> dict[int, Entrant]:
    """The competition's entrants, by seed: each team and each seed given once."""
    entrants: dict[int, Entrant] = {}
    knockout_seeds: set[int | None] = set()
    for index, entry in enumerate(row.entrants):
        here = f"{where}.entrants[{index}]"
        team = _lookup(teams, (row.league, entry.team), "team", here)
        if entry.seed in entrants:
            raise ArchiveError(f"{here}: seed {entry.seed} is given twice")
        if any(other.team_id == team.pk for other in entrants.values()):
            raise ArchiveError(f"{here}: {team.slug!r} is entered twice")
        if entry.knockout_seed is not None and entry.knockout_seed in knockout_seeds:
            raise ArchiveError(f"{here}: knockout seed {entry.knockout_seed} is given twice")
        knockout_seeds.add(entry.knockout_seed)
        entrants[entry.seed] = Entrant.objects.create(
            competition=competition,
            team=team,
            seed=entry.seed,
            group=_group(entry.group, here, competition),
            knockout_seed=entry.knockout_seed,
        )
    return entrants


def _restore_ties(
    row: schema.CompetitionRow,
    where: str,
    competition: Competition,
    entrants: dict[int, Entrant],
) -> dict[Place, Tie]:
    """The competition's bracket as archived: each tie's sides and winner are its entrants."""
    ties: dict[Place, Tie] = {}
    for index, entry in enumerate(row.ties):
        here = f"{where}.ties[{index}]"
        if entry.key in ties:
            raise ArchiveError(f"{here}: a second tie in round {entry.round}, slot {entry.slot}")
        seated = {
            seat: _entrant(getattr(entry, seat), seat, here, entrants)
            for seat in ("first", "second", "winner")
        }
        winner = seated["winner"]
        if winner is not None and winner not in (seated["first"], seated["second"]):
            raise ArchiveError(f"{here}: the winner (seed {winner.seed}) is not in the tie")
        ties[entry.key] = Tie.objects.create(
            competition=competition,
            round=entry.round,
            slot=entry.slot,
            third_place=entry.third_place,
            **seated,
            bye=entry.bye,
            decided_by=entry.decided_by,
            walkover_reason=entry.walkover_reason,
            flag=entry.flag,
        )
    return ties


def _entrant(
    seed: int | None, seat: str, where: str, entrants: dict[int, Entrant]
) -> Entrant | None:
    if seed is None:
        return None
    if seed not in entrants:
        raise ArchiveError(f"{where}: {seat!r} is seed {seed}, not an entrant of the competition")
    return entrants[seed]


def _group(letter: str, where: str, competition: Competition) -> str:
    """A group's letter, which must be one of the competition's groups; ``""`` for none."""
    letters = cup_draw.GROUP_LETTERS[: competition.groups]
    if letter and letter not in letters:
        shown = f"one of {', '.join(letters)}" if letters else "null (no groups)"
        raise ArchiveError(f"{where}: 'group' must be {shown}, not {show(letter)}")
    return letter


def _restore_fixtures(
    rows: list[schema.FixtureRow],
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
        season = _lookup(seasons, (row.league, row.season), "season", where)
        restored, tie = _fixture_competition(row, where, (row.league, season.slug), competitions)
        competition = restored.competition if restored else None
        fixture = Fixture.objects.create(
            season=season,
            away=_lookup(teams, (row.league, row.away), "team"),
            home=_lookup(teams, (row.league, row.home), "team") if row.home else None,
            scheduled_on=row.scheduled_on,
            scheduled_time=row.scheduled_time,
            competition=competition,
            group=_group(row.group, where, competition) if competition else "",
            leg=row.leg,
            decider=row.decider,
            **_outcome(row),
        )
        if tie is not None:
            tie_links.setdefault(tie, []).append(fixture.pk)
        if row.game:
            fixtures[row.game] = fixture
    return fixtures, tie_links


def _outcome(row: schema.FixtureRow) -> dict[str, Any]:
    """A fixture's outcome fields; none for a normal fixture."""
    if row.outcome == Fixture.NORMAL:
        return {}
    return {
        "outcome": row.outcome,
        "outcome_reason": row.outcome_reason,
        "outcome_recorded_at": row.outcome_recorded_at,
    }


def _fixture_competition(
    row: schema.FixtureRow,
    where: str,
    season: tuple[str, str],
    competitions: dict[tuple[str, str, str], _Restored],
) -> tuple[_Restored | None, Tie | None]:
    """The competition and the tie of a fixture (``None`` for a league fixture)."""
    if row.competition is None:
        if row.tie is not None:
            raise ArchiveError(f"{where}: a tie, but no competition")
        return None, None
    restored = competitions.get((*season, row.competition))
    if restored is None:
        raise ArchiveError(
            f"{where}: no competition {show(row.competition)} in season {season[1]!r} "
            f"of {season[0]!r}"
        )
    if row.tie is None:
        return restored, None
    key = row.tie.key
    if key not in restored.ties:
        raise ArchiveError(
            f"{where}: {row.competition!r} has no tie in round {key[0]}, slot {key[1]}"
            + (" (third place)" if key[2] else "")
        )
    return restored, restored.ties[key]


def _restore_games(
    directory: Path,
    rows: list[schema.GameRow],
    users: dict[str, Any],
    seasons: dict[tuple[str, str], Season],
    fixtures: dict[str, Fixture],
    report: RestoreReport,
    before_names: bool = False,
) -> dict[str, int]:
    """Restore each game in its own savepoint: a game that cannot be restored is left out
    and named in ``report.problems``. Returns the counts restored."""
    restored = corrections = reopenings = 0
    for row in rows:
        season = _lookup(seasons, (row.league, row.season), "season") if row.league else None
        created: dict[str, Any] = {}
        try:
            with transaction.atomic():
                counts = _restore_game(
                    directory, row, season, users, fixtures, created, before_names
                )
        except (ArchiveError, imports.BadRecord, history.HistoryError) as exc:
            name = row.file if row.file.isprintable() else show(row.file)
            report.problems.append(f"{name}: {' '.join(str(exc).split())}")
            continue
        restored += 1
        corrections += counts[0]
        reopenings += counts[1]
        users.update(created)
        report.created_users.extend(created)
    return {"games": restored, "corrections": corrections, "reopenings": reopenings}


def _restore_game(
    directory: Path,
    row: schema.GameRow,
    season: Season | None,
    users: dict[str, Any],
    fixtures: dict[str, Fixture],
    created: dict[str, Any],
    before_names: bool = False,
) -> tuple[int, int]:
    """One game with its scorers, times and correction history; returns how many
    corrections and reopenings it has."""
    data = reading.read_game(directory, row.file)
    if before_names and isinstance(data, dict) and isinstance(data.get("options"), dict):
        data["options"] = catalogues.kept_from_before(data.get("game"), data["options"])
    entries = schema.read_history(row)
    game = imports.import_archived(
        data=data,
        user=users.get(row.created_by) or imports.import_user(),
        season=season,
        fixture=fixtures.get(row.file),
        digest=row.record_hash,
        finished_at=entries.finished_at,
        voided_at=entries.voided_at,
        void_reason=row.void_reason,
    )
    game.scorers.add(*(users[name] for name in row.scorers if name in users))
    _set_created_at(Game, game.pk, entries.created_at)
    return history.restore_history(
        game=game, entries=entries, user_named=_history_user(users, created)
    )


def _history_user(users: dict[str, Any], created: dict[str, Any]) -> history.Users:
    """Username to user for one game's history: the site's user of that name, or a new
    inactive one (put in ``created``, so it is forgotten if the game is not restored)."""

    def named(name: str | None) -> Any:
        if name is None:
            return None
        if name not in users and name not in created:
            created[name] = history.inactive_user(name)
        return users.get(name) or created[name]

    return named


def _where(key: str, index: int) -> str:
    return f"{LEAGUES}: {key}[{index}]"


def _lookup(table: dict, key: Any, what: str, where: str | None = None) -> Any:
    try:
        return table[key]
    except (KeyError, TypeError):
        if where is not None:
            raise ArchiveError(
                f"{where}: names a {what} the archive does not hold: {show(key)}"
            ) from None
        raise ArchiveError(f"{LEAGUES} names a {what} it does not hold: {show(key)}") from None


def _set_created_at(model: type, pk: int, when: datetime | None) -> None:
    # ``created_at`` is ``auto_now_add``, so it can only be put back after the row exists.
    if when is not None:
        model.objects.filter(pk=pk).update(created_at=when)
