"""Exports of one game in other people's formats (reads only; the JSON record is the source).

- ``cricsheet``: a Quick Cricket match as Cricsheet JSON.
- ``retrosheet``: a two-sided baseball game as a Retrosheet-like game-log line and box score.

The functions here gather what a format needs from a stored game (its replay, names, date,
league, season) and hand it to the pure format modules.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.utils import timezone

from games.archive.exports import cricsheet, retrosheet
from games.kinds import CRICSHEET, RETROSHEET
from games.kinds import kind as game_kind
from games.kinds.records import replay_game
from games.leagues import stats
from games.models import Fixture, Game, GameStats


class NotExportable(ValueError):
    """The game's kind has no such export (e.g. a box score of a cricket match)."""


def has_cricsheet(game: Game) -> bool:
    """Games that declare a Cricsheet export (Quick Cricket)."""
    return CRICSHEET in game_kind(game.kind).exports


def has_retrosheet(game: Game) -> bool:
    """Two-sided games that declare a Retrosheet export (baseball), once their log replays
    (a broken game's summary has no line score to write)."""
    return (
        RETROSHEET in game_kind(game.kind).exports
        and len(game.sides) == 2
        and "line_score" in _summary(game)
    )


def _summary(game: Game) -> dict[str, Any]:
    return game.summary or replay_game(game).summary()


def game_date(game: Game) -> datetime.date:
    """The day the game ended, else the day it began (in the site's time zone)."""
    return timezone.localdate(game.finished_at or game.created_at)


def _league_season(game: Game) -> tuple[str, str]:
    if game.season_id is None:
        return "", ""
    return game.season.league.name, game.season.name


def game_cricsheet(game: Game) -> dict[str, Any]:
    """The game as Cricsheet JSON: its league and season as the event, registry ids scoped to
    the league (a friendly: the game), no result for a voided game or an abandoned fixture."""
    if not has_cricsheet(game):
        raise NotExportable(f"{game.get_kind_display()} games have no Cricsheet export.")
    league, season = _league_season(game)
    scope = f"league {game.season.league_id}" if game.season_id else f"game {game.pk}"
    return cricsheet.match_json(
        replay_game(game).final_state,
        sides=list(game.sides),
        registry_scope=scope,
        date=game_date(game),
        event=league,
        season=season,
        no_result=game.is_voided or _fixture_without_result(game),
        source=f"Scorekeeper game {game.pk}",
    )


def _fixture_without_result(game: Game) -> bool:
    """The game's fixture was recorded as abandoned or no result."""
    if game.season_id is None:
        return False
    return Fixture.objects.filter(game=game).exclude(outcome=Fixture.NORMAL).exists()


def _baseball(game: Game) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    if not has_retrosheet(game):
        raise NotExportable(
            f"{game.get_kind_display()} games have no box score or game log: "
            "only two-sided baseball games do."
        )
    replayed = replay_game(game)
    per_side = [stats.side_stats(game.kind, replayed, side) for side in range(2)]
    return replayed.summary(), per_side


def _game_numbers(game: Game) -> list[int | None]:
    """Each team's number of counted games in the season up to and including this one."""
    numbers: list[int | None] = [None, None]
    for row in GameStats.objects.filter(game=game, team__isnull=False, season__isnull=False):
        earlier = GameStats.objects.filter(
            team=row.team_id, season=row.season_id, finished_at__lte=row.finished_at
        ).exclude(finished_at=row.finished_at, game_id__gt=game.pk)
        if row.side < 2:
            numbers[row.side] = earlier.count()
    return numbers


def game_log_csv(game: Game) -> str:
    summary, per_side = _baseball(game)
    league, _ = _league_season(game)
    minutes = None
    if game.finished_at:
        minutes = int((game.finished_at - game.created_at).total_seconds() // 60)
    row = retrosheet.game_log_row(
        summary=summary,
        sides=list(game.sides),
        stats=per_side,
        date=game_date(game),
        league=league,
        game_numbers=_game_numbers(game),
        minutes=minutes,
        note=f"Scorekeeper {game.get_kind_display()} game {game.pk}",
    )
    return retrosheet.csv_line(row)


def game_box_score(game: Game) -> str:
    summary, per_side = _baseball(game)
    league, season = _league_season(game)
    where = f"{league} {season}" if league else "Friendly"
    when = f"{game_date(game):%a %d %b %Y} · {where}"
    title = f"{game.sides[0]} at {game.sides[1]} — {game.get_kind_display()}"
    return retrosheet.box_score(
        summary=summary, sides=list(game.sides), stats=per_side, title=title, when=when
    )
