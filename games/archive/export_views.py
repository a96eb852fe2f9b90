"""Downloads of one game in other formats: Cricsheet-like JSON, Retrosheet-like game log and
box score. Anyone may read them, like the game's page; a game of another kind is a 404."""

from __future__ import annotations

import json
from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from games.archive import exports
from games.archive.exports import safe_csv
from games.models import Game


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
