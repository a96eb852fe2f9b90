"""What every organisers' page shares: who may open it (``organiser_required``), the one way
a form is sent to a service (``submit``), the confirmation before a removal
(``confirm_delete``), and the addresses pages send the organiser back to."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any, TypeVar

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from games.leagues import services as leagues
from games.models import Competition, League

LeagueView = Callable[..., HttpResponse]
T = TypeVar("T")
Errors = type[Exception] | tuple[type[Exception], ...]


def organiser_required(view: LeagueView) -> LeagueView:
    """Load the league named by ``league`` in the URL; only its organisers get further."""

    @login_required
    @wraps(view)
    def wrapped(request: HttpRequest, league: str, **kwargs: Any) -> HttpResponse:
        found = get_object_or_404(League, slug=league)
        leagues.require_organiser(league=found, user=request.user)
        return view(request, found, **kwargs)

    return wrapped


@dataclass(frozen=True)
class Done:
    """What a write that worked says (``level``: a ``messages`` level), and where to go next."""

    message: str
    to: str
    level: int = messages.SUCCESS


def submit(
    request: HttpRequest,
    write: Callable[[dict[str, Any]], T],
    *,
    done: Callable[[T], Done],
    failed: Callable[[Any], HttpResponse],
    form: forms.Form | None = None,
    error_field: str | None = None,
    errors: Errors = leagues.LeagueError,
) -> HttpResponse:
    """Send what was posted to a service, and answer as every organisers' page does.

    With ``form``: when it is not valid, ``failed(form)``; else ``write(form.cleaned_data)``.
    Without one, ``write({})``. When the service refuses (raises one of ``errors``), its
    reason goes on the form (on ``error_field``, or the whole form), or, without a form, into
    the messages, and the answer is ``failed(form)``. When it works, ``done(result)`` gives
    the message and the address to redirect to.
    """
    if form is not None and not form.is_valid():
        return failed(form)
    try:
        result = write(form.cleaned_data if form is not None else {})
    except errors as exc:
        if form is None:
            messages.error(request, str(exc))
        else:
            form.add_error(error_field, str(exc))
        return failed(form)
    outcome = done(result)
    messages.add_message(request, outcome.level, outcome.message)
    return redirect(outcome.to)


def refused(request: HttpRequest, reason: str, to: str) -> HttpResponse:
    """Back to ``to`` with ``reason`` as an error message (forms whose page is elsewhere)."""
    messages.error(request, reason)
    return redirect(to)


def form_errors(form: forms.Form) -> str:
    """Every error of ``form``, in one sentence."""
    return " ".join(error for field_errors in form.errors.values() for error in field_errors)


def league_url(league: League) -> str:
    return reverse("games:manage-league", kwargs={"league": league.slug})


def season_url(league: League, season: str) -> str:
    """The season's fixture list (``season``: its slug)."""
    return reverse("games:manage-season", kwargs={"league": league.slug, "season": season})


def competition_url(league: League, competition: Competition) -> str:
    return reverse(
        "games:manage-competition",
        kwargs={
            "league": league.slug,
            "season": competition.season.slug,
            "competition": competition.slug,
        },
    )


def confirm_delete(
    request: HttpRequest,
    league: League,
    *,
    refusal: str,
    delete: Callable[[], None],
    done: str,
    question: str,
    consequence: str,
    button: str,
    row: str,
    back: str,
) -> HttpResponse:
    """Every removal on the organisers' pages asks first.

    A GET (or a POST without ``confirm=1``) answers with a confirmation naming what goes, with
    "Remove" (a POST with ``confirm=1``) and "Keep" (back to the page): a whole page, or, for
    htmx, the box alone, swapped into the list row ``row``. Only the confirmed POST removes.
    When the removal is refused anyway (e.g. the fixture's game has started), the page says
    why and nothing is asked.
    """
    if refusal:
        return refused(request, refusal, f"{back}#{row}")
    if request.method == "POST" and request.POST.get("confirm") == "1":
        return submit(
            request,
            lambda _: delete(),
            done=lambda _: Done(done, back),
            failed=lambda _: redirect(back),
        )
    context = {
        "league": league,
        "question": question,
        "consequence": consequence,
        "button": button,
        "row": row,
        "back": back,
        "inline": bool(request.htmx),
    }
    template = "games/manage/confirm_delete.html"
    if request.htmx:
        template += "#confirm"
    return render(request, template, context)
