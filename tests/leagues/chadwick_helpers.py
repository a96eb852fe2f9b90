"""Retrosheet files read by chadwickpy (the pure-Python port of Chadwick's tools): each game's
figures as ``cwgame`` counts them and as the site does, to compare."""

from __future__ import annotations

import csv
import datetime
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from chadwickpy.tools import cli

from games.archive.exports import retrosheet, retrosheet_events, retrosheet_teams
from games.archive.retrosheet_pack import event_plays
from games.engines import get
from games.engines.record import Record, Replay, replay
from games.leagues import stats

# cwgame's fields: game id, runs, hits, left on base (visitors, home); extended: length in
# outs, line scores, AB, HR, SO (visitors), putouts (visitors), AB, HR, SO (home), putouts.
GAME_FIELDS = "0,34-37,40,41"
EXTENDED_FIELDS = "4,8-10,13,20,30,35,38,45,55"
DATE = re.compile(r"^info,date,(\d{4})/", re.MULTILINE)
YEAR = 2026


@dataclass(frozen=True)
class Figures:
    """One game's counts per side (visitors, home)."""

    runs: tuple[int, int]
    hits: tuple[int, int]
    left_on_base: tuple[int, int]
    outs: tuple[int, int]  # outs made batting
    line_score: tuple[str, str]
    at_bats: tuple[int, int]
    home_runs: tuple[int, int]
    strikeouts: tuple[int, int]


def site_figures(kind: str, replayed: Replay) -> Figures:
    """What the site shows: the summary's score, line score and outs, the stats' hits, at bats,
    home runs and strike-outs; left on base is every plate appearance that neither scored nor
    was put out."""
    summary = replayed.summary()
    per_side = [stats.side_stats(kind, replayed, side) for side in (0, 1)]
    outs = retrosheet.outs_made(summary)

    def both(key: str) -> tuple[int, int]:
        return per_side[0].get(key, 0), per_side[1].get(key, 0)

    score = summary["score"]
    return Figures(
        runs=(score[0], score[1]),
        hits=both("hits"),
        left_on_base=(
            per_side[0]["pa"] - score[0] - outs[0],
            per_side[1]["pa"] - score[1] - outs[1],
        ),
        outs=outs,
        line_score=(
            retrosheet.line_score_text(summary["line_score"][0]),
            retrosheet.line_score_text(summary["line_score"][1]),
        ),
        at_bats=both("ab"),
        home_runs=both("home_runs"),
        strikeouts=both("strikeouts"),
    )


def run_tool(tool: cli.Tool, folder: Path, year: int, files: Sequence[Path], *args: str) -> str:
    """One of Chadwick's tools over ``files``, with the team file and rosters of ``folder``;
    its standard output. Any message on standard error (an error or a warning) fails."""
    out: list[str] = []
    err: list[str] = []
    argv = [tool.name, "-Q", "-j", "1", "-y", str(year), "-D", str(folder), *args]
    status = cli.main(tool, [*argv, *map(str, files)], cli.IO(out.append, err.append))
    assert "".join(err) == "", f"{tool.name}: {''.join(err)}"
    assert status == 0
    return "".join(out)


def chadwick_figures(folder: Path) -> dict[str, Figures]:
    """Every event file of ``folder`` through cwevent, cwbox and cwgame, without a message;
    cwgame's figures per game id."""
    by_year: dict[int, list[Path]] = {}
    for path in sorted(folder.glob("*.EVE")):
        text = path.read_text()
        found = DATE.search(text)
        assert found, path
        records = [line.split(",") for line in text.splitlines()]
        starters = {record[1] for record in records if record[0] == "start"}
        assert {record[3] for record in records if record[0] == "play"} <= starters, path
        by_year.setdefault(int(found.group(1)), []).append(path)
    figures: dict[str, Figures] = {}
    for year, files in by_year.items():
        assert run_tool(cli.CWEVENT, folder, year, files).count("\n") > len(files)
        assert run_tool(cli.CWBOX, folder, year, files).count("Game of") == len(files)
        rows = run_tool(cli.CWGAME, folder, year, files, "-f", GAME_FIELDS, "-x", EXTENDED_FIELDS)
        for row in csv.reader(io.StringIO(rows)):
            game, *cells = row
            n = [cell if at in (7, 8) else int(cell) for at, cell in enumerate(cells)]
            # n: runs 0-1, hits 2-3, LOB 4-5, outs 6, lines 7-8, AB HR SO PO 9-12, 13-16
            assert n[6] == n[12] + n[16], game  # every out made is some fielder's putout
            figures[game] = Figures(
                runs=(n[0], n[1]),
                hits=(n[2], n[3]),
                left_on_base=(n[4], n[5]),
                outs=(n[16], n[12]),
                line_score=(str(n[7]), str(n[8])),
                at_bats=(n[9], n[13]),
                home_runs=(n[10], n[14]),
                strikeouts=(n[11], n[15]),
            )
    return figures


@dataclass(frozen=True)
class Played:
    """A game replayed from its record, numbered as a stored game would be."""

    number: int
    kind: str
    sides: tuple[str, str]
    replayed: Replay


def replayed(number: int, kind: str, options: dict[str, Any], plays: Sequence[Any]) -> Played:
    engine = get(kind)
    sides = (f"Visitors {number}", f"Home {number}")
    return Played(number, kind, sides, replay(Record(kind, engine.options(options), sides, plays)))


def write_games(folder: Path, games: Sequence[Played]) -> list[str]:
    """Event files of replayed games, as a season pack writes them, with the team file and
    rosters of their teams; returns the play records' events."""
    folder.mkdir(parents=True, exist_ok=True)
    codes = retrosheet_teams.team_codes(name for game in games for name in game.sides)
    teams = {code: name for name, code in codes.items()}
    for name, text in retrosheet_teams.team_and_roster_files(teams, [YEAR]):
        (folder / name).write_text(text)
    events: list[str] = []
    for game in games:
        plays, pitches = event_plays(game.replayed)
        text = retrosheet_events.game_events(
            number=game.number,
            sides=game.sides,
            date=datetime.date(YEAR, 5, 1),
            plays=plays,
            pitches=pitches,
            teams=[codes[game.sides[0]], codes[game.sides[1]]],
        )
        (folder / f"{game.number}.EVE").write_text(text)
        events += play_events(text)
    return events


def play_events(text: str) -> list[str]:
    """The events of an event file's ``play,`` records."""
    return [line.split(",", 6)[6] for line in text.splitlines() if line.startswith("play,")]


def site_figures_by_id(games: Sequence[Played]) -> dict[str, Figures]:
    return {
        retrosheet_events.game_id(game.number): site_figures(game.kind, game.replayed)
        for game in games
    }
