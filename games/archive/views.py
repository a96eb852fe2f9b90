"""Public pages anyone may read: leagues, seasons, teams and the game archive.

Thin views: look the objects up, ask ``games.archive.selectors`` for what the page shows,
render. The archive's filters arrive as GET parameters (so a filtered page is a plain link);
with htmx, a changed filter swaps only the results.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from games.archive import calendar_feed, selectors
from games.engines import all_engines
from games.leagues import stats_selectors
from games.leagues.cups import selectors as cup_selectors
from games.models import Competition, Game, League, Season, Team
from games.win import chances as win_chances

GAMES_PER_PAGE = 20


@require_GET
def league_list(request: HttpRequest) -> HttpResponse:
    return render(request, "games/archive/leagues.html", {"leagues": selectors.leagues()})


@require_GET
def league_detail(request: HttpRequest, league: str) -> HttpResponse:
    league_obj = get_object_or_404(League, slug=league)
    context = {
        "league": league_obj,
        "seasons": selectors.league_seasons(league=league_obj),
        "teams": selectors.league_teams(league=league_obj),
        "options": selectors.league_options(league=league_obj),
        "can_manage": league_obj.is_organiser(request.user),
        "swings": win_chances.swing_lists(Game.objects.filter(season__league=league_obj)),
    }
    return render(request, "games/archive/league.html", context)


@require_GET
def season_detail(request: HttpRequest, league: str, season: str) -> HttpResponse:
    season_obj = get_object_or_404(
        Season.objects.select_related("league"), league__slug=league, slug=season
    )
    page = selectors.season_page(season=season_obj)
    context = {
        "league": season_obj.league,
        "season": season_obj,
        "page": page,
        "competitions": cup_selectors.season_competitions(season=season_obj),
        "swings": win_chances.swing_lists(season_obj.games.all()),
    }
    return render(request, "games/archive/season.html", context)


@require_GET
def bracket(request: HttpRequest, league: str, season: str, competition: str) -> HttpResponse:
    found = get_object_or_404(
        Competition.objects.select_related("season__league"),
        season__league__slug=league,
        season__slug=season,
        slug=competition,
    )
    context = {
        "league": found.season.league,
        "season": found.season,
        "competition": found,
        "bracket": cup_selectors.bracket(found),
        "can_manage": found.season.league.is_organiser(request.user),
    }
    return render(request, "games/archive/bracket.html", context)


@require_GET
def team_detail(request: HttpRequest, league: str, team: str) -> HttpResponse:
    team_obj = get_object_or_404(
        Team.objects.select_related("league"), league__slug=league, slug=team
    )
    season = None
    if request.GET.get("season"):
        season = team_obj.league.seasons.filter(slug=request.GET["season"]).first()
    page = selectors.team_page(team=team_obj, season=season)
    context = {
        "league": team_obj.league,
        "team": team_obj,
        "season": season,
        "page": page,
        "season_unknown": bool(request.GET.get("season")) and season is None,
        "cup_runs": cup_selectors.team_cup_runs(team=team_obj, season=season),
        **_team_stats(team_obj, season),
    }
    return render(request, "games/archive/team.html", context)


def _team_stats(team: Team, season: Season | None) -> dict[str, Any]:
    """The context of the stats partial ``games/stats/_team_stats.html``."""
    return {"team_stats": stats_selectors.team_stats(team=team, season=season)}


@require_GET
def league_calendar(request: HttpRequest, league: str) -> HttpResponse:
    """Every dated fixture of the league, league and cup, as an iCalendar feed."""
    league_obj = get_object_or_404(League, slug=league)
    fixtures = selectors.calendar_fixtures(league=league_obj)
    return _calendar(request, f"{league_obj.name} fixtures", fixtures, league_obj.slug)


@require_GET
def team_calendar(request: HttpRequest, league: str, team: str) -> HttpResponse:
    """The team's dated fixtures, league and cup, as an iCalendar feed."""
    team_obj = get_object_or_404(
        Team.objects.select_related("league"), league__slug=league, slug=team
    )
    fixtures = selectors.calendar_fixtures(league=team_obj.league, team=team_obj)
    name = f"{team_obj.name} fixtures · {team_obj.league.name}"
    return _calendar(request, name, fixtures, f"{team_obj.league.slug}-{team_obj.slug}")


def _calendar(request: HttpRequest, name: str, fixtures: list, filename: str) -> HttpResponse:
    body = calendar_feed.calendar(name=name, fixtures=fixtures, absolute=request.build_absolute_uri)
    response = HttpResponse(body, content_type=calendar_feed.CONTENT_TYPE)
    response["Content-Disposition"] = f'inline; filename="{filename}.ics"'
    return response


class ArchiveFilterForm(forms.Form):
    league = forms.ChoiceField(required=False)
    season = forms.ChoiceField(required=False)
    team = forms.ChoiceField(required=False)
    game = forms.ChoiceField(required=False)
    date_from = forms.DateField(
        required=False, label="From", widget=forms.DateInput(attrs={"type": "date"})
    )
    date_to = forms.DateField(
        required=False, label="To", widget=forms.DateInput(attrs={"type": "date"})
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.leagues = {league.slug: league for league in League.objects.order_by("name")}
        self.fields["league"].choices = [("", "Any league")] + [
            (slug, league.name) for slug, league in self.leagues.items()
        ]
        seasons = selectors.seasons_by_league()
        teams = selectors.teams_by_league()
        self.seasons = {str(s.pk): s for _, group in seasons for s in group}
        self.teams = {str(t.pk): t for _, group in teams for t in group}
        self.fields["season"].choices = [("", "Any season")] + [
            (league.name, [(str(s.pk), s.name) for s in group]) for league, group in seasons
        ]
        self.fields["team"].choices = [("", "Any team")] + [
            (league.name, [(str(t.pk), t.name) for t in group]) for league, group in teams
        ]
        self.fields["game"].choices = [("", "Any game")] + [
            (engine.id, engine.name) for engine in all_engines()
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        start, end = data.get("date_from"), data.get("date_to")
        if start and end and start > end:
            self.add_error("date_to", "The end date is before the start date.")
        return data

    def filters(self) -> selectors.ArchiveFilters:
        """The valid filters (a field with an error is left out, and says so on the page)."""
        data = getattr(self, "cleaned_data", {})
        return selectors.ArchiveFilters(
            league=self.leagues.get(data.get("league") or ""),
            season=self.seasons.get(data.get("season") or ""),
            team=self.teams.get(data.get("team") or ""),
            kind=data.get("game") or "",
            date_from=data.get("date_from"),
            date_to=data.get("date_to") if "date_to" not in self.errors else None,
        )


@require_GET
def archive(request: HttpRequest) -> HttpResponse:
    form = ArchiveFilterForm(request.GET)
    form.is_valid()
    games = selectors.archive_games(filters=form.filters())
    page = Paginator(games, GAMES_PER_PAGE).get_page(request.GET.get("page"))
    context = {"form": form, "page": page, "rows": selectors.archive_rows(list(page))}
    partial = request.htmx and not request.htmx.history_restore_request
    if not partial:
        context["swings"] = win_chances.swing_lists(games)
    template = "games/archive/archive.html#results" if partial else "games/archive/archive.html"
    return render(request, template, context)
