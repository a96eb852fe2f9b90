"""Views for correcting earlier plays and reopening final games (see games/scoring/urls.py)."""

from __future__ import annotations

import json

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from games.engines import InvalidPlay, json_text
from games.models import Game
from games.scoring import corrections, screens
from games.scoring.selectors import board_before, scoreboard


class CorrectionForm(forms.Form):
    """A correction of one play and why: the new play tapped on the game's own controls (the
    fields a scoring tap posts) or, failing those, written as JSON; absent for a deletion."""

    play = forms.CharField(
        label="The play, as it should have been (JSON)",
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
        max_length=10_000,
        required=False,
    )
    reason = forms.CharField(
        label="Why is it corrected?", max_length=corrections.REASON_MAX, strip=True
    )
    expected = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
    after = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
    revision = forms.IntegerField(min_value=0, widget=forms.HiddenInput)

    def __init__(self, *args, deleting: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if deleting:
            del self.fields["play"]
            self.fields["reason"].label = "Why is it deleted?"

    def clean_play(self) -> dict | None:
        if not self.cleaned_data["play"]:
            return None  # tapped on the controls: read with the scoring screen's read_play
        try:
            play = json_text.loads(self.cleaned_data["play"])
        except json_text.TooDeep as exc:
            raise forms.ValidationError(f"This play is {exc}.") from None
        except ValueError as exc:
            raise forms.ValidationError(f"This is not valid JSON: {exc}.") from None
        if not isinstance(play, dict):
            raise forms.ValidationError('A play is a JSON object, like {"pitch": "C1"}.')
        return play


@login_required
def play_correct(request: HttpRequest, pk: int, seq: int) -> HttpResponse:
    return _correction(request, pk, seq, deleting=False)


@login_required
def play_delete(request: HttpRequest, pk: int, seq: int) -> HttpResponse:
    return _correction(request, pk, seq, deleting=True)


def _correction(request: HttpRequest, pk: int, seq: int, *, deleting: bool) -> HttpResponse:
    game = get_object_or_404(Game, pk=pk)
    if not corrections.may_correct(game=game, user=request.user):
        raise PermissionDenied("Only this game's scorers (or its organisers) can correct it.")
    board = scoreboard(game)
    position = {
        "expected": board.log_length,
        "after": board.last_play_id,
        "revision": corrections.correction_count(game=game),
    }
    if request.method != "POST":
        if not 1 <= seq <= len(board.lines):
            raise Http404("There is no such play in this game's log.")
        line = board.lines[seq - 1]
        form = CorrectionForm(
            initial={**position, "play": json.dumps(line.payload)}, deleting=deleting
        )
        return _form_page(request, game, board, seq, form, deleting=deleting)
    form = CorrectionForm(request.POST, deleting=deleting)
    if not form.is_valid():
        return _form_page(request, game, board, seq, form, deleting=deleting, status=400)
    data = form.cleaned_data
    play = None
    if not deleting:
        play = data["play"]
        if play is None:
            try:
                play = screens.read_play(game.kind, request.POST, board.state)
            except InvalidPlay as exc:
                error = str(exc)[:1].upper() + str(exc)[1:]
                return _form_page(
                    request, game, board, seq, form, deleting=deleting, error=error, status=400
                )
    try:
        corrections.play_correct(
            game=game,
            seq=seq,
            after=play,
            reason=data["reason"],
            user=request.user,
            expected=data["expected"],
            after_play=data["after"],
            revision=data["revision"],
        )
    except corrections.CorrectionConflict as exc:
        posted = request.POST.copy()  # a QueryDict still: the controls read lists from it
        for name, value in position.items():
            posted[name] = str(value)
        fresh = CorrectionForm(posted, deleting=deleting)
        return _form_page(
            request, game, board, seq, fresh, deleting=deleting, error=str(exc), status=409
        )
    except corrections.CorrectionRefused as exc:
        return _form_page(
            request, game, board, seq, form, deleting=deleting, error=str(exc), status=422
        )
    done = "deleted" if deleting else "corrected"
    messages.success(request, f"Play {seq} {done}. The correction is kept in the game's log.")
    return redirect("games:detail", pk=game.pk)


def _form_page(
    request: HttpRequest,
    game: Game,
    board,
    seq: int,
    form: CorrectionForm,
    *,
    deleting: bool,
    error: str = "",
    status: int = 200,
) -> HttpResponse:
    line = board.lines[seq - 1] if 1 <= seq <= len(board.lines) else None
    context = {
        "game": game,
        "seq": seq,
        "line": line,
        "form": form,
        "deleting": deleting,
        "error": error,
        "open": corrections.is_open_for_correction(game=game),
        "can_reopen": game.is_final
        and corrections.is_organiser(game=game, user=request.user)
        and not corrections.is_reopened(game=game),
    }
    if line is not None and not deleting and context["open"]:
        context.update(_controls(request, game, board, seq, line, form))
    return render(request, "games/corrections/form.html", context, status=status)


def _controls(request: HttpRequest, game: Game, board, seq: int, line, form) -> dict:
    """The game's scoring controls as they stood before play ``seq``, with the play chosen:
    the one posted (a refused correction) or the one recorded. When the controls cannot draw
    that play (a refresh, a fielder's placing, a declaration, …) only the JSON form is shown."""
    if form.is_bound and not form.data.get("play"):
        selection = screens.selection(game.kind, form.data)
    else:
        selection = screens.play_selection(game.kind, line.payload)
    if selection is None:
        return {"controls": False}
    before = board_before(board, seq)
    carried = getattr(screens.screen(game.kind), "CARRIED", ())
    return {
        "controls": True,
        "board": before,
        "screen": screens.context(before, selection),
        "selection": selection,
        "correcting": {
            "url": request.path,
            "position": {name: form[name].value() for name in ("expected", "after", "revision")},
            "reason": form["reason"].value() or "",
            "carried": [(name, value) for name in carried for value in selection[name]],
        },
    }


@require_GET
def correction_list(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=pk)
    context = {
        "game": game,
        "corrections": corrections.game_corrections(game=game),
        "reopenings": list(game.reopenings.select_related("opened_by", "closed_by")),
    }
    return render(request, "games/corrections/list.html", context)


@require_POST
def game_reopen(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=pk)
    try:
        corrections.game_reopen(game=game, user=request.user)
    except corrections.CorrectionRefused as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, "The game is open for correction by its scorers and organisers.")
    return redirect("games:detail", pk=game.pk)


@require_POST
def game_close(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=pk)
    try:
        corrections.game_close(game=game, user=request.user)
    except corrections.CorrectionRefused as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, "Corrections are closed: the game is final again.")
    return redirect("games:detail", pk=game.pk)
