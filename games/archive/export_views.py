"""Downloads of one game in other formats: Cricsheet-like JSON, Retrosheet-like game log, box
score and the win probability after every play; a cup's bracket as JSON or CSV; and a season's
data pack (a zip, ``games.archive.season_pack``). Anyone may read them, like the game's page;
a game of another kind is a 404."""

from __future__ import annotations

import json
from collections.abc import Callable

from django.http import (
    FileResponse,
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseNotModified,
)
from django.shortcuts import get_object_or_404, render
from django.utils.http import http_date
from django.views.decorators.http import require_GET

from games.archive import exports, jobs, season_pack
from games.leagues.cups.export import bracket_csv, bracket_json
from games.models import Competition, Game, Season
from games.plumbing import page_cache, safe_csv
from games.win import chances as win_chances

# How long a download asks to wait before trying again while the season's first pack is built.
PACK_RETRY_SECONDS = 10


def _export(
    pk: int, make: Callable[[Game], str], content_type: str, suffix: str, *, inline: bool = False
) -> HttpResponse:
    game = get_object_or_404(Game.objects.select_related("season__league"), pk=pk)
    try:
        body = make(game)
    except exports.NotExportable as exc:
        raise Http404(str(exc)) from None
    response = HttpResponse(body, content_type=content_type)
    disposition = "inline" if inline else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{game.kind}-{game.pk}-{suffix}"'
    return response


@require_GET
def cricsheet_json(request: HttpRequest, pk: int) -> HttpResponse:
    def make(game: Game) -> str:
        return json.dumps(exports.game_cricsheet(game), indent=1, ensure_ascii=False)

    return _export(pk, make, "application/json", "cricsheet.json")


@require_GET
def game_log_csv(request: HttpRequest, pk: int) -> HttpResponse:
    def make(game: Game) -> str:
        return safe_csv.BOM + exports.game_log_csv(game)

    return _export(pk, make, safe_csv.CONTENT_TYPE, "gamelog.csv")


@require_GET
def box_score_text(request: HttpRequest, pk: int) -> HttpResponse:
    return _export(
        pk, exports.game_box_score, "text/plain; charset=utf-8", "boxscore.txt", inline=True
    )


def _win_chances_rows(chances: win_chances.WinChances) -> list[list]:
    header = ["play", "what happened", *(f"{side} wins" for side in chances.sides)]
    if not chances.one_sided:
        header.append("neither (tie)")
    rows = [header]
    for point in chances.points:
        shares = point.chances[: len(chances.sides)]
        row = [point.seq, point.text, *(round(share, 4) for share in shares)]
        if not chances.one_sided:
            row.append(round(point.chances[2], 4))
        rows.append(row)
    return rows


def _win_chances_json(game: Game, chances: win_chances.WinChances) -> str:
    data = {
        "game": game.pk,
        "kind": game.kind,
        "sides": list(chances.sides),
        "table_version": chances.version,
        "plays": [
            {
                "play": point.seq,
                "text": point.text,
                "chances": [round(share, 4) for share in point.chances[: len(chances.sides)]],
                **({} if chances.one_sided else {"tie": round(point.chances[2], 4)}),
            }
            for point in chances.points
        ],
        "turning_points": [turn.point.seq for turn in chances.turns],
    }
    return json.dumps(data, indent=1, ensure_ascii=False)


@require_GET
def win_probability(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    """Each side's chance after every play (CSV or JSON); the reason, as plain text with a
    404, when there is none."""
    game = get_object_or_404(Game, pk=pk)
    chances = win_chances.for_game(game)
    if not chances.available:
        return HttpResponse(chances.reason, status=404, content_type="text/plain; charset=utf-8")
    if fmt == "csv":
        text = safe_csv.BOM + safe_csv.rows_to_text(_win_chances_rows(chances))
        content_type = safe_csv.CONTENT_TYPE
    else:
        text, content_type = _win_chances_json(game, chances), "application/json"
    response = HttpResponse(text, content_type=content_type)
    filename = f"{game.kind}-{game.pk}-win-probability.{fmt}"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def bracket_download(
    request: HttpRequest, league: str, season: str, competition: str, fmt: str
) -> HttpResponse:
    """A cup's bracket as JSON or CSV (the data ``manage.py bracket`` prints)."""
    found = get_object_or_404(
        Competition.objects.select_related("season__league"),
        season__league__slug=league,
        season__slug=season,
        slug=competition,
    )
    name = f"{league}-{season}-{competition}-bracket"
    if fmt == "csv":
        return safe_csv.download(bracket_csv(found), f"{name}.csv")
    response = HttpResponse(bracket_json(found), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{name}.json"'
    return response


@require_GET
def season_data_pack(request: HttpRequest, league: str, season: str) -> HttpResponse:
    """The season's data pack, streamed from the newest file built for it in the packs'
    storage (a job of the task queue builds them); tagged with the key it was built for, so an
    unchanged pack is a 304. Before the season's first pack is built: a 503 asking to try
    again shortly."""
    found = get_object_or_404(
        Season.objects.select_related("league"), league__slug=league, slug=season
    )
    built = jobs.pack_for_download(found)
    try:
        opened = season_pack.open_pack(built) if built is not None else None
    except FileNotFoundError:  # replaced by a newer build between being found and opened
        built = season_pack.latest(found)
        opened = season_pack.open_pack(built) if built is not None else None
    if built is None or opened is None:
        response = render(request, "games/archive/pack_wait.html", {"season": found}, status=503)
        response["Retry-After"] = str(PACK_RETRY_SECONDS)
        return response
    tag = f'"{built.key}"'
    if page_cache.etag_matches(request, tag):
        opened.close()
        unchanged: HttpResponse = HttpResponseNotModified()
        unchanged["ETag"] = tag
        return unchanged
    response = FileResponse(
        opened,
        as_attachment=True,
        filename=season_pack.filename(found),
        content_type="application/zip",
    )
    response["ETag"] = tag
    response["Last-Modified"] = http_date(built.built_at.timestamp())
    response["Cache-Control"] = "no-cache"
    return response
