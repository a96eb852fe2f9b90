"""A league's seasons: adding one (from the league's page), and a season's page, its fixture
list with the forms of the fixtures and competitions (``fixtures``, ``results`` and
``competitions`` post them)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET, require_POST

from games.engines import get
from games.leagues import services as leagues
from games.leagues.cups import selectors as cup_selectors
from games.leagues.forms import (
    CupForm,
    FixtureForm,
    GroupsForm,
    NoResultForm,
    PlayoffsForm,
    RoundRobinForm,
    SeasonForm,
    VoidForm,
)
from games.leagues.views.common import Done, organiser_required, season_url, submit
from games.leagues.views.leagues import league_page
from games.models import League, Season


@require_POST
@organiser_required
def season_add(request: HttpRequest, league: League) -> HttpResponse:
    return submit(
        request,
        lambda data: leagues.season_create(league=league, user=request.user, **data),
        form=SeasonForm(request.POST),
        error_field="name",
        done=lambda season: Done(
            f"Season {season.name} added: now make its fixture list.",
            season_url(league, season.slug),
        ),
        failed=lambda form: league_page(request, league, status=400, season_form=form),
    )


@require_GET
@organiser_required
def manage_season(request: HttpRequest, league: League, season: str) -> HttpResponse:
    return season_page(request, get_object_or_404(Season, league=league, slug=season))


def season_page(
    request: HttpRequest, season: Season, *, status: int = 200, **forms: Any
) -> HttpResponse:
    """The season's page; ``forms`` replace its empty forms (one sent back with errors)."""
    league = season.league
    context = {
        "league": league,
        "season": season,
        "two_sided": len(get(league.kind).default_sides) > 1,
        "fixtures": leagues.season_fixture_list(season=season),
        "friendlies": leagues.season_friendlies(season=season),
        "fixture_form": forms.get("fixture_form") or FixtureForm(league=league),
        "round_robin_form": forms.get("round_robin_form")
        or RoundRobinForm(initial={"first_date": season.starts_on}),
        "void_form": VoidForm(),
        "no_result_form": NoResultForm(),
        "schedule_form": forms.get("schedule_form"),
        "schedule_fixture": forms.get("schedule_fixture"),
        "scorer_of": leagues.games_scored_by(season=season, user=request.user),
        "competitions": cup_selectors.season_competitions(season=season),
        "cup_form": forms.get("cup_form") or CupForm(league=league),
        "playoffs_form": forms.get("playoffs_form") or PlayoffsForm(),
        "groups_form": forms.get("groups_form") or GroupsForm(league=league),
    }
    # The competition forms share field names (name, entrants, draw...), and the fixture and
    # round robin forms a start time: each gets ids of its own, or labels would point at
    # another form's fields.
    for key in ("cup_form", "playoffs_form", "groups_form", "round_robin_form"):
        context[key].auto_id = key.removesuffix("_form") + "-%s"
    return render(request, "games/manage/season.html", context, status=status)


def season_of(league: League, slug: str) -> Season:
    """The league's season ``slug`` (404 when it has none)."""
    return get_object_or_404(Season.objects.select_related("league"), league=league, slug=slug)
