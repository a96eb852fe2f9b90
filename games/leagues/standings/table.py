"""The pieces every standings table shares: its columns, cells and rows, the ``Standings`` the
page, the CSV, the JSON and ``manage.py standings`` all print, one team's season ``Record``,
and ``Family``, the small interface each shape of table (baseball, cricket, solitaire, tennis)
fills in for the loop in ``games.leagues.standings``.

Every table starts with a position column (``#``) and a team (or player) column; the loop
fills those two, a family the rest. CSV cells are the page's text (``—`` for nothing yet),
``\\n`` line ends; JSON keeps counts as numbers, formatted values as the page's text, and
nothing yet as ``null``. Every ordering ends on the name, so it is stable.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from games.kinds.stats.decimals import half_up
from games.models import League, Season, Team
from games.plumbing import safe_csv

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


POSITION = Column("pos", "#", "Position")


def team_column(label: str) -> Column:
    """The second column of every table: the team's (or player's) name."""
    return Column("team", label, label, numeric=False)


@dataclass
class Record:
    """One team's season so far, summed from its stats rows in the order the games became
    final (``results`` is that order, for streaks)."""

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
        return pct(self.won, self.lost)

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


@dataclass(frozen=True)
class Family:
    """What one shape of table gives the shared loop.

    ``order`` puts the season's records in table order; ``values`` gives one record's cells
    past the position and the name (``leader`` is the first record of the table);
    ``ordering`` is the sentence under the table saying how it is ordered. ``sides`` is how
    many teams a fixture has (a no result counts once per side); ``reads_data`` says the
    table needs the stats rows' ``data`` too.
    """

    columns: tuple[Column, ...]
    order: Callable[[League, list[Record]], list[Record]]
    values: Callable[[League, Record, Record], dict[str, Value]]
    ordering: Callable[[League], str]
    sides: int = 2
    reads_data: bool = False


def pct(won: int, lost: int) -> Fraction:
    """W / (W + L); nil before a decided game."""
    return Fraction(won, won + lost) if won + lost else Fraction(0)


def pct_text(pct: Fraction) -> str:
    """``.667``, or ``1.000``: rounded half up from the exact fraction (5-11 is ``.313``)."""
    text = half_up(pct, 3)
    return text[1:] if text.startswith("0") else text


def signed(number: int) -> str:
    return f"+{number}" if number > 0 else str(number)


def name_key(record: Record) -> tuple[str, int]:
    """The last key of every ordering: the name, in any case, then the team's id."""
    return (record.team.name.casefold(), record.team.pk)


def head_to_head(record: Record, level: list[Record]) -> Fraction:
    """``record``'s PCT in the season's games against the others of ``level`` (.500 when it
    has no decided game among them): a mini-league when three or more are level."""
    ids = {other.team.pk for other in level}
    won = sum(record.against[o][0] for o in ids if o in record.against)
    lost = sum(record.against[o][1] for o in ids if o in record.against)
    return pct(won, lost) if won + lost else Fraction(1, 2)
