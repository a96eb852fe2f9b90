"""Reads for the competition pages: a bracket as rounds of ties, each tie's sides and games,
the champion, group tables; and a team's cup runs. Pure reading, a handful of queries.

Round names: the last round is the "Final", the one before the "Semi-finals", the one before
that the "Quarter-finals", earlier ones "Round N"; the third-place tie is the "Third-place
match". A side not known yet is named by where it comes from ("Winner of semi-final 1").
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Max, Q

from games.kinds.game_rows import GameRow, fixture_row
from games.leagues.cups.groups import group_letters, group_table
from games.leagues.standings import Standings
from games.models import Competition, Entrant, Fixture, Season, Team, Tie

THIRD_PLACE = "Third-place match"


def round_name(number: int, total: int) -> str:
    """The round's name: "Final", "Semi-finals", "Quarter-finals" or "Round N"."""
    return {0: "Final", 1: "Semi-finals", 2: "Quarter-finals"}.get(
        total - number, f"Round {number}"
    )


def tie_name(number: int, slot: int, total: int) -> str:
    """One tie of a round, in words: "the final", "semi-final 2", "round 1 tie 3"."""
    if total - number == 0:
        return "the final"
    if total - number == 1:
        return f"semi-final {slot + 1}"
    if total - number == 2:
        return f"quarter-final {slot + 1}"
    return f"round {number} tie {slot + 1}"


def _stage_reached(number: int, total: int) -> str:
    """How far a team that went out in round ``number`` got: "Semi-final", "Round 2"."""
    return {0: "Final", 1: "Semi-final", 2: "Quarter-final"}.get(total - number, f"Round {number}")


@dataclass
class SideView:
    entrant: Entrant | None
    source: str = ""  # where an unknown side comes from: "Winner of semi-final 1"
    won: bool = False
    lost: bool = False

    @property
    def team(self) -> Team | None:
        return self.entrant.team if self.entrant else None

    @property
    def name(self) -> str:
        return self.entrant.team.name if self.entrant else "TBD"


@dataclass
class GameView:
    fixture: Fixture
    label: str  # "Leg 1", "Decider 1", "" for a single game
    row: GameRow

    @property
    def live(self) -> bool:
        return self.row.status == "live"


@dataclass
class TieView:
    tie: Tie
    name: str  # "semi-final 2"
    sides: list[SideView]
    games: list[GameView]
    seeds: list[int | None]

    @property
    def winner(self) -> Entrant | None:
        return self.tie.winner

    @property
    def walkover(self) -> bool:
        return self.tie.decided_by == "walkover"

    @property
    def live(self) -> bool:
        return any(game.live for game in self.games)

    @property
    def both_known(self) -> bool:
        return self.tie.first_id is not None and self.tie.second_id is not None

    @property
    def sides_with_seeds(self) -> list[tuple[SideView, int | None]]:
        return list(zip(self.sides, self.seeds, strict=True))


@dataclass
class RoundView:
    number: int
    name: str
    ties: list[TieView]


@dataclass
class GroupView:
    letter: str
    table: Standings
    games: list[GameView]


@dataclass
class Bracket:
    competition: Competition
    rounds: list[RoundView] = field(default_factory=list)
    third_place: TieView | None = None
    groups: list[GroupView] = field(default_factory=list)
    champion: Team | None = None

    @property
    def draw_text(self) -> str:
        competition = self.competition
        if competition.from_standings:
            return "Seeded from the season's standings."
        if competition.draw == Competition.RANDOM:
            return f"Drawn at random, seed {competition.draw_seed}: anyone can redo the draw."
        return "Seeded: the top seeds kept apart until the late rounds."


def _seed(entrant: Entrant | None, competition: Competition) -> int | None:
    if entrant is None:
        return None
    if competition.has_groups:
        return entrant.knockout_seed
    return entrant.seed


def _game_views(fixtures: list[Fixture], one_leg: bool) -> list[GameView]:
    views = []
    for fixture in sorted(fixtures, key=lambda f: (f.decider, f.leg, f.id)):
        if fixture.decider:
            label = f"Decider {fixture.leg}"
        elif one_leg:
            label = ""
        else:
            label = f"Leg {fixture.leg}"
        views.append(GameView(fixture=fixture, label=label, row=fixture_row(fixture)))
    return views


def _source(tie: Tie, seat: int, total: int) -> str:
    if tie.round == 1:
        return ""
    if tie.third_place:
        return f"Loser of {tie_name(total - 1, seat, total)}"
    return f"Winner of {tie_name(tie.round - 1, 2 * tie.slot + seat, total)}"


def _tie_view(tie: Tie, fixtures: list[Fixture], competition: Competition, total: int) -> TieView:
    sides = []
    for seat, entrant in enumerate((tie.first, tie.second)):
        side = SideView(entrant=entrant)
        if entrant is None and not tie.bye:
            side.source = _source(tie, seat, total)
        if entrant is not None and tie.winner_id is not None:
            side.won = entrant.pk == tie.winner_id
            side.lost = not side.won
        sides.append(side)
    name = THIRD_PLACE if tie.third_place else tie_name(tie.round, tie.slot, total)
    one_leg = not competition.two_legs
    return TieView(
        tie=tie,
        name=name,
        sides=sides,
        games=_game_views(fixtures, one_leg),
        seeds=[_seed(tie.first, competition), _seed(tie.second, competition)],
    )


def _competition_fixtures(competition: Competition) -> list[Fixture]:
    return list(
        Fixture.objects.filter(competition=competition)
        .select_related("away", "home", "game", "season__league")
        .order_by("scheduled_on", "id")
    )


def bracket(competition: Competition) -> Bracket:
    """The competition as its pages show it: group tables and games (a group stage), then the
    knockout round by round, the third-place match apart, and the champion once decided."""
    ties = list(
        competition.ties.select_related("first__team", "second__team", "winner__team").order_by(
            "round", "slot"
        )
    )
    fixtures = _competition_fixtures(competition)
    by_tie: dict[int, list[Fixture]] = {}
    by_group: dict[str, list[Fixture]] = {}
    for fixture in fixtures:
        if fixture.tie_id is not None:
            by_tie.setdefault(fixture.tie_id, []).append(fixture)
        elif fixture.group:
            by_group.setdefault(fixture.group, []).append(fixture)
    view = Bracket(competition=competition)
    if competition.has_groups:
        for letter in group_letters(competition):
            view.groups.append(
                GroupView(
                    letter=letter,
                    table=group_table(competition, letter),
                    games=_game_views(by_group.get(letter, []), True),
                )
            )
    total = max((t.round for t in ties), default=0)
    rounds: dict[int, RoundView] = {}
    for tie in ties:
        tie_view = _tie_view(tie, by_tie.get(tie.pk, []), competition, total)
        if tie.third_place:
            view.third_place = tie_view
            continue
        if tie.round not in rounds:
            rounds[tie.round] = RoundView(tie.round, round_name(tie.round, total), [])
        rounds[tie.round].ties.append(tie_view)
        if tie.round == total and tie.winner is not None:
            view.champion = tie.winner.team
    view.rounds = [rounds[number] for number in sorted(rounds)]
    return view


def season_competitions(*, season: Season) -> list[Competition]:
    return list(season.competitions.order_by("created_at", "id"))


# A team's cup runs


@dataclass
class RunTie:
    round: str
    opponent: Team | None  # None: a bye, or not known yet
    result: str  # "Won", "Lost", "Bye", "Walkover", "To play", "Live"
    games: list[GameView]


@dataclass
class CupRun:
    competition: Competition
    reached: str  # "Winner", "Final", "Semi-final", "Group stage", "Still in: Semi-finals"
    ties: list[RunTie]


def _result(tie: Tie, mine: Entrant, games: list[GameView]) -> str:
    if tie.winner_id is None:
        return "Live" if any(g.live for g in games) else "To play"
    won = tie.winner_id == mine.pk
    if tie.decided_by == "bye":
        return "Bye"
    if tie.decided_by == "walkover":
        return "Won by walkover" if won else "Lost by walkover"
    return "Won" if won else "Lost"


def _reached(competition: Competition, ties: list[Tie], mine: Entrant, total: int) -> str:
    main = [t for t in ties if not t.third_place]
    third = [t for t in ties if t.third_place]
    if not main:
        if competition.has_groups and not competition.knockout_drawn:
            return f"Group {mine.group}: playing"
        return "Group stage" if competition.has_groups else "Not placed yet"
    last = max(main, key=lambda t: t.round)
    if third and third[0].winner_id is not None:
        return "Third place" if third[0].winner_id == mine.pk else "Fourth place"
    if last.winner_id is None:
        return f"Still in: {round_name(last.round, total)}"
    if last.winner_id == mine.pk:
        if last.round == total:
            return "Winner"
        return f"Still in: {round_name(last.round + 1, total)}"
    if last.round == total:
        return "Runner-up"
    return _stage_reached(last.round, total)


def team_cup_runs(*, team: Team, season: Season | None = None) -> list[CupRun]:
    """For each competition ``team`` entered (in ``season``, or all), the ties it played, with
    opponent, result and games, and how far it went."""
    entries = Entrant.objects.filter(team=team).select_related("competition__season")
    if season is not None:
        entries = entries.filter(competition__season=season)
    entries = list(entries.order_by("-competition__created_at", "-competition_id"))
    if not entries:
        return []
    competitions = [e.competition for e in entries]
    totals = dict(
        Tie.objects.filter(competition__in=competitions)
        .values_list("competition")
        .annotate(total=Max("round"))
        .values_list("competition", "total")
    )
    ties = list(
        Tie.objects.filter(competition__in=competitions)
        .filter(Q(first__team=team) | Q(second__team=team))
        .select_related("first__team", "second__team")
        .order_by("round", "third_place")
    )
    fixtures: dict[int, list[Fixture]] = {}
    for fixture in Fixture.objects.filter(tie__in=ties).select_related(
        "away", "home", "game", "season__league"
    ):
        fixtures.setdefault(fixture.tie_id, []).append(fixture)
    runs = []
    for entry in entries:
        competition = entry.competition
        total = totals.get(competition.pk, 0)
        mine = [t for t in ties if t.competition_id == competition.pk]
        rows = []
        for tie in mine:
            other = tie.second if tie.first_id == entry.pk else tie.first
            games = _game_views(fixtures.get(tie.pk, []), not competition.two_legs)
            rows.append(
                RunTie(
                    round=THIRD_PLACE if tie.third_place else round_name(tie.round, total),
                    opponent=other.team if other else None,
                    result=_result(tie, entry, games),
                    games=games,
                )
            )
        runs.append(
            CupRun(
                competition=competition,
                reached=_reached(competition, mine, entry, total),
                ties=rows,
            )
        )
    return runs
