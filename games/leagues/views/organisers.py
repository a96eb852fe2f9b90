"""A league's organisers: give a user the rights, or take them away (asked first); each
comes back to the league's page."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_http_methods, require_POST

from games.leagues import services as leagues
from games.leagues.forms import OrganiserForm
from games.leagues.views.common import (
    Done,
    confirm_delete,
    league_url,
    organiser_required,
    submit,
)
from games.leagues.views.leagues import league_page
from games.models import League


@require_POST
@organiser_required
def organiser_add(request: HttpRequest, league: League) -> HttpResponse:
    return submit(
        request,
        lambda data: leagues.organiser_grant(
            league=league, username=data["username"], user=request.user
        ),
        form=OrganiserForm(request.POST),
        error_field="username",
        done=lambda added: Done(
            f"{added.get_username()} can now manage {league.name}.", league_url(league)
        ),
        failed=lambda form: league_page(request, league, status=400, organiser_form=form),
    )


@require_http_methods(["GET", "POST"])
@organiser_required
def organiser_remove(request: HttpRequest, league: League, user_id: int) -> HttpResponse:
    organiser = get_object_or_404(get_user_model(), pk=user_id)
    name = organiser.get_username()
    return confirm_delete(
        request,
        league,
        refusal=leagues.organiser_revoke_refusal(
            league=league, organiser=organiser, user=request.user
        ),
        delete=lambda: leagues.organiser_revoke(
            league=league, organiser=organiser, user=request.user
        ),
        done=f"{name} no longer manages {league.name}.",
        question=f"Take away {name}'s organiser rights over {league.name}?",
        consequence=f"{name} can no longer manage this league; their games stay as they are.",
        button=f"Remove {name}",
        row=f"organiser-{organiser.pk}",
        back=league_url(league),
    )
