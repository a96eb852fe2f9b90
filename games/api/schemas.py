"""What the open-data API answers, as pydantic schemas (django-ninja turns them into the
OpenAPI schema at ``/api/v1/openapi.json``; nothing here is written as JSON Schema by hand).

Every answer shows what the public pages show and nothing more: no e-mail, no scorers list,
no organisers, no record hashes. A play's ``by`` is the username the public play-by-play
prints beside it.
"""

from __future__ import annotations

import datetime
from typing import Any, Literal

from ninja import Schema
from pydantic import Field

GameStatus = Literal["live", "final", "void", "no_result", "scheduled"]


class Error(Schema):
    """Every error: a sentence saying what was wrong."""

    detail: str = Field(description="what was wrong, in words")
    errors: list[dict[str, Any]] | None = Field(
        default=None, description="for a 400: each parameter that was refused, and why"
    )


class Points(Schema):
    win: int
    tie: int
    loss: int
    no_result: int


class LeagueOut(Schema):
    slug: str
    name: str
    game: str = Field(description="the game id, e.g. quick-baseball")
    game_name: str
    entrant: str = Field(description='"team" or "player": what the league\'s game calls a side')
    seasons: int
    teams: int
    games: int
    url: str = Field(description="the league's public page")


class Option(Schema):
    label: str
    value: str


class SeasonOut(Schema):
    slug: str
    name: str
    league: str = Field(description="the league's slug")
    starts_on: datetime.date | None
    fixtures: int
    played: int = Field(description="games of the season that have ended")
    url: str


class TeamOut(Schema):
    slug: str
    name: str
    league: str = Field(description="the league's slug")
    url: str


class LeagueDetail(LeagueOut):
    options: list[Option] = Field(description="the options every game of the league uses")
    points: Points | None = Field(description="cricket: points for a win, tie, loss, no result")
    season_list: list[SeasonOut]
    team_list: list[TeamOut]


class CompetitionOut(Schema):
    slug: str
    name: str
    format: str = Field(description='"cup" (knockout) or "groups" (a group stage, then a cup)')
    url: str


class SeasonDetail(SeasonOut):
    teams: list[TeamOut]
    competitions: list[CompetitionOut]
    standings: str = Field(description="the API address of the standings")
    stats: str = Field(description="the API address of the stats")
    data_pack: str = Field(description="the season's data pack (zip)")


class TeamDetail(TeamOut):
    seasons: list[str] = Field(description="slugs of the seasons the team has fixtures in")
    form: list[str] = Field(description='the last five counted results, oldest first: "W" …')


class Side(Schema):
    name: str
    team: str | None = Field(description="the team's slug, for a fixture's game")
    score: str = Field(description='as the lists show it: runs, or innings ("120/7 & 88")')
    won: bool


class FixtureOut(Schema):
    id: int
    season: str
    competition: str | None = Field(description="a cup's or group stage's slug; null: league")
    away: str = Field(description="the team's slug (bats first)")
    home: str | None
    scheduled_on: datetime.date | None
    scheduled_time: datetime.time | None
    status: GameStatus
    result: str
    game: int | None = Field(description="the game's id once it has started")
    sides: list[Side]


class GameOut(Schema):
    id: int
    game: str = Field(description="the game id, e.g. quick-cricket")
    game_name: str
    sides: list[Side]
    status: GameStatus
    result: str = Field(description='in words: "Giants won 4–2", "Hornets won by 3 wickets"')
    league: str | None
    season: str | None
    fixture: int | None
    started_at: datetime.datetime
    finished_at: datetime.datetime | None
    void_reason: str | None = Field(description="why an organiser voided the game")
    url: str = Field(description="the game's public page")


class GameDetail(GameOut):
    options: dict[str, Any]
    plays: int = Field(description="how many plays the log holds")
    summary: dict[str, Any] = Field(
        description="the summary keys of ../shared/rules (score, line score, innings, …)"
    )
    record: str = Field(description="the API address of the full game record")


class GameRecord(Schema):
    """The game record (the same JSON as ``/games/<id>/record.json`` and ``manage.py
    replay``'s input)."""

    game: str
    options: dict[str, Any]
    sides: list[str]
    plays: list[Any]


class PlayOut(Schema):
    seq: int = Field(description="1-based position in the log")
    play: Any = Field(description="the play exactly as the record holds it")
    text: str = Field(description="what the play did, in words")
    tags: list[str]
    by: str = Field(description="who entered it, as the public play-by-play shows ('' if unknown)")


class StandingsColumn(Schema):
    key: str
    label: str
    title: str


class StandingsOut(Schema):
    league: str
    season: str
    game: str
    games_counted: int
    no_results: int
    columns: list[StandingsColumn]
    rows: list[dict[str, int | str | None]] = Field(
        description="one per team, in table order, keyed by the columns' keys"
    )


class StatsColumn(Schema):
    key: str
    label: str
    title: str
    format: str


class StatsRow(Schema):
    label: str
    cells: list[str] = Field(description="formatted as the stats page prints them")
    total: bool


class StatsTableOut(Schema):
    id: str
    title: str
    heading: str
    note: str
    columns: list[StatsColumn]
    rows: list[StatsRow]


class StatsOut(Schema):
    league: str
    season: str | None
    heading: str
    games: int
    tables: list[StatsTableOut]


class CompetitionDetail(CompetitionOut):
    bracket: dict[str, Any] = Field(
        description="the bracket, as the bracket.json download has it (entrants, ties, games)"
    )


class WinPoint(Schema):
    play: int = Field(description="the play it follows; 0 before the first")
    text: str
    chances: list[float] = Field(description="each side's chance of winning, then a tie's")


class WinProbabilityOut(Schema):
    game: int
    sides: list[str]
    table_version: str
    points: list[WinPoint]
