"""The organiser's leagues (and, for staff, a new one), and one league's page with its
settings; the forms for its seasons, teams and organisers post to their own modules and come
back to this page."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.engines import all_engines
from games.kinds.catalogue_forms import has_catalogue
from games.leagues import services as leagues
from games.leagues.forms import LeagueForm, OrganiserForm, SeasonForm, TeamForm
from games.leagues.views.common import Done, league_url, organiser_required, submit
from games.models import League


@login_required
@require_http_methods(["GET", "POST"])
def manage_leagues(request: HttpRequest) -> HttpResponse:
    if not leagues.is_any_organiser(request.user):
        raise PermissionDenied("Only league organisers can manage leagues.")
    can_create = leagues.can_create_leagues(request.user)
    kind = request.POST.get("kind") or request.GET.get("kind") or all_engines()[0].id
    if kind not in {engine.id for engine in all_engines()}:
        kind = all_engines()[0].id
    form = LeagueForm(request.POST if request.method == "POST" else None, kind=kind)

    def page(form: LeagueForm, status: int) -> HttpResponse:
        context = {
            "leagues": leagues.leagues_managed_by(user=request.user),
            "can_create": can_create,
            "form": form,
            "engines": all_engines(),
            "kind": kind,
        }
        template = "games/manage/leagues.html"
        if request.htmx and request.method == "GET":
            template += "#new-league"
        return render(request, template, context, status=status)

    if request.method != "POST":
        return page(form, 200)
    if not can_create:
        raise PermissionDenied("Only staff can create leagues.")
    return submit(
        request,
        lambda data: leagues.league_create(
            name=data["name"],
            kind=kind,
            options=form.league_options(),
            points=form.points(),
            user=request.user,
        ),
        form=form,
        done=lambda league: Done(
            f"{league.name} created: add its teams and a season.", league_url(league)
        ),
        failed=lambda form: page(form, 400),
    )


@require_GET
@organiser_required
def manage_league(request: HttpRequest, league: League) -> HttpResponse:
    return league_page(request, league)


def league_page(
    request: HttpRequest, league: League, *, status: int = 200, **forms: Any
) -> HttpResponse:
    """The league's page; ``forms`` replace its empty forms (one sent back with errors)."""
    context = {
        "league": league,
        "seasons": leagues.league_seasons(league=league),
        "teams": league.teams.all(),
        "organisers": league.organisers.order_by("username"),
        "league_form": forms.get("league_form") or LeagueForm(kind=league.kind, league=league),
        "season_form": forms.get("season_form") or SeasonForm(),
        "team_form": forms.get("team_form") or TeamForm(),
        "organiser_form": forms.get("organiser_form") or OrganiserForm(),
        "has_cards": has_catalogue(league.kind),
    }
    return render(request, "games/manage/league.html", context, status=status)


@require_POST
@organiser_required
def league_edit(request: HttpRequest, league: League) -> HttpResponse:
    form = LeagueForm(request.POST, kind=league.kind, league=league)

    def failed(form: LeagueForm) -> HttpResponse:
        league.refresh_from_db()
        return league_page(request, league, status=400, league_form=form)

    return submit(
        request,
        lambda data: leagues.league_update(
            league=league,
            user=request.user,
            name=data["name"],
            options=form.league_options(),
            points=form.points(),
        ),
        form=form,
        done=lambda _: Done("Settings saved; new games use them.", league_url(league)),
        failed=failed,
    )
