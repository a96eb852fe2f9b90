"""A season's fixture list: add a fixture or a round robin, start a fixture's game, remove a
fixture (asked first), and set its date and start time."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_http_methods, require_POST

from games.engines import EngineError
from games.leagues import services as leagues
from games.leagues.cups import services as cups
from games.leagues.forms import FixtureForm, RoundRobinForm, ScheduleForm
from games.leagues.views.common import (
    Done,
    competition_url,
    confirm_delete,
    form_errors,
    organiser_required,
    season_url,
    submit,
)
from games.leagues.views.competitions import competition_page
from games.leagues.views.seasons import season_of, season_page
from games.models import Fixture, League


def fixture_of(league: League, season: str, pk: int) -> Fixture:
    """The fixture ``pk`` of the league's season ``season`` (404 when it has none)."""
    return get_object_or_404(
        Fixture.objects.select_related("season__league", "away", "home"),
        pk=pk,
        season__league=league,
        season__slug=season,
    )


@require_POST
@organiser_required
def fixture_add(request: HttpRequest, league: League, season: str) -> HttpResponse:
    found = season_of(league, season)
    return submit(
        request,
        lambda data: leagues.fixture_create(
            season=found,
            user=request.user,
            away=data["away"],
            home=data.get("home"),
            scheduled_on=data["scheduled_on"],
            scheduled_time=data["scheduled_time"],
        ),
        form=FixtureForm(request.POST, league=league),
        done=lambda fixture: Done(f"Fixture added: {fixture}.", season_url(league, found.slug)),
        failed=lambda form: season_page(request, found, status=400, fixture_form=form),
    )


@require_POST
@organiser_required
def round_robin(request: HttpRequest, league: League, season: str) -> HttpResponse:
    found = season_of(league, season)
    back = season_url(league, found.slug)

    def done(added: list[Fixture]) -> Done:
        if added:
            return Done(f"{len(added)} fixtures added.", back)
        return Done("The fixture list already has those meetings.", back, messages.INFO)

    return submit(
        request,
        lambda data: leagues.round_robin(season=found, user=request.user, **data),
        form=RoundRobinForm(request.POST),
        done=done,
        failed=lambda form: season_page(request, found, status=400, round_robin_form=form),
    )


@require_POST
@organiser_required
def fixture_start(request: HttpRequest, league: League, season: str, pk: int) -> HttpResponse:
    fixture = fixture_of(league, season, pk)
    try:
        # A cup fixture waits for its tie's sides; a league fixture starts as before.
        game = cups.tie_start(fixture=fixture, user=request.user)
    except (EngineError, leagues.LeagueError) as exc:
        # e.g. the league's options no longer suit its game: say so, start nothing.
        messages.error(request, f"The game could not start: {exc}")
        if fixture.competition is not None:
            return redirect(competition_url(league, fixture.competition))
        return redirect(season_url(league, season))
    if game.is_scorer(request.user):
        return redirect("games:score", pk=game.pk)
    return redirect(game)


@require_http_methods(["GET", "POST"])
@organiser_required
def fixture_delete(request: HttpRequest, league: League, season: str, pk: int) -> HttpResponse:
    fixture = fixture_of(league, season, pk)
    day = fixture.scheduled_on
    when = f" on {day:%a} {day.day} {day:%b %Y}" if day else ""
    return confirm_delete(
        request,
        league,
        refusal=leagues.fixture_delete_refusal(fixture=fixture),
        delete=lambda: leagues.fixture_delete(fixture=fixture, user=request.user),
        done=f"Fixture removed: {fixture}.",
        question=f"Remove the fixture {fixture}{when}?",
        consequence="It leaves the fixture list of "
        f"{league.name} {fixture.season.name}; no game has been played for it.",
        button="Remove the fixture",
        row=f"fixture-{fixture.pk}",
        back=season_url(league, season),
    )


@require_POST
@organiser_required
def fixture_schedule(request: HttpRequest, league: League, season: str, pk: int) -> HttpResponse:
    """Set, move or clear a fixture's date and local start time. Back to the page the fixture
    is listed on (a cup's or group's fixture: its competition's page, when ``from`` says so);
    a refusal shows that page again with the reason, the fixture's form kept open with what
    was sent (status 400)."""
    fixture = fixture_of(league, season, pk)

    def done(moved: Fixture) -> Done:
        back = _schedule_back(request, league, moved)
        return Done(f"{moved}: {_when_text(moved)}.", f"{back}#fixture-{moved.pk}")

    def failed(form: ScheduleForm) -> HttpResponse:
        messages.error(request, f"{fixture}: {form_errors(form)}")
        if fixture.competition is not None and request.POST.get("from") == "competition":
            return competition_page(
                request,
                fixture.competition,
                status=400,
                schedule_form=form,
                schedule_fixture=fixture.pk,
            )
        return season_page(
            request, fixture.season, status=400, schedule_form=form, schedule_fixture=fixture.pk
        )

    return submit(
        request,
        lambda data: leagues.fixture_schedule(fixture=fixture, user=request.user, **data),
        form=ScheduleForm(request.POST),
        done=done,
        failed=failed,
    )


def _schedule_back(request: HttpRequest, league: League, fixture: Fixture) -> str:
    if fixture.competition is not None and request.POST.get("from") == "competition":
        return competition_url(league, fixture.competition)
    return season_url(league, fixture.season.slug)


def _when_text(fixture: Fixture) -> str:
    day, start = fixture.scheduled_on, fixture.scheduled_time
    if day is None:
        return "no date now"
    text = f"on {day:%a} {day.day} {day:%b %Y}"
    return f"{text} at {start:%H:%M}" if start else text
