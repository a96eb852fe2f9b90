"""Thin views: validate input, call a service or selector, render the page or its partial."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from games.kinds import kind as game_kind
from games.kinds.records import game_record
from games.models import Game
from games.plumbing import page_cache, safe_cache
from games.scoring import board as boards
from games.scoring import conflicts, screens, services, taps
from games.scoring.board import Board, PlayLine
from games.scoring.forms import (
    PositionForm,
    ScorerForm,
    ScreenPost,
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
        raise services.NotScorer(game, "Only this game's scorers can enter plays.")
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
    position = PositionForm(request.POST)
    if not position.is_valid():
        return _no_position(request, pk)
    answer = record_tap(request, pk, position)
    if isinstance(answer, taps.Recorded):
        by = request.user.get_username()
        recorded = answer
        line = PlayLine(
            recorded.play.seq, recorded.play.payload, recorded.outcome, recorded.board.summary, by
        )
        return _board(
            request,
            recorded.game,
            said=str(recorded.outcome),
            current=recorded.board,
            plays=_plays_change(request, recorded.previous, recorded.board),
            added=[line],
        )
    if isinstance(answer, taps.Asked):
        return _board(
            request,
            answer.game,
            question=answer.question,
            draft=_draft_fields(request),
            plays=PLAYS_UNCHANGED,
        )
    return _refusal(request, answer)


def record_tap(request: HttpRequest, pk: int, position: PositionForm) -> taps.Answer:
    """The scoring screen's tap (a play posted), all but its page: the write, and the
    question it leaves waiting in the scorer's session. The bench's write-only probe calls
    this too."""
    answer = _written(
        taps.record,
        pk=pk,
        user=request.user,
        play=ScreenPost(request.POST),
        position=_position(position),
        answered=request.POST.getlist("answered"),
    )
    if isinstance(answer, taps.Asked):
        _keep_question(request, answer.game, answer.question, _draft_fields(request))
    elif isinstance(answer, taps.Recorded):
        _forget_question(request, answer.game)
    return answer


@require_POST
def play_undo(request: HttpRequest, pk: int) -> HttpResponse:
    position = PositionForm(request.POST)
    if not position.is_valid():
        return _no_position(request, pk, keep_selection=False)
    answer = _written(taps.undo, pk=pk, user=request.user, position=_position(position))
    if not isinstance(answer, taps.Undone):
        return _refusal(request, answer, keep_selection=False)
    _forget_question(request, answer.game)
    return _board(
        request,
        answer.game,
        said=f"Play {answer.play.seq} undone.",
        current=answer.board,
        plays=_plays_change(request, answer.previous, answer.board),
        removed=answer.play.seq,
    )


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
        raise services.NotScorer(game, "Only this game's scorers can change its scoring screen.")
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


def _written(write: Callable[..., taps.Answer], **arguments: Any) -> taps.Answer:
    """``write`` (a ``taps`` service) called: 404 when the game does not exist."""
    try:
        return write(**arguments)
    except Game.DoesNotExist:
        raise Http404("No such game.") from None


def _position(form: PositionForm) -> taps.Position:
    return taps.Position(form.cleaned_data["expected"], form.cleaned_data["after"])


def _no_position(request: HttpRequest, pk: int, *, keep_selection: bool = True) -> HttpResponse:
    """The answer to a write that names no log position (400): the game's board, for its
    scorers only."""
    game = _written(taps.scorer_game, pk=pk, user=request.user)
    error = "The request is missing its log position."
    selection = screens.selection(game.kind, request.POST) if keep_selection else None
    return _board(request, game, error=error, status=400, selection=selection)


def _refusal(
    request: HttpRequest, answer: taps.Refused | taps.Conflict, *, keep_selection: bool = True
) -> HttpResponse:
    """A refused write's answer: for a conflict, the board now; refused by the game, the board
    unchanged and the play-by-play as it is, a play's choices still chosen (a selection, see
    games.scoring.screens)."""
    if isinstance(answer, taps.Conflict):
        return _board(
            request, answer.game, error=answer.message, status=answer.status, current=answer.board
        )
    selection = screens.selection(answer.game.kind, request.POST) if keep_selection else None
    return _board(
        request,
        answer.game,
        error=answer.message,
        status=answer.status,
        plays=PLAYS_UNCHANGED,
        selection=selection,
    )


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


@login_required
@require_GET
def play_completions(request: HttpRequest, pk: int) -> HttpResponse:
    """The typed entry's completions (htmx): the legal lines now that start with ``q``, as
    the options of its datalist. Scorers only, like the scoring screen; read from the
    board's stored state."""
    game = get_object_or_404(Game, pk=pk)
    if not game.is_scorer(request.user):
        raise services.NotScorer(game, "Only this game's scorers can enter plays.")
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
