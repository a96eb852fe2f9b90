"""The organisers' pages: their leagues, one league (settings, seasons, teams, organisers) and
one season's fixture list (add, round robin, schedule, start, void, no result).

Only a league's organisers (staff, or users given the rights) open these pages; anyone else
signed in gets 403, and a visitor is sent to log in. Every form posts to its own address and
comes back to its page: with a message when it worked, or the page again with the form's
errors (status 400) when it did not, nothing changed. A removal (a fixture, a team, an
organiser's rights) asks first: its address answers a GET, or a POST without ``confirm=1``,
with a confirmation naming what goes; only the confirmed POST removes.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.engines import EngineError, all_engines, get
from games.leagues import services as leagues
from games.leagues.cups import selectors as cup_selectors
from games.leagues.cups import services as cups
from games.leagues.forms import (
    CupForm,
    FixtureForm,
    GroupsForm,
    LeagueForm,
    NoResultForm,
    OrganiserForm,
    PlayoffsForm,
    RoundRobinForm,
    ScheduleForm,
    SeasonForm,
    TeamForm,
    VoidForm,
    WalkoverForm,
)
from games.models import Competition, Fixture, Game, League, Season, Team, Tie

LeagueView = Callable[..., HttpResponse]


def organiser_required(view: LeagueView) -> LeagueView:
    """Load the league named by ``league`` in the URL; only its organisers get further."""

    @login_required
    @wraps(view)
    def wrapped(request: HttpRequest, league: str, **kwargs: Any) -> HttpResponse:
        found = get_object_or_404(League, slug=league)
        leagues.require_organiser(league=found, user=request.user)
        return view(request, found, **kwargs)

    return wrapped


# The organiser's leagues


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
    if request.method == "POST":
        if not can_create:
            raise PermissionDenied("Only staff can create leagues.")
        if form.is_valid():
            try:
                league = leagues.league_create(
                    name=form.cleaned_data["name"],
                    kind=kind,
                    options=form.league_options(),
                    points=form.points(),
                    user=request.user,
                )
            except leagues.LeagueError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, f"{league.name} created: add its teams and a season.")
                return redirect("games:manage-league", league=league.slug)
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
    status = 400 if request.method == "POST" else 200
    return render(request, template, context, status=status)


# One league


@require_GET
@organiser_required
def manage_league(request: HttpRequest, league: League) -> HttpResponse:
    return _league_page(request, league)


def _league_page(
    request: HttpRequest, league: League, *, status: int = 200, **forms: Any
) -> HttpResponse:
    context = {
        "league": league,
        "seasons": leagues.league_seasons(league=league),
        "teams": league.teams.all(),
        "organisers": league.organisers.order_by("username"),
        "league_form": forms.get("league_form") or LeagueForm(kind=league.kind, league=league),
        "season_form": forms.get("season_form") or SeasonForm(),
        "team_form": forms.get("team_form") or TeamForm(),
        "organiser_form": forms.get("organiser_form") or OrganiserForm(),
    }
    return render(request, "games/manage/league.html", context, status=status)


@require_POST
@organiser_required
def league_edit(request: HttpRequest, league: League) -> HttpResponse:
    form = LeagueForm(request.POST, kind=league.kind, league=league)
    if form.is_valid():
        try:
            leagues.league_update(
                league=league,
                user=request.user,
                name=form.cleaned_data["name"],
                options=form.league_options(),
                points=form.points(),
            )
        except leagues.LeagueError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, "Settings saved; new games use them.")
            return redirect("games:manage-league", league=league.slug)
    league.refresh_from_db()
    return _league_page(request, league, status=400, league_form=form)


@require_POST
@organiser_required
def season_add(request: HttpRequest, league: League) -> HttpResponse:
    form = SeasonForm(request.POST)
    if form.is_valid():
        try:
            season = leagues.season_create(league=league, user=request.user, **form.cleaned_data)
        except leagues.LeagueError as exc:
            form.add_error("name", str(exc))
        else:
            messages.success(request, f"Season {season.name} added: now make its fixture list.")
            return redirect("games:manage-season", league=league.slug, season=season.slug)
    return _league_page(request, league, status=400, season_form=form)


@require_POST
@organiser_required
def team_add(request: HttpRequest, league: League) -> HttpResponse:
    form = TeamForm(request.POST)
    if form.is_valid():
        try:
            team = leagues.team_create(league=league, user=request.user, **form.cleaned_data)
        except leagues.LeagueError as exc:
            form.add_error("name", str(exc))
        else:
            messages.success(request, f"{team.name} added.")
            return redirect("games:manage-league", league=league.slug)
    return _league_page(request, league, status=400, team_form=form)


@require_POST
@organiser_required
def team_edit(request: HttpRequest, league: League, team: str) -> HttpResponse:
    found = get_object_or_404(Team, league=league, slug=team)
    form = TeamForm(request.POST)
    error = "Give the team a name."
    if form.is_valid():
        old = found.name
        try:
            leagues.team_rename(team=found, user=request.user, **form.cleaned_data)
        except leagues.LeagueError as exc:
            error = str(exc)
        else:
            messages.success(request, f"{old} is now called {found.name}.")
            return redirect("games:manage-league", league=league.slug)
    messages.error(request, error)
    return redirect("games:manage-league", league=league.slug)


@require_http_methods(["GET", "POST"])
@organiser_required
def team_delete(request: HttpRequest, league: League, team: str) -> HttpResponse:
    found = get_object_or_404(Team, league=league, slug=team)
    return _confirm_delete(
        request,
        league,
        refusal=leagues.team_delete_refusal(team=found),
        delete=lambda: leagues.team_delete(team=found, user=request.user),
        done=f"{found.name} removed.",
        question=f"Remove the {league.entrant} {found.name} from {league.name}?",
        consequence=f"{found.name} leaves the league; it is on no fixture list yet.",
        button=f"Remove {found.name}",
        row=f"team-{found.pk}",
        back=_manage_league_url(league),
    )


@require_POST
@organiser_required
def organiser_add(request: HttpRequest, league: League) -> HttpResponse:
    form = OrganiserForm(request.POST)
    if form.is_valid():
        try:
            added = leagues.organiser_grant(
                league=league, username=form.cleaned_data["username"], user=request.user
            )
        except leagues.LeagueError as exc:
            form.add_error("username", str(exc))
        else:
            messages.success(request, f"{added.get_username()} can now manage {league.name}.")
            return redirect("games:manage-league", league=league.slug)
    return _league_page(request, league, status=400, organiser_form=form)


@require_http_methods(["GET", "POST"])
@organiser_required
def organiser_remove(request: HttpRequest, league: League, user_id: int) -> HttpResponse:
    organiser = get_object_or_404(get_user_model(), pk=user_id)
    name = organiser.get_username()
    return _confirm_delete(
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
        back=_manage_league_url(league),
    )


# One season's fixture list


@require_GET
@organiser_required
def manage_season(request: HttpRequest, league: League, season: str) -> HttpResponse:
    return _season_page(request, get_object_or_404(Season, league=league, slug=season))


def _season_page(
    request: HttpRequest, season: Season, *, status: int = 200, **forms: Any
) -> HttpResponse:
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


def _season(league: League, slug: str) -> Season:
    return get_object_or_404(Season.objects.select_related("league"), league=league, slug=slug)


@require_POST
@organiser_required
def fixture_add(request: HttpRequest, league: League, season: str) -> HttpResponse:
    found = _season(league, season)
    form = FixtureForm(request.POST, league=league)
    if form.is_valid():
        try:
            fixture = leagues.fixture_create(
                season=found,
                user=request.user,
                away=form.cleaned_data["away"],
                home=form.cleaned_data.get("home"),
                scheduled_on=form.cleaned_data["scheduled_on"],
                scheduled_time=form.cleaned_data["scheduled_time"],
            )
        except leagues.LeagueError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, f"Fixture added: {fixture}.")
            return redirect("games:manage-season", league=league.slug, season=found.slug)
    return _season_page(request, found, status=400, fixture_form=form)


@require_POST
@organiser_required
def round_robin(request: HttpRequest, league: League, season: str) -> HttpResponse:
    found = _season(league, season)
    form = RoundRobinForm(request.POST)
    if form.is_valid():
        try:
            added = leagues.round_robin(season=found, user=request.user, **form.cleaned_data)
        except leagues.LeagueError as exc:
            form.add_error(None, str(exc))
        else:
            if added:
                messages.success(request, f"{len(added)} fixtures added.")
            else:
                messages.info(request, "The fixture list already has those meetings.")
            return redirect("games:manage-season", league=league.slug, season=found.slug)
    return _season_page(request, found, status=400, round_robin_form=form)


def _fixture(league: League, season: str, pk: int) -> Fixture:
    return get_object_or_404(
        Fixture.objects.select_related("season__league", "away", "home"),
        pk=pk,
        season__league=league,
        season__slug=season,
    )


@require_POST
@organiser_required
def fixture_start(request: HttpRequest, league: League, season: str, pk: int) -> HttpResponse:
    fixture = _fixture(league, season, pk)
    try:
        # A cup fixture waits for its tie's sides; a league fixture starts as before.
        game = cups.tie_start(fixture=fixture, user=request.user)
    except (EngineError, leagues.LeagueError) as exc:
        # e.g. the league's options no longer suit its game: say so, start nothing.
        messages.error(request, f"The game could not start: {exc}")
        if fixture.competition is not None:
            return redirect(_competition_url(league, fixture.competition))
        return redirect("games:manage-season", league=league.slug, season=season)
    if game.is_scorer(request.user):
        return redirect("games:score", pk=game.pk)
    return redirect(game)


@require_http_methods(["GET", "POST"])
@organiser_required
def fixture_delete(request: HttpRequest, league: League, season: str, pk: int) -> HttpResponse:
    fixture = _fixture(league, season, pk)
    day = fixture.scheduled_on
    when = f" on {day:%a} {day.day} {day:%b %Y}" if day else ""
    return _confirm_delete(
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
        back=reverse("games:manage-season", kwargs={"league": league.slug, "season": season}),
    )


# Competitions: cups, playoffs, group stages, and a competition's page


def _created(request: HttpRequest, competition: Competition, what: str) -> HttpResponse:
    text = f"{competition.name} created: {what}."
    if competition.draw == Competition.RANDOM:
        text += f" Drawn at random with seed {competition.draw_seed}."
    messages.success(request, text)
    return redirect(_competition_url(competition.season.league, competition))


def _competition_url(league: League, competition: Competition) -> str:
    return reverse(
        "games:manage-competition",
        kwargs={
            "league": league.slug,
            "season": competition.season.slug,
            "competition": competition.slug,
        },
    )


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
    found = _season(league, season)
    form = CupForm(request.POST, league=league)
    if form.is_valid():
        try:
            cup = cups.cup_create(
                season=found, user=request.user, **_draw_options(form.cleaned_data)
            )
        except cups.CupError as exc:
            form.add_error(None, str(exc))
        else:
            return _created(request, cup, "the bracket is drawn")
    return _season_page(request, found, status=400, cup_form=form)


@require_POST
@organiser_required
def playoffs_add(request: HttpRequest, league: League, season: str) -> HttpResponse:
    found = _season(league, season)
    form = PlayoffsForm(request.POST)
    if form.is_valid():
        try:
            cup = cups.playoffs_create(season=found, user=request.user, **form.cleaned_data)
        except cups.CupError as exc:
            form.add_error(None, str(exc))
        else:
            return _created(request, cup, "seeded from the standings")
    return _season_page(request, found, status=400, playoffs_form=form)


@require_POST
@organiser_required
def groups_add(request: HttpRequest, league: League, season: str) -> HttpResponse:
    found = _season(league, season)
    form = GroupsForm(request.POST, league=league)
    if form.is_valid():
        data = form.cleaned_data
        try:
            competition = cups.groups_create(
                season=found,
                user=request.user,
                groups=data["groups"],
                per_group=data["per_group"],
                **_draw_options(data),
            )
        except cups.CupError as exc:
            form.add_error(None, str(exc))
        else:
            return _created(request, competition, "the groups' fixtures are on the list")
    return _season_page(request, found, status=400, groups_form=form)


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
    return _competition_page(request, _competition(league, season, competition))


def _competition_page(
    request: HttpRequest,
    competition: Competition,
    *,
    status: int = 200,
    walkover_form: WalkoverForm | None = None,
    walkover_tie: int | None = None,
    schedule_form: ScheduleForm | None = None,
    schedule_fixture: int | None = None,
) -> HttpResponse:
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
    if form.is_valid():
        try:
            cups.tie_walkover(
                tie=tie,
                user=request.user,
                team=form.cleaned_data["team"],
                reason=form.cleaned_data["reason"],
            )
        except cups.CupError as exc:
            form.add_error(None, str(exc))
        else:
            team = form.cleaned_data["team"]
            messages.success(request, f"{team.name} go through by walkover.")
            return redirect(_competition_url(league, tie.competition))
    return _competition_page(
        request, tie.competition, status=400, walkover_form=form, walkover_tie=tie.pk
    )


@require_POST
@organiser_required
def tie_walkover_undo(
    request: HttpRequest, league: League, season: str, competition: str, pk: int
) -> HttpResponse:
    tie = _tie(league, season, competition, pk)
    try:
        cups.tie_walkover_undo(tie=tie, user=request.user)
    except cups.CupError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, "Walkover taken back: the tie is open again.")
    return redirect(_competition_url(league, tie.competition))


# Confirming a removal


def _manage_league_url(league: League) -> str:
    return reverse("games:manage-league", kwargs={"league": league.slug})


def _confirm_delete(
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
        messages.error(request, refusal)
        return redirect(f"{back}#{row}")
    if request.method == "POST" and request.POST.get("confirm") == "1":
        try:
            delete()
        except leagues.LeagueError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, done)
        return redirect(back)
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


# Voiding


def _league_game(league: League, pk: int) -> Game:
    return get_object_or_404(
        Game.objects.select_related("season__league"), pk=pk, season__league=league
    )


@require_POST
@organiser_required
def game_void(request: HttpRequest, league: League, pk: int) -> HttpResponse:
    game = _league_game(league, pk)
    form = VoidForm(request.POST)
    if form.is_valid():
        try:
            leagues.game_void(game=game, user=request.user, reason=form.cleaned_data["reason"])
        except leagues.LeagueError as exc:
            form.add_error("reason", str(exc))
        else:
            messages.success(request, f"Game {game.pk} voided: it no longer counts.")
            return redirect("games:manage-season", league=league.slug, season=game.season.slug)
    messages.error(request, " ".join(form.errors.get("reason", ["Give the reason."])))
    return redirect("games:manage-season", league=league.slug, season=game.season.slug)


@require_POST
@organiser_required
def game_unvoid(request: HttpRequest, league: League, pk: int) -> HttpResponse:
    game = _league_game(league, pk)
    leagues.game_unvoid(game=game, user=request.user)
    messages.success(request, f"Game {game.pk} counts again.")
    return redirect("games:manage-season", league=league.slug, season=game.season.slug)


# Abandoned and no-result fixtures


@require_POST
@organiser_required
def fixture_no_result(request: HttpRequest, league: League, season: str, pk: int) -> HttpResponse:
    fixture = _fixture(league, season, pk)
    form = NoResultForm(request.POST)
    back = reverse("games:manage-season", kwargs={"league": league.slug, "season": season})
    if form.is_valid():
        try:
            leagues.fixture_mark_no_result(fixture=fixture, user=request.user, **form.cleaned_data)
        except leagues.LeagueError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(
                request, f"{fixture}: {fixture.get_outcome_display()}, counted as played."
            )
        return redirect(f"{back}#fixture-{fixture.pk}")
    errors = [error for field_errors in form.errors.values() for error in field_errors]
    messages.error(request, " ".join(errors))
    return redirect(f"{back}#fixture-{fixture.pk}")


@require_POST
@organiser_required
def fixture_undo_no_result(
    request: HttpRequest, league: League, season: str, pk: int
) -> HttpResponse:
    fixture = _fixture(league, season, pk)
    try:
        leagues.fixture_clear_no_result(fixture=fixture, user=request.user)
    except leagues.LeagueError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"{fixture}: no longer recorded as a no result.")
    back = reverse("games:manage-season", kwargs={"league": league.slug, "season": season})
    return redirect(f"{back}#fixture-{fixture.pk}")


# A fixture's date and start time


@require_POST
@organiser_required
def fixture_schedule(request: HttpRequest, league: League, season: str, pk: int) -> HttpResponse:
    """Set, move or clear a fixture's date and local start time. Back to the page the fixture
    is listed on (a cup's or group's fixture: its competition's page, when ``from`` says so);
    a refusal shows that page again with the reason, the fixture's form kept open with what
    was sent (status 400)."""
    fixture = _fixture(league, season, pk)
    form = ScheduleForm(request.POST)
    if form.is_valid():
        try:
            fixture = leagues.fixture_schedule(
                fixture=fixture, user=request.user, **form.cleaned_data
            )
        except leagues.LeagueError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, f"{fixture}: {_when_text(fixture)}.")
            return redirect(f"{_schedule_back(request, league, fixture)}#fixture-{fixture.pk}")
    errors = [error for field_errors in form.errors.values() for error in field_errors]
    messages.error(request, f"{fixture}: {' '.join(errors)}")
    if fixture.competition is not None and request.POST.get("from") == "competition":
        return _competition_page(
            request,
            fixture.competition,
            status=400,
            schedule_form=form,
            schedule_fixture=fixture.pk,
        )
    return _season_page(
        request, fixture.season, status=400, schedule_form=form, schedule_fixture=fixture.pk
    )


def _schedule_back(request: HttpRequest, league: League, fixture: Fixture) -> str:
    if fixture.competition is not None and request.POST.get("from") == "competition":
        return _competition_url(league, fixture.competition)
    return reverse(
        "games:manage-season", kwargs={"league": league.slug, "season": fixture.season.slug}
    )


def _when_text(fixture: Fixture) -> str:
    day, start = fixture.scheduled_on, fixture.scheduled_time
    if day is None:
        return "no date now"
    text = f"on {day:%a} {day.day} {day:%b %Y}"
    return f"{text} at {start:%H:%M}" if start else text
