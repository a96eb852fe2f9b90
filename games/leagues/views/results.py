"""What counts, from the season's page: void a league game or count it again, record a
fixture as abandoned or no result or undo that. Each comes back to the season's fixture list
with a message (a refusal as an error message)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from games.leagues import services as leagues
from games.leagues.forms import NoResultForm, VoidForm
from games.leagues.views.common import (
    Done,
    form_errors,
    organiser_required,
    refused,
    season_url,
    submit,
)
from games.leagues.views.fixtures import fixture_of
from games.models import Game, League


def _league_game(league: League, pk: int) -> Game:
    return get_object_or_404(
        Game.objects.select_related("season__league"), pk=pk, season__league=league
    )


@require_POST
@organiser_required
def game_void(request: HttpRequest, league: League, pk: int) -> HttpResponse:
    game = _league_game(league, pk)
    back = season_url(league, game.season.slug)
    return submit(
        request,
        lambda data: leagues.game_void(game=game, user=request.user, reason=data["reason"]),
        form=VoidForm(request.POST),
        error_field="reason",
        done=lambda _: Done(f"Game {game.pk} voided: it no longer counts.", back),
        failed=lambda form: refused(
            request, " ".join(form.errors.get("reason", ["Give the reason."])), back
        ),
    )


@require_POST
@organiser_required
def game_unvoid(request: HttpRequest, league: League, pk: int) -> HttpResponse:
    game = _league_game(league, pk)
    leagues.game_unvoid(game=game, user=request.user)
    messages.success(request, f"Game {game.pk} counts again.")
    return redirect(season_url(league, game.season.slug))


@require_POST
@organiser_required
def fixture_no_result(request: HttpRequest, league: League, season: str, pk: int) -> HttpResponse:
    fixture = fixture_of(league, season, pk)
    back = f"{season_url(league, season)}#fixture-{fixture.pk}"
    return submit(
        request,
        lambda data: leagues.fixture_mark_no_result(fixture=fixture, user=request.user, **data),
        form=NoResultForm(request.POST),
        done=lambda _: Done(
            f"{fixture}: {fixture.get_outcome_display()}, counted as played.", back
        ),
        failed=lambda form: refused(request, form_errors(form), back),
    )


@require_POST
@organiser_required
def fixture_undo_no_result(
    request: HttpRequest, league: League, season: str, pk: int
) -> HttpResponse:
    fixture = fixture_of(league, season, pk)
    back = f"{season_url(league, season)}#fixture-{fixture.pk}"
    return submit(
        request,
        lambda _: leagues.fixture_clear_no_result(fixture=fixture, user=request.user),
        done=lambda _: Done(f"{fixture}: no longer recorded as a no result.", back),
        failed=lambda _: redirect(back),
    )
