"""Thin views: validate input, call a service or selector, render the page or its partial."""

from __future__ import annotations

import json
from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from games.engines import EngineError, all_engines
from games.kinds import kind as game_kind
from games.kinds.records import game_record
from games.models import Game
from games.plumbing import page_cache, safe_cache
from games.scoring import board as boards
from games.scoring import conflicts, screens, services
from games.scoring.board import Board, PlayLine
from games.scoring.forms import (
    NewGameForm,
    PositionForm,
    ScorerForm,
    play_from_post,
    typed_completions,
)
from games.scoring.selectors import game_list as select_games
from games.scoring.selectors import lines_since, scoreboard
from games.win import chances as win_chances
from games.win import chart as win_chart

GAMES_PER_PAGE = 20
# How a write's answer brings the play-by-play below the board up to date (score.html#answer).
PLAYS_FULL, PLAYS_ADDED, PLAYS_REMOVED, PLAYS_UNCHANGED = "full", "added", "removed", ""


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
        game = get_object_or_404(Game, pk=pk)
        chances = win_chances.for_game(game)
        return {
            **_board_context(request, game),
            "win": chances,
            "win_chart": win_chart.chart(chances),
            "win_now": win_chances.figures(chances.current, game.sides),
        }

    # Visitors who are not logged in get the page from the cache while the game is unchanged.
    key = page_cache.game_page_key(pk, partial=partial, board_cached=_board_cached)
    return page_cache.public_page(request, key, template, context, revalidate=partial)


def _board_cached(kind: str) -> bool:
    """Whether the public page of a game of ``kind`` may be served from the page cache: not for
    a board that shows more than its own game (the solitaire player's record over all games)."""
    return game_kind(kind).public_board_cached


@login_required
@require_GET
def game_score(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=pk)
    if not game.is_scorer(request.user):
        raise PermissionDenied("Only this game's scorers can enter plays.")
    if request.GET.get("cancel"):
        _forget_question(request, game)
    elif not request.htmx and (waiting := _waiting_question(request, game)):
        return _board(request, game, question=waiting["question"], draft=waiting["draft"])
    if request.htmx:
        # The screen's live poll (scoring.js) names the board it shows by its tag
        # (``#board[data-live-tag]``): unchanged, it gets "304 Not Modified" and no body.
        tag = live_tag(game.log_revision, request.user)
        if page_cache.etag_matches(request, tag):
            unchanged = HttpResponseNotModified()
            unchanged["ETag"] = tag
            unchanged["Cache-Control"] = "no-store"
            return unchanged
        return _followed(request, game)
    return _board(request, game)


def _followed(request: HttpRequest, game: Game) -> HttpResponse:
    """The live poll's answer: the board, with only the play-by-play lines the screen lacks
    when it says what it shows (``seen`` plays named by ``chain``) and only plays were added
    since, else the whole list."""
    current = boards.current(game)
    try:
        seen = int(request.GET.get("seen", ""))
    except ValueError:
        seen = 0
    added = lines_since(scoreboard(game, current), seen, request.GET.get("chain", ""))
    if added is None:
        return _board(request, game, current=current)
    return _board(
        request,
        game,
        current=current,
        said=conflicts.entered_elsewhere(added, user=request.user),
        plays=PLAYS_ADDED,
        added=list(reversed(added)),
    )


def live_tag(revision: str, user) -> str:
    """Names the scoring board ``user`` sees at ``revision`` (every write to a game gives it
    a new revision; ``safe_cache.code_version`` changes with the app's code and templates)."""
    return f'W/"score.{revision}.{user.pk}.{safe_cache.code_version()}"'


@require_POST
def play_create(request: HttpRequest, pk: int) -> HttpResponse:
    return _board(request, **record_tap(request, pk))


def record_tap(request: HttpRequest, pk: int) -> dict:
    """The scoring screen's tap (a play posted): the write, and what its answer shows."""

    def record(game: Game, position: dict) -> dict:
        raw = _posted_play(game, request)
        try:
            recorded = services.play_record(
                game=game,
                raw=raw,
                expected_seq=position["expected"],
                after_play=position["after"],
                user=request.user,
                answered=request.POST.getlist("answered"),
            )
        except services.NeedsAnswer as asked:
            draft = _draft_fields(request)
            _keep_question(request, game, asked.question, draft)
            return {"question": asked.question, "draft": draft, "plays": PLAYS_UNCHANGED}
        by = request.user.get_username()
        line = PlayLine(recorded.play.seq, raw, recorded.outcome, recorded.board.summary, by)
        return {
            "game": recorded.game,
            "said": str(recorded.outcome),
            "current": recorded.board,
            "plays": _plays_change(request, recorded.previous, recorded.board),
            "added": [line],
        }

    return tap(request, pk, record, tapped=lambda game: _tapped(game, request))


@require_POST
def play_undo(request: HttpRequest, pk: int) -> HttpResponse:
    def undo(game: Game, position: dict) -> dict:
        undone = services.play_undo(
            game=game,
            expected_seq=position["expected"],
            after_play=position["after"],
            user=request.user,
        )
        return {
            "game": undone.game,
            "said": f"Play {undone.play.seq} undone.",
            "current": undone.board,
            "plays": _plays_change(request, undone.previous, undone.board),
            "removed": undone.play.seq,
        }

    return _board(request, **tap(request, pk, undo))


@require_GET
def game_record_json(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=pk)
    body = json.dumps(game_record(game).to_json(), indent=1)
    response = HttpResponse(body, content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{game.kind}-{game.pk}.json"'
    return response


@require_GET
def older_plays(request: HttpRequest, pk: int) -> HttpResponse:
    """The play-by-play's lines before play ``before`` (its "Older plays" link, htmx; the
    latest without it): a page of lines to put after the list, and the link to the page
    before them."""
    game = get_object_or_404(Game, pk=pk)
    try:
        before = int(request.GET["before"]) if request.GET.get("before") else None
    except ValueError:
        raise Http404("No such plays.") from None
    lines = boards.PlayLines(game, boards.current(game))
    if before is not None and not 1 < before <= len(lines) + 1:
        raise Http404("No such plays.")
    context = {"game": game, "page": lines.page(before), "older_oob": True}
    return render(request, "games/_older_plays.html", context)


@login_required
@require_POST
def win_probability_setting(request: HttpRequest, pk: int) -> HttpResponse:
    """Show or hide each side's chance of winning on this game's scoring screen."""
    game = get_object_or_404(Game, pk=pk)
    if not game.is_scorer(request.user):
        raise PermissionDenied("Only this game's scorers can change its scoring screen.")
    show = request.POST.get("show") == "1"
    services.win_probability_show(game=game, show=show)
    return redirect("games:score", pk=game.pk)


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


def tap(
    request: HttpRequest,
    pk: int,
    write: Callable[[Game, dict], dict],
    *,
    tapped: Callable[[Game], dict | None] | None = None,
) -> dict:
    """Run a scorer's write against the log position the screen showed; return what the
    answer shows (``_board``'s keyword arguments, ``write`` returns them for a write that
    went through). The game is read once, with the scorer check, and locked in the write's
    transaction (``services.locked_game``). Refused because another tablet wrote first, the
    answer says what it did and what was not recorded (the play ``tapped`` reads from the
    post, or an undo when there is none). The bench's write-only probe calls this too."""
    position = PositionForm(request.POST)
    game = None

    def chosen() -> screens.Selection | None:
        # A refused tap comes back with what it chose still chosen (a selection, see
        # games.scoring.screens).
        return screens.selection(game.kind, request.POST) if tapped else None

    try:
        with transaction.atomic():
            game = scorer_game(request, pk)
            if not position.is_valid():
                error = "The request is missing its log position."
                return {"game": game, "error": error, "status": 400, "selection": chosen()}
            answer = write(game, position.cleaned_data)
    except services.PositionConflict as exc:
        now = boards.current(game)
        error = conflicts.refused(
            scoreboard(game, now),
            exc,
            user=request.user,
            tapped=tapped(game) if tapped else None,
            undo=tapped is None,
        )
        return {"game": game, "error": error, "status": 409, "current": now}
    except EngineError as exc:
        error = _capitalised(str(exc))
        return {
            "game": game,
            "error": error,
            "status": getattr(exc, "status", 422),  # 400 for a post no screen sends
            "plays": PLAYS_UNCHANGED,
            "selection": chosen(),
        }
    if "question" not in answer:
        _forget_question(request, game)
    return {"game": game, **answer}


# A play waiting for the table's answer (the umpire's cards, a review, an extension…) is kept
# in the scorer's session with the log revision it was asked at, so a reloaded (or woken)
# tablet asks it again; any write to the game makes it stale.
def _question_key(game: Game) -> str:
    return f"games.waiting-question.{game.pk}"


def _keep_question(request: HttpRequest, game: Game, question: dict, draft: list) -> None:
    request.session[_question_key(game)] = {
        "revision": game.log_revision,
        "question": question,
        "draft": draft,
    }


def _waiting_question(request: HttpRequest, game: Game) -> dict | None:
    waiting = request.session.get(_question_key(game))
    if waiting and waiting.get("revision") == game.log_revision:
        return waiting
    return None


def _forget_question(request: HttpRequest, game: Game) -> None:
    request.session.pop(_question_key(game), None)


def _plays_change(request: HttpRequest, previous: Board, board: Board) -> str:
    """How a write's answer brings the screen's play-by-play up to date: line by line
    (``added``, ``removed``) when the screen showed the board before the write (its revision)
    with plays on it and the game's status stays the same, else the whole list (``full``)."""
    if (
        request.POST.get("revision") != previous.revision
        or not previous.length
        or not board.length
        or previous.summary.get("status") != board.summary.get("status")
    ):
        return PLAYS_FULL
    return PLAYS_ADDED if board.length > previous.length else PLAYS_REMOVED


def _tapped(game: Game, request: HttpRequest) -> dict | None:
    """The play a refused tap posted, or None if it names none."""
    try:
        return _posted_play(game, request)
    except EngineError:
        return None


def _posted_play(game: Game, request: HttpRequest) -> dict:
    """The play a scorer posted: taps, a JSON ``play``, or a ``typed`` line (read against the
    board's stored state: no replay)."""
    state = boards.current(game).state if request.POST.get("typed") else None
    return play_from_post(game.kind, request.POST, state)


@login_required
@require_GET
def play_completions(request: HttpRequest, pk: int) -> HttpResponse:
    """The typed entry's completions (htmx): the legal lines now that start with ``q``, as
    the options of its datalist. Scorers only, like the scoring screen; read from the
    board's stored state."""
    game = get_object_or_404(Game, pk=pk)
    if not game.is_scorer(request.user):
        raise PermissionDenied("Only this game's scorers can enter plays.")
    lines = typed_completions(game.kind, boards.current(game).state, request.GET)
    response = render(request, "games/_typed_options.html", {"lines": lines})
    response["Cache-Control"] = "no-store"
    return response


def _draft_fields(request: HttpRequest) -> list[tuple[str, str]]:
    """The fields of a play that waits for an answer, to post again with the answer."""
    skip = {"csrfmiddlewaretoken", "expected", "after", "revision"}
    return [
        (key, value) for key, values in request.POST.lists() if key not in skip for value in values
    ]


def scorer_game(request: HttpRequest, pk: int) -> Game:
    """The game a scorer's write is for, read once and locked (inside the write's
    transaction): 404 when there is none, 403 for anyone else."""
    try:
        return services.locked_game(pk, request.user)
    except Game.DoesNotExist:
        raise Http404("No such game.") from None


def _board_context(
    request: HttpRequest,
    game: Game,
    current: Board | None = None,
    selection: screens.Selection | None = None,
) -> dict:
    board = scoreboard(game, current)
    if selection is None:
        selection = screens.defaults(board)
    shown = game.show_win_probability  # the scoring screen's setting: one lookup, no replay
    return {
        "game": game,
        "board": board,
        "screen": screens.context(board, selection),
        "selection": selection,
        "can_score": game.is_scorer(request.user),
        "win_now": win_chances.figures(
            win_chances.current(game, board.state) if shown else None, game.sides
        ),
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
    current: Board | None = None,
    plays: str = PLAYS_FULL,
    added: list[PlayLine] | None = None,
    removed: int = 0,
    selection: screens.Selection | None = None,
) -> HttpResponse:
    """The scoring screen, or for htmx its board with the play-by-play brought up to date as
    ``plays`` says (``games/score.html#answer``); drawn from ``current``, the board a write
    just left, when given."""
    context = _board_context(request, game, current, selection)
    if question and "side" in question:
        question = {**question, "side_label": game.sides[question["side"]]}
    context.update(
        said=said,
        error=error,
        question=question,
        draft=draft or [],
        is_creator=request.user.pk == game.created_by_id,
        plays=plays,
        added=added or [],
        # The one line a scorer's tap adds to a game in progress: no corrections yet, and the
        # scorer may correct it.
        added_fix={"can_correct": True, "by_play": {}},
        removed=removed,
        live_tag=live_tag(context["board"].revision, request.user),
    )
    template = "games/score.html#answer" if request.htmx else "games/score.html"
    return render(request, template, context, status=status)


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]
