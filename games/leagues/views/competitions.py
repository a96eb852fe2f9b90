"""A season's competitions: a cup, playoffs or a group stage (added from the season's page,
which shows the form again when the draw is refused), and a competition's page with its
bracket and walkovers."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from games.leagues import services as leagues
from games.leagues.cups import selectors as cup_selectors
from games.leagues.cups import services as cups
from games.leagues.forms import (
    CupForm,
    GroupsForm,
    PlayoffsForm,
    ScheduleForm,
    VoidForm,
    WalkoverForm,
)
from games.leagues.views.common import (
    Done,
    competition_url,
    organiser_required,
    submit,
)
from games.leagues.views.seasons import season_of, season_page
from games.models import Competition, League, Tie


def _created(competition: Competition, what: str) -> Done:
    text = f"{competition.name} created: {what}."
    if competition.draw == Competition.RANDOM:
        text += f" Drawn at random with seed {competition.draw_seed}."
    return Done(text, competition_url(competition.season.league, competition))


def _draw_options(data: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": data["name"],
        "teams": data["entrants"],
        "draw_kind": data["draw"],
        "draw_seed": data["draw_seed"],
        "third_place": data["third_place"],
        "two_legs": data["two_legs"],
    }


@require_POST
@organiser_required
def cup_add(request: HttpRequest, league: League, season: str) -> HttpResponse:
    found = season_of(league, season)
    return submit(
        request,
        lambda data: cups.cup_create(season=found, user=request.user, **_draw_options(data)),
        form=CupForm(request.POST, league=league),
        errors=cups.CupError,
        done=lambda cup: _created(cup, "the bracket is drawn"),
        failed=lambda form: season_page(request, found, status=400, cup_form=form),
    )


@require_POST
@organiser_required
def playoffs_add(request: HttpRequest, league: League, season: str) -> HttpResponse:
    found = season_of(league, season)
    return submit(
        request,
        lambda data: cups.playoffs_create(season=found, user=request.user, **data),
        form=PlayoffsForm(request.POST),
        errors=cups.CupError,
        done=lambda cup: _created(cup, "seeded from the standings"),
        failed=lambda form: season_page(request, found, status=400, playoffs_form=form),
    )


@require_POST
@organiser_required
def groups_add(request: HttpRequest, league: League, season: str) -> HttpResponse:
    found = season_of(league, season)
    return submit(
        request,
        lambda data: cups.groups_create(
            season=found,
            user=request.user,
            groups=data["groups"],
            per_group=data["per_group"],
            **_draw_options(data),
        ),
        form=GroupsForm(request.POST, league=league),
        errors=cups.CupError,
        done=lambda competition: _created(competition, "the groups' fixtures are on the list"),
        failed=lambda form: season_page(request, found, status=400, groups_form=form),
    )


def _competition(league: League, season: str, slug: str) -> Competition:
    return get_object_or_404(
        Competition.objects.select_related("season__league"),
        season__league=league,
        season__slug=season,
        slug=slug,
    )


@require_GET
@organiser_required
def manage_competition(
    request: HttpRequest, league: League, season: str, competition: str
) -> HttpResponse:
    return competition_page(request, _competition(league, season, competition))


def competition_page(
    request: HttpRequest,
    competition: Competition,
    *,
    status: int = 200,
    walkover_form: WalkoverForm | None = None,
    walkover_tie: int | None = None,
    schedule_form: ScheduleForm | None = None,
    schedule_fixture: int | None = None,
) -> HttpResponse:
    """The competition's page; a walkover's or a fixture's date form sent back with errors is
    shown open, under its tie or fixture."""
    season = competition.season
    context = {
        "schedule_form": schedule_form,
        "schedule_fixture": schedule_fixture,
        "league": season.league,
        "season": season,
        "competition": competition,
        "bracket": cup_selectors.bracket(competition),
        "walkover_form": walkover_form,
        "walkover_tie": walkover_tie,
        "void_form": VoidForm(),
        "scorer_of": leagues.games_scored_by(season=season, user=request.user),
    }
    return render(request, "games/manage/competition.html", context, status=status)


def _tie(league: League, season: str, competition: str, pk: int) -> Tie:
    return get_object_or_404(
        Tie.objects.select_related("competition__season__league"),
        pk=pk,
        competition__season__league=league,
        competition__season__slug=season,
        competition__slug=competition,
    )


@require_POST
@organiser_required
def tie_walkover(
    request: HttpRequest, league: League, season: str, competition: str, pk: int
) -> HttpResponse:
    tie = _tie(league, season, competition, pk)
    form = WalkoverForm(request.POST, league=league)
    return submit(
        request,
        lambda data: cups.tie_walkover(
            tie=tie, user=request.user, team=data["team"], reason=data["reason"]
        ),
        form=form,
        errors=cups.CupError,
        done=lambda _: Done(
            f"{form.cleaned_data['team'].name} go through by walkover.",
            competition_url(league, tie.competition),
        ),
        failed=lambda form: competition_page(
            request, tie.competition, status=400, walkover_form=form, walkover_tie=tie.pk
        ),
    )


@require_POST
@organiser_required
def tie_walkover_undo(
    request: HttpRequest, league: League, season: str, competition: str, pk: int
) -> HttpResponse:
    tie = _tie(league, season, competition, pk)
    back = competition_url(league, tie.competition)
    return submit(
        request,
        lambda _: cups.tie_walkover_undo(tie=tie, user=request.user),
        errors=cups.CupError,
        done=lambda _: Done("Walkover taken back: the tie is open again.", back),
        failed=lambda _: redirect(back),
    )
