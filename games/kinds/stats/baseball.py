"""What the four baseball games count per side, and how the totals are shown.

Each game's module finds the side's plate appearances in its replay (``PlateAppearance``:
the lineup slot, what the batter made, how many bases) and its own extras (steals, relief
pitchers, extensions); ``batting_stats`` turns them into the stored numbers:

- ``pa``, ``ab``, ``hits``, ``doubles``, ``triples``, ``home_runs``, ``total_bases``,
  ``walks``, ``strikeouts``, ``sacrifices``, ``balks`` (Bedard: a balk puts the batter on
  first like a walk), and ``slots``: per lineup slot ``pa``, ``ab``, ``h``, ``tb``, ``bb``,
  ``bk``, ``sh``;
- ``line``: the side's runs per inning (for the records' biggest innings).

Choices made here:
- An at bat is a plate appearance that is not a walk, a balk or a sacrifice. A sacrifice
  bunt counts as one (not an at bat) only when it moved a runner up; otherwise it is an out.
- OBP = (H + BB + balks) / (AB + BB + balks): balks count like hit-by-pitches, sacrifice
  bunts are left out (as sacrifice hits are in the major leagues). AVG = H / AB,
  SLG = TB / AB. All three are worked out from the season's sums, never averaged.
- A hit's bases are read from the state after it (the batter stands on the lowest occupied
  base after any hit short of a home run), not from the outcome's words.
- Columns a game cannot produce (steals in Bedard's game, doubles in Backyard Baseball) are
  left out of that game's tables.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from games.engines.baseball import ordinal
from games.kinds.stats.tables import AVG, DEC2, Column, RecordList, TableSpec, best, ratio

HIT, WALK, BALK, SACRIFICE, OUT = "hit", "walk", "balk", "sacrifice", "out"


@dataclass(frozen=True)
class PlateAppearance:
    slot: str  # "1"-"9", or a Backyard pawn: "dot", "plain"
    kind: str  # HIT, WALK, BALK, SACRIFICE or OUT
    bases: int = 0  # for a hit: 1 single … 4 home run
    strikeout: bool = False


def batter_base(bases: Sequence[bool]) -> int:
    """The base (1-3) of a batter who just hit safely: every runner ends up ahead of him."""
    return next((index + 1 for index, occupied in enumerate(bases) if occupied), 1)


def batting_stats(appearances: Iterable[PlateAppearance], *, line: Sequence[int]) -> dict[str, Any]:
    data: dict[str, Any] = {
        key: 0
        for key in (
            "pa",
            "ab",
            "hits",
            "doubles",
            "triples",
            "home_runs",
            "total_bases",
            "walks",
            "balks",
            "sacrifices",
            "strikeouts",
        )
    }
    slots: dict[str, dict[str, int]] = {}
    for pa in appearances:
        slot = slots.setdefault(pa.slot, {"pa": 0, "ab": 0, "h": 0, "tb": 0, "bb": 0})
        data["pa"] += 1
        slot["pa"] += 1
        if pa.kind in (HIT, OUT):
            data["ab"] += 1
            slot["ab"] += 1
        if pa.kind == HIT:
            data["hits"] += 1
            data["total_bases"] += pa.bases
            slot["h"] += 1
            slot["tb"] += pa.bases
            key = {2: "doubles", 3: "triples", 4: "home_runs"}.get(pa.bases)
            if key:
                data[key] += 1
        elif pa.kind == WALK:
            data["walks"] += 1
            slot["bb"] += 1
        elif pa.kind == BALK:
            data["balks"] += 1
            slot["bk"] = slot.get("bk", 0) + 1
        elif pa.kind == SACRIFICE:
            data["sacrifices"] += 1
            slot["sh"] = slot.get("sh", 0) + 1
        data["strikeouts"] += pa.strikeout
    data["slots"] = slots
    data["line"] = list(line)
    return data


# --- totals ---------------------------------------------------------------------------------


def averages(sums: dict[str, Any], *, hits: str, walks: str, balks: str) -> dict[str, Any]:
    ab = sums.get("ab", 0)
    on_base = sums.get(hits, 0) + sums.get(walks, 0) + sums.get(balks, 0)
    chances = ab + sums.get(walks, 0) + sums.get(balks, 0)
    tb = sums.get("tb" if hits == "h" else "total_bases", 0)
    return {
        "avg": ratio(sums.get(hits, 0), ab),
        "obp": ratio(on_base, chances),
        "slg": ratio(tb, ab),
    }


def summarise(rows: Sequence[Any], sums: dict[str, Any]) -> dict[str, Any]:
    """A team's (or a season's) totals from its stats rows and their summed ``data``."""
    games = len(rows)
    runs = sum(row.runs_for for row in rows)
    allowed = sum(row.runs_against for row in rows)
    wins = sum(row.result == "W" for row in rows)
    losses = sum(row.result == "L" for row in rows)
    return {
        **{key: value for key, value in sums.items() if not isinstance(value, dict)},
        "games": games,
        "wins": wins,
        "losses": losses,
        "ties": games - wins - losses,
        "win_pct": ratio(wins, games),
        "best": max((row.runs_for for row in rows), default=None),
        "runs": runs,
        "runs_per_game": ratio(runs, games),
        "runs_allowed": allowed,
        "runs_allowed_per_game": ratio(allowed, games),
        **averages(sums, hits="hits", walks="walks", balks="balks"),
        "slots": sums.get("slots", {}),
    }


def slot_sources(summary: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Per lineup slot, in batting order: its sums and AVG, OBP, SLG."""
    slots = summary.get("slots", {})
    keys = sorted(slots, key=lambda k: (not k.isdigit(), int(k) if k.isdigit() else 0, k))
    return [
        (key, {**slots[key], **averages(slots[key], hits="h", walks="bb", balks="bk")})
        for key in keys
    ]


# --- columns --------------------------------------------------------------------------------

G = Column("games", "G", "games")
R = Column("runs", "R", "runs")
RPG = Column("runs_per_game", "R/G", "runs per game", DEC2)
PA = Column("pa", "PA", "plate appearances")
AB = Column("ab", "AB", "at bats")
H = Column("hits", "H", "hits")
DOUBLES = Column("doubles", "2B", "doubles")
TRIPLES = Column("triples", "3B", "triples")
HR = Column("home_runs", "HR", "home runs")
BB = Column("walks", "BB", "walks")
SO = Column("strikeouts", "SO", "strike-outs")
SB = Column("steals", "SB", "stolen bases")
CS = Column("caught_stealing", "CS", "caught stealing")
BA = Column("avg", "AVG", "batting average", AVG)
OBP = Column("obp", "OBP", "on-base percentage", AVG)
SLG = Column("slg", "SLG", "slugging percentage", AVG)
RA = Column("runs_allowed", "RA", "runs allowed")
RAPG = Column("runs_allowed_per_game", "RA/G", "runs allowed per game", DEC2)

SLOT_TABLE = TableSpec(
    "slots",
    "Batting by lineup slot",
    (
        Column("pa", "PA", "plate appearances"),
        Column("ab", "AB", "at bats"),
        Column("h", "H", "hits"),
        Column("tb", "TB", "total bases"),
        Column("bb", "BB", "walks"),
        BA,
        OBP,
        SLG,
    ),
)

PITCHING = TableSpec("pitching", "Pitching", (G, RA, RAPG))


def batting_table(*extra: Column) -> TableSpec:
    return TableSpec("batting", "Batting", (G, R, RPG, PA, AB, H, *extra, BA, OBP, SLG))


# --- records --------------------------------------------------------------------------------


def records(rows: Sequence[Any], *, one_sided: bool = False) -> list[RecordList]:
    """The season's best games: highest totals, biggest innings, most hits, biggest wins."""
    lists = [
        best(
            "totals",
            "Best scores" if one_sided else "Highest totals",
            "Runs",
            ((row.runs_for, row, str(row.runs_for), _score(row, one_sided)) for row in rows),
        ),
        best(
            "innings",
            "Biggest innings",
            "Runs",
            (
                (runs, row, str(runs), f"{ordinal(number)} inning")
                for row in rows
                for number, runs in enumerate(row.data.get("line", []), start=1)
                if runs
            ),
        ),
        best(
            "hits",
            "Most hits in a game",
            "Hits",
            (
                (row.data["hits"], row, str(row.data["hits"]), _score(row, one_sided))
                for row in rows
                if row.data.get("hits")
            ),
        ),
    ]
    if not one_sided:
        lists.append(
            best(
                "wins",
                "Biggest wins",
                "Margin",
                (
                    (margin, row, str(margin), _score(row, False), _runs(margin))
                    for row in rows
                    if row.result == "W" and (margin := row.runs_for - row.runs_against) > 0
                ),
            )
        )
    return lists


def _runs(n: int) -> str:
    return "run" if n == 1 else "runs"


def _score(row: Any, one_sided: bool) -> str:
    if one_sided:
        return "won" if row.result == "W" else "lost"
    word = {"W": "won", "L": "lost"}.get(row.result, "tied")
    return f"{word} {row.runs_for}–{row.runs_against}"
