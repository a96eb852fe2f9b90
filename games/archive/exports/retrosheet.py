"""A two-sided baseball game as a line of a Retrosheet game log and as a text box score.

The game log follows Retrosheet's 161 columns in their order
(https://www.retrosheet.org/gamelogs/glfields.txt): strings in double quotes, numbers bare,
a field we do not have left empty. What we have and how it is filled:

- date (the day the game ended, else began), game number ``0`` (a single game), day of week;
- team names (not Retrosheet's three-letter codes) and, for a league game, the league's name
  in the league columns and the team's game number in the season (its counted games so far);
- the score, the length in outs (every out made, both sides), the line scores (Retrosheet
  style: one character per inning, ``(10)`` for ten or more, ``x`` for a bottom half not
  played), the time of game in minutes (from start to end; left empty if under a minute,
  e.g. an imported game);
- per team, the batting counts the game's stats module produces (at bats, hits, doubles,
  triples, home runs, sacrifice hits, walks, strike-outs, stolen bases, caught stealing; a
  count the game cannot produce, like steals in Bedard's game, is left empty), pitchers used
  (1, or 2 after a Quick Baseball relief pitcher), balks (Bedard's balks are charged to the
  fielding side), and putouts (the outs the team's fielders recorded);
- additional information names the game (Scorekeeper, the game, its id); acquisition is
  ``Y`` (the complete play-by-play is held).

No individual players exist in these games, so RBI, pitchers, managers, umpires and
lineups stay empty. The box score is a plain-text page in the spirit of Retrosheet's boxes:
the line score with runs and hits, team batting totals and batting by lineup slot.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from games.plumbing import safe_csv

OFFENSE = (
    "at_bats",
    "hits",
    "doubles",
    "triples",
    "home_runs",
    "rbi",
    "sacrifice_hits",
    "sacrifice_flies",
    "hit_by_pitch",
    "walks",
    "intentional_walks",
    "strikeouts",
    "stolen_bases",
    "caught_stealing",
    "grounded_into_double_plays",
    "catchers_interference",
    "left_on_base",
)
PITCHING = ("pitchers_used", "individual_earned_runs", "team_earned_runs", "wild_pitches", "balks")
DEFENSE = ("putouts", "assists", "errors", "passed_balls", "double_plays", "triple_plays")
# Where each Retrosheet offensive count comes from in the stats module's per-game data.
STATS_KEYS = {
    "at_bats": "ab",
    "hits": "hits",
    "doubles": "doubles",
    "triples": "triples",
    "home_runs": "home_runs",
    "sacrifice_hits": "sacrifices",
    "walks": "walks",
    "strikeouts": "strikeouts",
    "stolen_bases": "steals",
    "caught_stealing": "caught_stealing",
}


def _team_fields(prefix: str) -> list[str]:
    return [f"{prefix}_{name}" for name in (*OFFENSE, *PITCHING, *DEFENSE)]


def _people(role: str) -> list[str]:
    return [f"{role}_id", f"{role}_name"]


FIELDS: tuple[str, ...] = tuple(
    [
        "date",
        "game_number",
        "day_of_week",
        "visiting_team",
        "visiting_league",
        "visiting_game_number",
        "home_team",
        "home_league",
        "home_game_number",
        "visiting_score",
        "home_score",
        "length_in_outs",
        "day_night",
        "completion",
        "forfeit",
        "protest",
        "park_id",
        "attendance",
        "time_of_game",
        "visiting_line_score",
        "home_line_score",
        *_team_fields("visiting"),
        *_team_fields("home"),
        *(
            field
            for umpire in ("hp", "1b", "2b", "3b", "lf", "rf")
            for field in _people(f"umpire_{umpire}")
        ),
        *_people("visiting_manager"),
        *_people("home_manager"),
        *_people("winning_pitcher"),
        *_people("losing_pitcher"),
        *_people("saving_pitcher"),
        *_people("game_winning_rbi"),
        *_people("visiting_starting_pitcher"),
        *_people("home_starting_pitcher"),
        *(
            f"{team}_starter_{slot}_{what}"
            for team in ("visiting", "home")
            for slot in range(1, 10)
            for what in ("id", "name", "position")
        ),
        "additional_info",
        "acquisition_info",
    ]
)
NUMERIC = {
    "game_number",
    "visiting_game_number",
    "home_game_number",
    "visiting_score",
    "home_score",
    "length_in_outs",
    "attendance",
    "time_of_game",
    *(
        f"{team}_{name}"
        for team in ("visiting", "home")
        for name in (*OFFENSE, *PITCHING, *DEFENSE)
    ),
}


def line_score_text(runs: Sequence[int], *, unplayed_bottom: bool = False) -> str:
    """Retrosheet's line score: ``010000(10)0x``."""
    text = "".join(str(r) if r < 10 else f"({r})" for r in runs)
    return text + ("x" if unplayed_bottom else "")


def outs_made(summary: dict[str, Any]) -> tuple[int, int]:
    """Outs made by each side batting: three per half-inning, fewer in the one under way."""
    lines = summary["line_score"]
    current = 0 if summary.get("half") == "top" else 1
    made = [3 * len(lines[0]), 3 * len(lines[1])]
    made[current] -= 3 - min(summary.get("outs", 0), 3)
    return made[0], made[1]


def game_log_row(
    *,
    summary: dict[str, Any],
    sides: Sequence[str],
    stats: Sequence[dict[str, Any]],
    date: datetime.date | None,
    league: str = "",
    game_numbers: Sequence[int | None] = (None, None),
    minutes: int | None = None,
    note: str = "",
) -> dict[str, Any]:
    """The game log's fields by name (``None`` for what we do not have)."""
    row: dict[str, Any] = dict.fromkeys(FIELDS)
    lines = summary["line_score"]
    outs = outs_made(summary)
    final = summary.get("status") == "final"
    if date is not None:
        row["date"] = date.strftime("%Y%m%d")
        row["day_of_week"] = date.strftime("%a")
    row["game_number"] = 0
    row.update(
        visiting_team=sides[0],
        home_team=sides[1],
        visiting_league=league or None,
        home_league=league or None,
        visiting_game_number=game_numbers[0],
        home_game_number=game_numbers[1],
        visiting_score=summary["score"][0],
        home_score=summary["score"][1],
        length_in_outs=outs[0] + outs[1],
        time_of_game=minutes if minutes else None,
        visiting_line_score=line_score_text(lines[0]),
        home_line_score=line_score_text(
            lines[1], unplayed_bottom=final and len(lines[1]) < len(lines[0])
        ),
        additional_info=note or None,
        acquisition_info="Y",
    )
    for side, team in enumerate(("visiting", "home")):
        data, other = stats[side], stats[1 - side]
        for field, key in STATS_KEYS.items():
            row[f"{team}_{field}"] = data.get(key)
        row[f"{team}_pitchers_used"] = 1 + int(data.get("relief", 0))
        row[f"{team}_balks"] = other.get("balks")
        row[f"{team}_putouts"] = outs[1 - side]
    return row


def csv_line(row: dict[str, Any]) -> str:
    """One game-log line: strings quoted, numbers bare, unknowns empty, in column order."""
    cells: list[safe_csv.Cell] = []
    for name in FIELDS:
        value = row.get(name)
        if name in NUMERIC:
            cells.append(None if value is None else int(value))
        else:
            cells.append("" if value is None else str(value))
    return safe_csv.quoted_line(cells)


def box_score(
    *,
    summary: dict[str, Any],
    sides: Sequence[str],
    stats: Sequence[dict[str, Any]],
    title: str,
    when: str = "",
) -> str:
    """A readable box score: line score (R, H), team batting, batting by lineup slot."""
    lines = summary["line_score"]
    final = summary.get("status") == "final"
    innings = max(len(lines[0]), len(lines[1]))
    width = max(12, *(len(name) for name in sides)) + 2
    status = "Final" if final else "In progress"
    out = [title, f"{status}{' · ' + when if when else ''}", ""]

    head = "".ljust(width) + "".join(f"{n:>4}" for n in range(1, innings + 1)) + "     R   H"
    out.append(head)
    for side, name in enumerate(sides):
        runs = list(lines[side])
        cells = [f"{r:>4}" for r in runs]
        if len(runs) < innings:
            cells += ["   x" if final else "    "] * (innings - len(runs))
        hits = stats[side].get("hits")
        out.append(
            name.ljust(width)
            + "".join(cells)
            + f"  {summary['score'][side]:>4}"
            + f"{'' if hits is None else hits:>4}"
        )
    out.append("")

    columns = [
        (label, key)
        for label, key in (
            ("PA", "pa"),
            ("AB", "ab"),
            ("H", "hits"),
            ("2B", "doubles"),
            ("3B", "triples"),
            ("HR", "home_runs"),
            ("BB", "walks"),
            ("SO", "strikeouts"),
            ("SH", "sacrifices"),
            ("SB", "steals"),
            ("CS", "caught_stealing"),
        )
        if any(key in data for data in stats)
    ]
    if columns:
        out.append("Batting".ljust(width) + "".join(f"{label:>4}" for label, _ in columns))
        for side, name in enumerate(sides):
            data = stats[side]
            out.append(name.ljust(width) + "".join(f"{data.get(k, ''):>4}" for _, k in columns))
        out.append("")
    slot_columns = (("PA", "pa"), ("AB", "ab"), ("H", "h"), ("TB", "tb"), ("BB", "bb"))
    for side, name in enumerate(sides):
        slots = stats[side].get("slots") or {}
        if not slots:
            continue
        out.append(f"{name}: batting by lineup slot")
        out.append("  Slot".ljust(width) + "".join(f"{label:>4}" for label, _ in slot_columns))
        for key in sorted(slots, key=lambda k: (not k.isdigit(), int(k) if k.isdigit() else 0, k)):
            values = slots[key]
            out.append(
                f"  {key}".ljust(width) + "".join(f"{values.get(k, 0):>4}" for _, k in slot_columns)
            )
        out.append("")
    outs = outs_made(summary)
    notes = [f"Outs made batting: {sides[0]} {outs[0]}, {sides[1]} {outs[1]}."]
    for side, name in enumerate(sides):
        if stats[side].get("relief"):
            notes.append(f"{name} brought in their relief pitcher.")
    out.extend(notes)
    return "\n".join(out) + "\n"
