"""A league's teams (or players): add, rename, remove; each comes back to the league's page."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_http_methods, require_POST

from games.leagues import services as leagues
from games.leagues.forms import TeamForm
from games.leagues.views.common import (
    Done,
    confirm_delete,
    league_url,
    organiser_required,
    refused,
    submit,
)
from games.leagues.views.leagues import league_page
from games.models import League, Team


@require_POST
@organiser_required
def team_add(request: HttpRequest, league: League) -> HttpResponse:
    return submit(
        request,
        lambda data: leagues.team_create(league=league, user=request.user, **data),
        form=TeamForm(request.POST),
        error_field="name",
        done=lambda team: Done(f"{team.name} added.", league_url(league)),
        failed=lambda form: league_page(request, league, status=400, team_form=form),
    )


@require_POST
@organiser_required
def team_edit(request: HttpRequest, league: League, team: str) -> HttpResponse:
    """Rename a team from its row of the league's page; a refusal comes back as a message."""
    found = get_object_or_404(Team, league=league, slug=team)
    old = found.name
    return submit(
        request,
        lambda data: leagues.team_rename(team=found, user=request.user, **data),
        form=TeamForm(request.POST),
        done=lambda _: Done(f"{old} is now called {found.name}.", league_url(league)),
        failed=lambda form: refused(
            request,
            " ".join(form.non_field_errors()) or "Give the team a name.",
            league_url(league),
        ),
    )


@require_http_methods(["GET", "POST"])
@organiser_required
def team_delete(request: HttpRequest, league: League, team: str) -> HttpResponse:
    found = get_object_or_404(Team, league=league, slug=team)
    return confirm_delete(
        request,
        league,
        refusal=leagues.team_delete_refusal(team=found),
        delete=lambda: leagues.team_delete(team=found, user=request.user),
        done=f"{found.name} removed.",
        question=f"Remove the {league.entrant} {found.name} from {league.name}?",
        consequence=f"{found.name} leaves the league; it is on no fixture list yet.",
        button=f"Remove {found.name}",
        row=f"team-{found.pk}",
        back=league_url(league),
    )
