"""The API's games: the archive's list (with its filters), one game's summary, its full
record, its plays with what each did in words, and its win probability after every play."""

# No ``from __future__ import annotations`` here: django-ninja reads a paged operation's
# parameter types through ``paginate``'s wrapper, whose module could not resolve them as text.

import datetime
from typing import Literal

from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from ninja import Query, Router, Schema
from pydantic import Field

from games.api import rows
from games.api.paging import Shown, paged, refused
from games.api.schemas import (
    Error,
    GameDetail,
    GameOut,
    GameRecord,
    PlayOut,
    WinProbabilityOut,
)
from games.archive import selectors
from games.engines import all_engines
from games.kinds.records import game_record
from games.models import Game, League
from games.plumbing import page_cache, revalidation
from games.plumbing.replica import mark_replica_reads
from games.scoring import board as boards
from games.win import chances as win_chances
from scorekeeper import converters  # noqa: F401 (registers {id:…}, ids in range)

router = Router(tags=["games"])
ERRORS = {400: Error, 404: Error, 429: Error}


class GameFilters(Schema):
    league: str | None = Field(None, description="a league's slug")
    season: str | None = Field(None, description="a season's slug (with league)")
    team: str | None = Field(None, description="a team's slug (with league): its fixture games")
    game: str | None = Field(None, description="a game id, e.g. quick-cricket")
    date_from: datetime.date | None = Field(
        None, description="played on or after (the day it ended, else began)"
    )
    date_to: datetime.date | None = Field(None, description="played on or before")
    status: Literal["live", "final", "void"] | None = None


def _archive_filters(filters: GameFilters) -> selectors.ArchiveFilters:
    league = season = team = None
    if filters.league:
        league = League.objects.filter(slug=filters.league).first()
        if league is None:
            raise refused("league", f"there is no league {filters.league!r}")
    for name in ("season", "team"):
        if getattr(filters, name) and league is None:
            raise refused(name, f"a {name} is named within a league: give league too")
    if filters.season:
        season = league.seasons.filter(slug=filters.season).first()
        if season is None:
            raise refused("season", f"the league has no season {filters.season!r}")
    if filters.team:
        team = league.teams.filter(slug=filters.team).first()
        if team is None:
            raise refused("team", f"the league has no team {filters.team!r}")
    if filters.game and filters.game not in {engine.id for engine in all_engines()}:
        raise refused("game", f"there is no game {filters.game!r}")
    if filters.date_from and filters.date_to and filters.date_from > filters.date_to:
        raise refused("date_to", "the end date is before the start date")
    return selectors.ArchiveFilters(
        league=league,
        season=season,
        team=team,
        kind=filters.game or "",
        date_from=filters.date_from,
        date_to=filters.date_to,
    )


@mark_replica_reads
@router.get(
    "/games",
    response={200: list[GameOut], **ERRORS},
    summary="The archive",
    description="Every game (league, cup, friendly and casual games; live and voided ones "
    "too), newest first by the day it ended (else began), filtered like the archive page.",
)
@paged
def game_list(request: HttpRequest, filters: Query[GameFilters]) -> Shown:
    games = selectors.archive_games(filters=_archive_filters(filters))
    if filters.status == "void":
        games = games.filter(voided_at__isnull=False)
    elif filters.status == "final":
        games = games.filter(voided_at__isnull=True, finished_at__isnull=False)
    elif filters.status == "live":
        games = games.filter(voided_at__isnull=True, finished_at__isnull=True)
    return Shown(games, rows.game)


def _game(pk: int) -> Game:
    found = (
        Game.objects.select_related("season__league", "fixture__away", "fixture__home")
        .filter(pk=pk)
        .first()
    )
    if found is None:
        raise Http404(f"There is no game {pk}.")
    return found


@mark_replica_reads
@router.get(
    "/games/{id:pk}",
    response={200: GameDetail, **ERRORS},
    summary="One game",
    description="The game's summary as its page shows it, with its stored summary keys.",
)
def game_detail(request: HttpRequest, pk: int) -> dict | HttpResponse:
    key = page_cache.game_data_key(pk)
    kept = revalidation.from_cache(request, key and f"api-{key}")
    if kept is not None:
        return kept
    found = _game(pk)
    return {
        **rows.game(found),
        "options": found.options,
        "plays": found.plays.count(),
        "summary": found.summary or {},
        "record": reverse("api:game_record_detail", args=[found.pk]),
    }


@mark_replica_reads
@router.get(
    "/games/{id:pk}/record",
    response={200: GameRecord, **ERRORS},
    summary="A game's record",
    description="The full game record: what `manage.py replay` reads and "
    "`/games/<id>/record.json` downloads.",
)
def game_record_detail(request: HttpRequest, pk: int) -> dict:
    return game_record(_game(pk)).to_json()


@mark_replica_reads
@router.get(
    "/games/{id:pk}/plays",
    response={200: list[PlayOut], **ERRORS},
    summary="A game's plays",
    description="Every play in order, as the record holds it, with what it did in words (as "
    "the play-by-play prints it).",
)
@paged
def play_list(request: HttpRequest, pk: int) -> Shown:
    found = _game(pk)
    lines = boards.PlayLines(found, boards.current(found))
    return Shown(
        lines,
        lambda line: {
            "seq": line.seq,
            "play": line.payload,
            "text": line.outcome.text,
            "tags": list(line.outcome.tags),
            "by": line.by,
        },
    )


@router.get(
    "/games/{id:pk}/win-probability",
    response={200: WinProbabilityOut, **ERRORS},
    summary="A game's win probability",
    description="Each side's chance of winning before the first play and after each play. "
    "A 404 says why there is none (e.g. no table built for the game's options).",
)
def win_probability(request: HttpRequest, pk: int) -> dict:
    found = _game(pk)
    chances = win_chances.for_game(found)
    if not chances.available:
        raise Http404(chances.reason or "No win probability for this game.")
    return {
        "game": found.pk,
        "sides": list(chances.sides),
        "table_version": chances.version,
        "points": [
            {"play": p.seq, "text": p.text, "chances": [round(c, 4) for c in p.chances]}
            for p in chances.points
        ],
    }
