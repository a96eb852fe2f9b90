"""Forms of the organisers' pages. They check the shape of what was sent; the rules (unique
names, rights, teams of the league) are ``league_services``'."""

from __future__ import annotations

from typing import Any

from django import forms

from games.engines import all_engines, get
from games.kinds import kind as game_kind
from games.leagues.cups.services import MAX_NAME as CUP_MAX_NAME
from games.leagues.cups.services import MAX_REASON as CUP_MAX_REASON
from games.leagues.cups.services import MAX_SEED as CUP_MAX_SEED
from games.leagues.services import MAX_OUTCOME_REASON, MAX_ROUNDS, MAX_VOID_REASON, POINTS
from games.models import Competition, Fixture, League, Team
from games.scoring.forms import option_field

DATE_WIDGET = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
TIME_WIDGET = forms.TimeInput(attrs={"type": "time"}, format="%H:%M")
TIME_HELP = "optional: the local start time, as agreed at the table"


def _time_field(label: str = "Start time") -> forms.TimeField:
    return forms.TimeField(label=label, required=False, widget=TIME_WIDGET, help_text=TIME_HELP)


def _points_field(label: str, initial: int) -> forms.IntegerField:
    return forms.IntegerField(label=label, min_value=0, max_value=100, initial=initial)


class LeagueForm(forms.Form):
    """A league of one game: its name, that game's options, and its points for a win, a tie,
    a loss and a no result when the game declares ``league_points`` (cricket).

    For a new league the game comes from ``kind``; an existing league keeps its game.
    """

    name = forms.CharField(max_length=100)

    def __init__(self, *args: Any, kind: str, league: League | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.engine = get(kind)
        self.league = league
        if league is None:
            self.fields["kind"] = forms.ChoiceField(
                label="Game", choices=[(e.id, e.name) for e in all_engines()], initial=kind
            )
        else:
            self.fields["name"].initial = league.name
        current = self.engine.options(league.options if league else {})
        for spec in self.engine.option_specs:
            if spec.field:
                field = option_field(spec)
                field.initial = current.get(spec.name, spec.default)
                self.fields[f"option_{spec.name}"] = field
        if game_kind(kind).league_points:
            for name in POINTS:
                default = getattr(league, name) if league else League._meta.get_field(name).default
                label = f"Points for a {name.removeprefix('points_').replace('_', ' ')}"
                self.fields[name] = _points_field(label, default)
            # Added later than the others: a form sent without it keeps the league's points.
            self.fields["points_no_result"].required = False

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if "kind" in self.fields and data.get("kind") and data["kind"] != self.engine.id:
            raise forms.ValidationError("The game changed: check its options and send again.")
        return data

    def league_options(self) -> dict[str, Any]:
        return {
            spec.name: self.cleaned_data[f"option_{spec.name}"]
            for spec in self.engine.option_specs
            if spec.field
        }

    def points(self) -> dict[str, int]:
        return {
            name: self.cleaned_data[name]
            for name in POINTS
            if self.cleaned_data.get(name) is not None
        }


class SeasonForm(forms.Form):
    name = forms.CharField(max_length=60, help_text="e.g. 2026 or Spring 2026")
    starts_on = forms.DateField(label="Starts on", required=False, widget=DATE_WIDGET)


class TeamForm(forms.Form):
    name = forms.CharField(max_length=60)


class _LeagueTeamsForm(forms.Form):
    def __init__(self, *args: Any, league: League, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.league = league
        teams = Team.objects.filter(league=league).order_by("name")
        for name in ("away", "home"):
            if name in self.fields:
                self.fields[name].queryset = teams


class FixtureForm(_LeagueTeamsForm):
    """One fixture; a solitaire league's has one player and no home team."""

    away = forms.ModelChoiceField(queryset=Team.objects.none(), label="Away (bats first)")
    home = forms.ModelChoiceField(queryset=Team.objects.none(), label="Home")
    scheduled_on = forms.DateField(label="Date", required=False, widget=DATE_WIDGET)
    scheduled_time = _time_field()

    def __init__(self, *args: Any, league: League, **kwargs: Any):
        super().__init__(*args, league=league, **kwargs)
        if len(get(league.kind).default_sides) == 1:
            del self.fields["home"]
            self.fields["away"].label = "Player"


class RoundRobinForm(forms.Form):
    rounds = forms.IntegerField(
        min_value=1,
        max_value=MAX_ROUNDS,
        initial=1,
        help_text="how many times each pair meets (home and away alternate)",
    )
    first_date = forms.DateField(label="First round on", required=False, widget=DATE_WIDGET)
    days_between = forms.IntegerField(
        label="Days between rounds", min_value=1, max_value=60, initial=7
    )
    scheduled_time = _time_field("Start time of every fixture")

    field_order = ["rounds", "first_date", "scheduled_time", "days_between"]


class ScheduleForm(forms.Form):
    """A fixture's date and local start time; both blank takes it off the calendar (the
    service refuses a time without a date)."""

    scheduled_on = forms.DateField(label="Date", required=False, widget=DATE_WIDGET)
    scheduled_time = _time_field()


class OrganiserForm(forms.Form):
    username = forms.CharField(max_length=150, label="Username")


class VoidForm(forms.Form):
    reason = forms.CharField(
        max_length=MAX_VOID_REASON, help_text="shown with the game in the archive"
    )


class NoResultForm(forms.Form):
    outcome = forms.ChoiceField(
        choices=[(Fixture.NO_RESULT, "No result"), (Fixture.ABANDONED, "Abandoned")],
        initial=Fixture.NO_RESULT,
        error_messages={"invalid_choice": "Choose abandoned or no result."},
    )
    reason = forms.CharField(
        max_length=MAX_OUTCOME_REASON,
        help_text="shown with the fixture on the season page",
        error_messages={"required": "Give the reason there was no result."},
    )


# Competitions


class _EntrantsForm(forms.Form):
    """A cup's entrants as team names, top seed first, one a line; checked against the
    league's teams case-insensitively (the rules on how many are the services')."""

    name = forms.CharField(max_length=CUP_MAX_NAME)
    entrants = forms.CharField(
        label="Entrants, top seed first",
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text="one team name a line",
    )
    draw = forms.ChoiceField(
        choices=[
            (Competition.SEEDED, "Seeded: in the order above"),
            (Competition.RANDOM, "Random"),
        ],
        initial=Competition.SEEDED,
        widget=forms.RadioSelect,
    )
    draw_seed = forms.IntegerField(
        label="Random seed",
        required=False,
        min_value=0,
        max_value=CUP_MAX_SEED,
        help_text="blank: one is chosen and shown, so anyone can redo the draw",
    )

    def __init__(self, *args: Any, league: League, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.league = league
        names = ", ".join(league.teams.order_by("name").values_list("name", flat=True))
        if names:
            self.fields["entrants"].help_text = f"one name a line, of: {names}"

    def clean_entrants(self) -> list[Team]:
        teams = {team.name.casefold(): team for team in self.league.teams.all()}
        chosen: list[Team] = []
        for line in self.cleaned_data["entrants"].splitlines():
            name = " ".join(line.split())
            if not name:
                continue
            team = teams.get(name.casefold())
            if team is None:
                raise forms.ValidationError(f"{name!r} is not a team of {self.league.name}.")
            if team in chosen:
                raise forms.ValidationError(f"{team.name} is listed twice.")
            chosen.append(team)
        return chosen


class _CupOptions(forms.Form):
    third_place = forms.BooleanField(label="Third-place match", required=False)
    two_legs = forms.BooleanField(
        label="Two legs", required=False, help_text="ties over two games on aggregate runs"
    )


class CupForm(_EntrantsForm, _CupOptions):
    pass


class GroupsForm(_EntrantsForm, _CupOptions):
    groups = forms.IntegerField(label="Groups", min_value=2, max_value=8, initial=2)
    per_group = forms.IntegerField(
        label="Through from each group", min_value=1, max_value=32, initial=2
    )

    field_order = ["name", "entrants", "groups", "per_group", "draw", "draw_seed"]


class PlayoffsForm(_CupOptions):
    name = forms.CharField(max_length=CUP_MAX_NAME, initial="Playoffs")
    top = forms.IntegerField(label="Top of the standings", min_value=2, max_value=64, initial=4)

    field_order = ["name", "top"]


class WalkoverForm(forms.Form):
    """Which side of a tie goes through unplayed (the service checks it is in the tie)."""

    team = forms.ModelChoiceField(queryset=Team.objects.none(), label="Goes through")
    reason = forms.CharField(max_length=CUP_MAX_REASON, label="Why the other side cannot play")

    def __init__(self, *args: Any, league: League, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = league.teams.all()
