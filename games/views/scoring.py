"""Thin views: validate input, call a service or selector, render the page or its partial."""

from __future__ import annotations

import json
from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from .. import page_cache, screens, services
from ..engines import EngineError, all_engines
from ..forms import NewGameForm, PositionForm, ScorerForm, play_from_post
from ..models import Game
from ..selectors import game_list as select_games
from ..selectors import game_record, play_question, scoreboard

GAMES_PER_PAGE = 20


@require_GET
def game_list(request: HttpRequest) -> HttpResponse:
    page = Paginator(select_games(), GAMES_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "games/list.html", {"page": page})


@login_required
def game_new(request: HttpRequest) -> HttpResponse:
    kind = request.POST.get("kind") or request.GET.get("kind") or all_engines()[0].id
    if kind not in {engine.id for engine in all_engines()}:
        kind = all_engines()[0].id
    form = NewGameForm(request.POST if request.method == "POST" else None, kind=kind)
    if request.method == "POST" and form.is_valid():
        try:
            game = services.game_create(
                kind=kind, options=form.game_options(), sides=form.sides(), user=request.user
            )
        except EngineError as exc:
            form.add_error(None, str(exc))
        else:
            return redirect("games:score", pk=game.pk)
    context = {"form": form, "engines": all_engines(), "kind": kind}
    template = "games/new.html#new-game" if request.htmx else "games/new.html"
    return render(request, template, context)


@require_GET
def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    partial = bool(request.htmx)
    template = "games/detail.html#scoreboard" if partial else "games/detail.html"

    def context() -> dict:
        return _board_context(request, get_object_or_404(Game, pk=pk))

    # Visitors who are not logged in get the page from the cache while the game is unchanged.
    key = page_cache.game_page_key(pk, partial=partial)
    return page_cache.public_page(request, key, template, context)


@login_required
@require_GET
def game_score(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=pk)
    if not game.is_scorer(request.user):
        raise PermissionDenied("Only this game's scorers can enter plays.")
    return _board(request, game)


@require_POST
def play_create(request: HttpRequest, pk: int) -> HttpResponse:
    def record(game: Game, position: dict) -> dict:
        raw = play_from_post(game.kind, request.POST)
        question = play_question(game, raw, answered=request.POST.getlist("answered"))
        if question:
            return {"question": question, "draft": _draft_fields(request)}
        _, outcome = services.play_record(
            game=game,
            raw=raw,
            expected_seq=position["expected"],
            after_play=position["after"],
            user=request.user,
        )
        return {"said": str(outcome)}

    return _write(request, pk, record)


@require_POST
def play_undo(request: HttpRequest, pk: int) -> HttpResponse:
    def undo(game: Game, position: dict) -> dict:
        removed = services.play_undo(
            game=game,
            expected_seq=position["expected"],
            after_play=position["after"],
            user=request.user,
        )
        return {"said": f"Play {removed.seq} undone."}

    return _write(request, pk, undo)


@require_GET
def game_record_json(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=pk)
    body = json.dumps(game_record(game).to_json(), indent=1)
    response = HttpResponse(body, content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{game.kind}-{game.pk}.json"'
    return response


@login_required
@require_POST
def scorer_add(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=pk)
    form = ScorerForm(request.POST)
    if form.is_valid():
        try:
            services.scorer_add(
                game=game, username=form.cleaned_data["username"], user=request.user
            )
        except services.UnknownUser as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, f"{form.cleaned_data['username']} can now score this game.")
    else:
        messages.error(request, "Give the username of the scorer to add.")
    return redirect("games:score", pk=game.pk)


def _write(request: HttpRequest, pk: int, write: Callable[[Game, dict], str]) -> HttpResponse:
    """Run a scorer's write against the log position the screen showed; answer with the board."""
    game = _scorer_game(request, pk)
    position = PositionForm(request.POST)
    if not position.is_valid():
        return _board(request, game, error="The request is missing its log position.", status=400)
    try:
        said = write(game, position.cleaned_data)
    except services.PositionConflict as exc:
        return _board(request, game, error=str(exc), status=409)
    except EngineError as exc:
        return _board(request, game, error=_capitalised(str(exc)), status=422)
    return _board(request, game, **said)


def _draft_fields(request: HttpRequest) -> list[tuple[str, str]]:
    """The fields of a play that waits for an answer, to post again with the answer."""
    skip = {"csrfmiddlewaretoken", "expected", "after"}
    return [
        (key, value) for key, values in request.POST.lists() if key not in skip for value in values
    ]


def _scorer_game(request: HttpRequest, pk: int) -> Game:
    game = get_object_or_404(Game, pk=pk)
    if not game.is_scorer(request.user):
        raise PermissionDenied("Only this game's scorers can change it.")
    return game


def _board_context(request: HttpRequest, game: Game) -> dict:
    board = scoreboard(game)
    return {
        "game": game,
        "board": board,
        "screen": screens.context(board),
        "can_score": game.is_scorer(request.user),
    }


def _board(
    request: HttpRequest,
    game: Game,
    *,
    said: str = "",
    error: str = "",
    question: dict | None = None,
    draft: list | None = None,
    status: int = 200,
) -> HttpResponse:
    """The scoring screen (or, for htmx, its board partial) with the latest scoreboard."""
    context = _board_context(request, game)
    if question and "side" in question:
        question = {**question, "side_label": game.sides[question["side"]]}
    context.update(
        said=said,
        error=error,
        question=question,
        draft=draft or [],
        is_creator=request.user.pk == game.created_by_id,
    )
    template = "games/score.html#board" if request.htmx else "games/score.html"
    return render(request, template, context, status=status)


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]
