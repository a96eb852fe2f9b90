"""Reads: a season's standings table, computed from ``GameStats`` rows only (no replays).

Whatever the season's size, a table costs two queries (the league's teams, each with how many
of its fixtures this season are recorded as abandoned or no result, and a few columns of the
season's stats rows); the page, the CSV download and ``manage.py standings`` all print the
same ``Standings`` so their rows and columns cannot drift apart.

Four shapes of table, chosen by the ``family`` the league's game declares (``games.kinds``):

- **solitaire** (``solitaire-baseball``): per player, G, W, L, PCT, best score.
- **cricket** (``quick-cricket``): P, W, L, T, NR, Pts, runs/overs for and against, NRR.
- **tennis** (``quick-tennis``): per player, P, W, L, NR, sets and games won, lost and their
  difference (read from the stats rows' ``data``, see ``games/kinds/quick_tennis/stats.py``).
- **baseball** (every other game, two-sided): W, L, T, NR, PCT, GB, RF, RA, DIFF, STRK, L10.

NR counts the fixtures an organiser recorded as abandoned or no result (``Fixture.outcome``):
cricket counts them in P and gives each side the league's ``points_no_result``; tennis counts
them in P (matches won still orders the table); baseball shows them after T and leaves them
out of PCT and GB, as it does ties. Their runs never count (a marked fixture's game has no
stats rows), so they are out of NRR and runs for and against. A solitaire table has no NR:
its G is the W ÷ G of PCT, and a solitaire game stopped short is already a result (called
for rain) or not a game at all; an abandoned solitaire fixture is shown on the season page.

Choices where the issue is silent:

- PCT is W / (W + L): ties are left out (the common baseball convention), so 3-1-2 is .750;
  a team without a decided game shows .000. Shown as ``.667``, or ``1.000``, rounded half
  up from the exact fraction (5-11 is ``.313``, as sports tables print it; see
  ``games.kinds.stats.decimals``).
- GB is ((leader's W − W) + (L − leader's L)) / 2 against the first team in the table, shown
  with one decimal (``1.5``, ``2.0``); ``—`` for the leader and any team level with it. It can
  be negative when a team with more games has a worse PCT than the leader.
- Head-to-head, for teams level on PCT and wins, is each tied team's PCT in the season's games
  against the other tied teams (a mini-league when three or more are level); a team with no
  decided game among them counts .500. Still level: run differential, then name.
- Cricket teams level on points, wins and NRR, and solitaire players level on PCT, wins and
  best score, are ordered by name; every ordering ends on the name so it is stable.
- Tennis players are ordered by matches won, then set difference, then game difference
  (a tie-break set counts 7-6), then head-to-head PCT among the players still level (as for
  baseball), then name. A tennis match is never tied.
- NRR is exact (fractions) for ordering and shown rounded half up (away from zero) to three
  decimals with a sign (``+0.125``, ``-1.000``, ``-0.063`` for -0.0625; exactly nil, or
  nil to three decimals, is ``0.000``); ``—`` before a team has faced or bowled
  a ball. Runs for and against are shown as ``runs/overs`` (``125/20.0``, four-ball overs).
- Streak reads the latest games back (``W3``, ``L1``, ``T1``); last 10 is ``W-L``, or
  ``W-L-T`` when one of them was tied. Games are in the order they became final.
- Every table starts with a position column (``#``). CSV cells are the page's text (``—`` for
  nothing yet), ``\n`` line ends; JSON keeps counts as numbers, formatted values as the page's
  text, and nothing yet as ``null``.
- Stats rows without a team (friendlies), or with a team of another league, are left out;
  teams with no games yet are in the table with zeros.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.db.models import Count, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce

from games.kinds import BASEBALL, CRICKET, SOLITAIRE, TENNIS
from games.kinds import kind as game_kind
from games.kinds.stats.decimals import half_up
from games.models import Fixture, GameStats, League, Season, Team
from games.plumbing import safe_csv

FAMILIES_READING_DATA = {TENNIS}  # their tables need the stats rows' ``data`` too
BALLS_PER_OVER = 4
LAST_N = 10
NONE_TEXT = "—"

Value = int | str | None


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    title: str
    numeric: bool = True


@dataclass(frozen=True)
class Cell:
    column: Column
    value: Value

    @property
    def text(self) -> str:
        return NONE_TEXT if self.value is None else str(self.value)


@dataclass(frozen=True)
class Row:
    team: Team
    cells: tuple[Cell, ...]

    def as_dict(self) -> dict[str, Value]:
        return {cell.column.key: cell.value for cell in self.cells}


@dataclass(frozen=True)
class Standings:
    league: League
    season: Season
    family: str
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    games_counted: int
    ordering: str
    no_results: int = 0  # fixtures recorded as abandoned or no result

    def to_csv(self) -> str:
        header = [column.label for column in self.columns]
        return safe_csv.rows_to_text(
            [header, *([cell.text for cell in row.cells] for row in self.rows)]
        )

    def to_json(self) -> str:
        document = {
            "league": self.league.name,
            "league_slug": self.league.slug,
            "season": self.season.name,
            "season_slug": self.season.slug,
            "game": self.league.kind,
            "games_counted": self.games_counted,
            "no_results": self.no_results,
            "columns": [{"key": c.key, "label": c.label, "title": c.title} for c in self.columns],
            "rows": [row.as_dict() for row in self.rows],
        }
        return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def family_of(kind: str) -> str:
    """The shape of standings table the game ``kind`` declares."""
    return game_kind(kind).family


def find_league(*, name: str) -> League | None:
    """The league whose slug is ``name``, or whose name is ``name`` in any case."""
    return League.objects.filter(Q(slug=name) | Q(name__iexact=name)).first()


def find_season(*, league: League, name: str) -> Season | None:
    """The league's season whose slug is ``name``, or whose name is ``name`` in any case."""
    return (
        Season.objects.select_related("league")
        .filter(Q(slug=name) | Q(name__iexact=name), league=league)
        .first()
    )


@dataclass
class _Record:
    team: Team
    won: int = 0
    lost: int = 0
    tied: int = 0
    no_results: int = 0
    runs_for: int = 0
    runs_against: int = 0
    balls_faced: int = 0
    balls_bowled: int = 0
    best: int | None = None
    results: list[str] = field(default_factory=list)
    against: dict[int, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    data: list[dict] = field(default_factory=list)  # for the families that read it

    def total(self, key: str) -> int:
        """A count summed over the games' stored ``data`` (tennis: sets and games)."""
        return sum(data.get(key, 0) for data in self.data)

    @property
    def played(self) -> int:
        return self.won + self.lost + self.tied

    @property
    def played_with_no_results(self) -> int:
        return self.played + self.no_results

    @property
    def pct(self) -> Fraction:
        return _pct(self.won, self.lost)

    @property
    def run_difference(self) -> int:
        return self.runs_for - self.runs_against

    def add(
        self,
        *,
        result: str,
        opponent_id: int | None,
        runs_for: int,
        runs_against: int,
        balls_faced: int,
        balls_bowled: int,
        data: dict | None = None,
    ) -> None:
        self.won += result == "W"
        self.lost += result == "L"
        self.tied += result == "T"
        self.runs_for += runs_for
        self.runs_against += runs_against
        self.balls_faced += balls_faced
        self.balls_bowled += balls_bowled
        self.best = runs_for if self.best is None else max(self.best, runs_for)
        self.results.append(result)
        if opponent_id is not None and result in "WL":
            self.against[opponent_id][0 if result == "W" else 1] += 1
        if data is not None:
            self.data.append(data)


def _pct(won: int, lost: int) -> Fraction:
    return Fraction(won, won + lost) if won + lost else Fraction(0)


def season_standings(*, season: Season, group: tuple[Any, str] | None = None) -> Standings:
    """The season's standings table, in order, with every team of the league: its league
    games only (a cup's games stay out). With ``group`` (a competition and a group letter),
    the table of that group: its teams and its games."""
    league = season.league
    family = family_of(league.kind)
    if group is None:
        teams = Team.objects.filter(league=league)
        counted = Q(competition__isnull=True)
        fixtures = Q(competition__isnull=True)
    else:
        competition, letter = group
        teams = Team.objects.filter(entries__competition=competition, entries__group=letter)
        counted = Q(competition=competition, game__fixture__group=letter)
        fixtures = Q(competition=competition, group=letter)
    records = {
        team.pk: _Record(team=team, no_results=team.away_no_results + team.home_no_results)
        for team in _teams_with_no_results(season, teams, fixtures)
    }
    extra = ("data",) if family in FAMILIES_READING_DATA else ()
    stats = (
        GameStats.objects.filter(counted, season=season, team__isnull=False)
        .order_by("finished_at", "game_id", "side")
        .values_list(
            "game_id",
            "team_id",
            "opponent_id",
            "result",
            "runs_for",
            "runs_against",
            "balls_faced",
            "balls_bowled",
            *extra,
        )
    )
    games = set()
    for game_id, team_id, opponent_id, result, rf, ra, faced, bowled, *data in stats:
        record = records.get(team_id)
        if record is None:
            continue
        games.add(game_id)
        record.add(
            result=result,
            opponent_id=opponent_id,
            runs_for=rf,
            runs_against=ra,
            balls_faced=faced,
            balls_bowled=bowled,
            data=data[0] if data else None,
        )
    build = {
        BASEBALL: _baseball,
        CRICKET: _cricket,
        SOLITAIRE: _solitaire,
        TENNIS: _tennis,
    }[family]
    columns, rows, ordering = build(league, list(records.values()))
    sides = 1 if family == SOLITAIRE else 2
    return Standings(
        league=league,
        season=season,
        family=family,
        columns=columns,
        rows=tuple(rows),
        games_counted=len(games),
        ordering=ordering,
        no_results=sum(record.no_results for record in records.values()) // sides,
    )


def _teams_with_no_results(season: Season, teams: QuerySet[Team], fixtures: Q) -> QuerySet[Team]:
    """``teams``, each with ``away_no_results`` and ``home_no_results``: its fixtures
    of ``season`` recorded as abandoned or no result (subqueries, so still one query)."""
    marked = Fixture.objects.filter(fixtures, season=season).exclude(outcome=Fixture.NORMAL)
    marked = marked.order_by()

    def count(side: str) -> Coalesce:
        per_team = marked.filter(**{side: OuterRef("pk")}).values(side).annotate(n=Count("pk"))
        return Coalesce(Subquery(per_team.values("n")[:1]), 0)

    return teams.annotate(away_no_results=count("away"), home_no_results=count("home")).order_by(
        "pk"
    )


def _row(team: Team, columns: tuple[Column, ...], values: dict[str, Value]) -> Row:
    return Row(team=team, cells=tuple(Cell(column, values[column.key]) for column in columns))


def _name_key(record: _Record) -> tuple[str, int]:
    return (record.team.name.casefold(), record.team.pk)


def pct_text(pct: Fraction) -> str:
    text = half_up(pct, 3)
    return text[1:] if text.startswith("0") else text


def signed(number: int) -> str:
    return f"+{number}" if number > 0 else str(number)


# Baseball ------------------------------------------------------------------------------------

POSITION = Column("pos", "#", "Position")

BASEBALL_COLUMNS = (
    POSITION,
    Column("team", "Team", "Team", numeric=False),
    Column("w", "W", "Won"),
    Column("l", "L", "Lost"),
    Column("t", "T", "Tied"),
    Column("nr", "NR", "No result: abandoned fixtures (not in PCT)"),
    Column("pct", "PCT", "Winning percentage: W ÷ (W + L)"),
    Column("gb", "GB", "Games behind the leader"),
    Column("rf", "RF", "Runs for"),
    Column("ra", "RA", "Runs against"),
    Column("diff", "DIFF", "Run differential"),
    Column("strk", "STRK", "Streak", numeric=False),
    Column("l10", "L10", "Last 10 games", numeric=False),
)

BASEBALL_ORDERING = (
    "Ordered by PCT (W ÷ (W + L); tied games and no results do not count), then wins, then "
    "head-to-head PCT in the season's games between the teams still level, then run "
    "differential, then name. "
    "GB = ((leader's W − W) + (L − leader's L)) ÷ 2. Streak and L10 read back from the latest "
    "game."
)


def _baseball(league: League, records: list[_Record]) -> tuple[tuple[Column, ...], list[Row], str]:
    ordered = _order_baseball(records)
    leader = ordered[0] if ordered else None
    rows = []
    for position, record in enumerate(ordered, start=1):
        twice_gb = (leader.won - record.won) + (record.lost - leader.lost)
        values = {
            "pos": position,
            "team": record.team.name,
            "w": record.won,
            "l": record.lost,
            "t": record.tied,
            "nr": record.no_results,
            "pct": pct_text(record.pct),
            "gb": f"{twice_gb / 2:.1f}" if twice_gb else None,
            "rf": record.runs_for,
            "ra": record.runs_against,
            "diff": signed(record.run_difference),
            "strk": _streak(record.results),
            "l10": _last_ten(record.results),
        }
        rows.append(_row(record.team, BASEBALL_COLUMNS, values))
    return BASEBALL_COLUMNS, rows, BASEBALL_ORDERING


def _order_baseball(records: list[_Record]) -> list[_Record]:
    groups: dict[tuple[Fraction, int], list[_Record]] = defaultdict(list)
    for record in records:
        groups[(record.pct, record.won)].append(record)
    ordered = []
    for key in sorted(groups, key=lambda k: (-k[0], -k[1])):
        ordered.extend(_break_tie(groups[key]))
    return ordered


def _head_to_head(record: _Record, level: list[_Record]) -> Fraction:
    """``record``'s PCT in the season's games against the others of ``level`` (.500 when it
    has no decided game among them)."""
    ids = {other.team.pk for other in level}
    won = sum(record.against[o][0] for o in ids if o in record.against)
    lost = sum(record.against[o][1] for o in ids if o in record.against)
    return _pct(won, lost) if won + lost else Fraction(1, 2)


def _break_tie(level: list[_Record]) -> list[_Record]:
    """Order teams level on PCT and wins by their PCT in the games among themselves."""
    return sorted(level, key=lambda r: (-_head_to_head(r, level), -r.run_difference, *_name_key(r)))


def _streak(results: list[str]) -> str | None:
    if not results:
        return None
    last = results[-1]
    length = 0
    for result in reversed(results):
        if result != last:
            break
        length += 1
    return f"{last}{length}"


def _last_ten(results: list[str]) -> str:
    recent = results[-LAST_N:]
    won, lost, tied = (recent.count(r) for r in "WLT")
    return f"{won}-{lost}-{tied}" if tied else f"{won}-{lost}"


# Cricket -------------------------------------------------------------------------------------

CRICKET_COLUMNS = (
    POSITION,
    Column("team", "Team", "Team", numeric=False),
    Column("p", "P", "Played"),
    Column("w", "W", "Won"),
    Column("l", "L", "Lost"),
    Column("t", "T", "Tied"),
    Column("nr", "NR", "No result: abandoned fixtures"),
    Column("pts", "Pts", "Points"),
    Column("for", "For", "Runs scored / overs faced"),
    Column("against", "Against", "Runs conceded / overs bowled"),
    Column("nrr", "NRR", "Net run rate"),
)


def overs_text(balls: int) -> str:
    return f"{balls // BALLS_PER_OVER}.{balls % BALLS_PER_OVER}"


def net_run_rate(
    *, runs_for: int, balls_faced: int, runs_against: int, balls_bowled: int
) -> Fraction | None:
    """Runs scored per over faced less runs conceded per over bowled (four-ball overs)."""
    if not balls_faced and not balls_bowled:
        return None
    scored = Fraction(runs_for * BALLS_PER_OVER, balls_faced) if balls_faced else Fraction(0)
    conceded = (
        Fraction(runs_against * BALLS_PER_OVER, balls_bowled) if balls_bowled else Fraction(0)
    )
    return scored - conceded


def nrr_text(nrr: Fraction | None) -> str | None:
    if nrr is None:
        return None
    text = half_up(nrr, 3)
    if text == "0.000" or text.startswith("-"):
        return text
    return f"+{text}"


def _cricket(league: League, records: list[_Record]) -> tuple[tuple[Column, ...], list[Row], str]:
    def points(record: _Record) -> int:
        return (
            record.won * league.points_win
            + record.tied * league.points_tie
            + record.lost * league.points_loss
            + record.no_results * league.points_no_result
        )

    def nrr(record: _Record) -> Fraction | None:
        return net_run_rate(
            runs_for=record.runs_for,
            balls_faced=record.balls_faced,
            runs_against=record.runs_against,
            balls_bowled=record.balls_bowled,
        )

    ordered = sorted(
        records,
        key=lambda r: (-points(r), -r.won, -(nrr(r) or 0), *_name_key(r)),
    )
    rows = []
    for position, record in enumerate(ordered, start=1):
        values = {
            "pos": position,
            "team": record.team.name,
            "p": record.played_with_no_results,
            "w": record.won,
            "l": record.lost,
            "t": record.tied,
            "nr": record.no_results,
            "pts": points(record),
            "for": f"{record.runs_for}/{overs_text(record.balls_faced)}",
            "against": f"{record.runs_against}/{overs_text(record.balls_bowled)}",
            "nrr": nrr_text(nrr(record)),
        }
        rows.append(_row(record.team, CRICKET_COLUMNS, values))
    ordering = (
        f"Points: {league.points_win} for a win, {league.points_tie} for a tie, "
        f"{league.points_loss} for a loss, {league.points_no_result} for a no result "
        "(abandoned). Ordered by points, then wins, then net run rate, then name. NRR = runs "
        "scored ÷ overs faced − runs conceded ÷ overs bowled over the season, no results left "
        "out; a side bowled out counts its full quota of overs; an over is four balls."
    )
    return CRICKET_COLUMNS, rows, ordering


# Solitaire -----------------------------------------------------------------------------------

SOLITAIRE_COLUMNS = (
    POSITION,
    Column("team", "Player", "Player", numeric=False),
    Column("g", "G", "Games"),
    Column("w", "W", "Won"),
    Column("l", "L", "Lost"),
    Column("pct", "PCT", "Win percentage: W ÷ G"),
    Column("best", "Best", "Best score (runs in one game)"),
)

SOLITAIRE_ORDERING = "Ordered by PCT (W ÷ G), then wins, then best score, then name."


def _solitaire(league: League, records: list[_Record]) -> tuple[tuple[Column, ...], list[Row], str]:
    ordered = sorted(records, key=lambda r: (-r.pct, -r.won, -(r.best or 0), *_name_key(r)))
    rows = []
    for position, record in enumerate(ordered, start=1):
        values = {
            "pos": position,
            "team": record.team.name,
            "g": record.played,
            "w": record.won,
            "l": record.lost,
            "pct": pct_text(record.pct),
            "best": record.best,
        }
        rows.append(_row(record.team, SOLITAIRE_COLUMNS, values))
    return SOLITAIRE_COLUMNS, rows, SOLITAIRE_ORDERING


# Tennis --------------------------------------------------------------------------------------

TENNIS_COLUMNS = (
    POSITION,
    Column("team", "Player", "Player", numeric=False),
    Column("p", "P", "Matches played"),
    Column("w", "W", "Matches won"),
    Column("l", "L", "Matches lost"),
    Column("nr", "NR", "No result: abandoned matches"),
    Column("sw", "SW", "Sets won"),
    Column("sl", "SL", "Sets lost"),
    Column("sd", "SD", "Set difference"),
    Column("gw", "GW", "Games won"),
    Column("gl", "GL", "Games lost"),
    Column("gd", "GD", "Game difference"),
)

TENNIS_ORDERING = (
    "Ordered by matches won, then set difference (sets won − sets lost), then game difference "
    "(games won − games lost; a tie-break set counts 7-6), then head-to-head PCT in the "
    "season's matches between the players still level, then name."
)


def _tennis(league: League, records: list[_Record]) -> tuple[tuple[Column, ...], list[Row], str]:
    def set_difference(record: _Record) -> int:
        return record.total("sets_won") - record.total("sets_lost")

    def game_difference(record: _Record) -> int:
        return record.total("games_won") - record.total("games_lost")

    groups: dict[tuple[int, int, int], list[_Record]] = defaultdict(list)
    for record in records:
        groups[(record.won, set_difference(record), game_difference(record))].append(record)
    ordered = []
    for key in sorted(groups, key=lambda k: tuple(-n for n in k)):
        level = groups[key]
        ordered += sorted(level, key=lambda r: (-_head_to_head(r, level), *_name_key(r)))
    rows = []
    for position, record in enumerate(ordered, start=1):
        values = {
            "pos": position,
            "team": record.team.name,
            "p": record.played_with_no_results,
            "w": record.won,
            "l": record.lost,
            "nr": record.no_results,
            "sw": record.total("sets_won"),
            "sl": record.total("sets_lost"),
            "sd": signed(set_difference(record)),
            "gw": record.total("games_won"),
            "gl": record.total("games_lost"),
            "gd": signed(game_difference(record)),
        }
        rows.append(_row(record.team, TENNIS_COLUMNS, values))
    return TENNIS_COLUMNS, rows, TENNIS_ORDERING
