"""The Retrosheet files of a baseball season's data pack (``games.archive.season_pack``): the
game log, Chadwick's team file and a roster per team, and each game's event file.

Chadwick's tools (``cwevent``, ``cwgame``, ``cwbox``) read ``TEAMyyyy`` and ``CODEyyyy.ROS``
from the folder given with ``-D`` before any event file, for the year given with ``-y``: the
pack writes them for every year its games were played in, all teams of the pack in each. The
teams' codes are worked out once over the whole pack (``retrosheet_teams.team_codes``), so a
team has the same code, roster and player ids in every game.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from games.archive import exports
from games.archive.exports import retrosheet_events, retrosheet_teams
from games.engines import EngineError
from games.engines.record import Replay, ReplayError
from games.kinds.records import replay_game
from games.models import Game

FOLDER = "retrosheet"
BATTER = re.compile(r"\bBatter (\d)\b")
# Backyard Baseball's two pawns, who bat in turn, as lineup slots.
PAWN_SLOTS = {"dot": 1, "plain": 2}


def team_names(game: Game) -> tuple[str, str]:
    """The names the sides go by in the team file: two sides of one name are two teams."""
    visitors, home = game.sides[0], game.sides[1]
    return (visitors, home) if visitors != home else (visitors, f"{home} (home)")


def retrosheet_files(games: Sequence[Game]) -> Iterator[tuple[str, str]]:
    """The season's game log, the team file and rosters of each year, then each game's event
    file (games whose log no longer replays are left out)."""
    lines, exported = [], []
    for game in games:
        try:
            if not exports.has_retrosheet(game):
                continue
            lines.append(exports.game_log_csv(game))
            exported.append((game, event_plays(replay_game(game))))
        except (ReplayError, EngineError, exports.NotExportable):
            continue
    yield f"{FOLDER}/gamelog.txt", "".join(lines)
    codes = retrosheet_teams.team_codes(name for game, _ in exported for name in team_names(game))
    teams = {code: name for name, code in codes.items()}
    years = [exports.game_date(game).year for game, _ in exported]
    for name, text in retrosheet_teams.team_and_roster_files(teams, years):
        yield f"{FOLDER}/{name}", text
    for game, (plays, pitches) in exported:
        names = team_names(game)
        yield (
            f"{FOLDER}/{game.pk}.EVE",
            _event_file(game, plays, pitches, [codes[names[0]], codes[names[1]]]),
        )


def event_plays(replayed: Replay) -> tuple[list[retrosheet_events.PlayIn], bool]:
    """A replayed game's plays as the event writer reads them (inning, side, bases before and
    after, runs and the batter from the summaries around each play), and whether the game has
    pitches."""
    engine = replayed.engine
    summaries = [engine.summary(state) for state in replayed.states]
    plays = []
    for before, after, outcome in zip(summaries, summaries[1:], replayed.outcomes, strict=False):
        side = 0 if before.get("half", "top") == "top" else 1
        ended = (after.get("inning"), after.get("half")) != (
            before.get("inning"),
            before.get("half"),
        ) or after.get("outs", 0) >= 3
        plays.append(
            retrosheet_events.PlayIn(
                inning=before.get("inning", 1),
                side=side,
                text=outcome.text,
                tags=tuple(outcome.tags),
                runs=after["score"][side] - before["score"][side],
                bases_before=tuple(before.get("bases", (False, False, False))),
                bases_after=None if ended else tuple(after.get("bases", (False, False, False))),
                batter=_batter(before, outcome.text),
                outs=before.get("outs", 0),
            )
        )
    return plays, "balls" in summaries[0]


def _batter(summary: dict, text: str) -> int | None:
    """The lineup slot at bat: the summary's batter, Backyard's pawn, else the words'."""
    if isinstance(summary.get("batter"), int):
        return summary["batter"]
    if summary.get("at_bat") in PAWN_SLOTS:
        return PAWN_SLOTS[summary["at_bat"]]
    found = BATTER.search(text)
    return int(found.group(1)) if found else None


def _event_file(
    game: Game,
    plays: list[retrosheet_events.PlayIn],
    pitches: bool,
    teams: list[str] | None,
) -> str:
    minutes = None
    if game.finished_at:
        minutes = int((game.finished_at - game.created_at).total_seconds() // 60)
    return retrosheet_events.game_events(
        number=game.pk,
        sides=list(team_names(game)),
        date=exports.game_date(game),
        plays=plays,
        minutes=minutes,
        pitches=pitches,
        comment=f"Scorekeeper {game.get_kind_display()} game {game.pk}",
        teams=teams,
    )
