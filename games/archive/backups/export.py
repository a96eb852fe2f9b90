"""Writing a backup: every game, league, season, team, competition and fixture of the site as a
folder of JSON (``manifest.json``, ``leagues.json`` and ``games/<id>.json``, one record per
game). What each file holds is described in docs/backup-format.md; ``schema`` is its shape.
"""

from __future__ import annotations

import json
from datetime import date, datetime
from pathlib import Path
from typing import Any

from django.utils import timezone

from games.archive.backups import history
from games.archive.backups.schema import FORMAT, GAMES_DIR, LEAGUES, MANIFEST, VERSION, ArchiveError
from games.kinds.records import game_record
from games.models import Competition, Fixture, Game, League, Season, Team


def _when(value: datetime | date | None) -> str | None:
    return value.isoformat() if value else None


def _game_file(game: Game) -> str:
    return f"{GAMES_DIR}/{game.pk}.json"


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
        **history.export_history(game),
    }
