"""The ``README.md`` inside a season's data pack (``games.archive.season_pack``): every file
of the pack, the game record format, the replay contract and the Retrosheet departures, for
whoever opens the pack."""

from __future__ import annotations

from games.archive import exports
from games.archive.exports import retrosheet_events
from games.kinds import RETROSHEET
from games.kinds import kind as game_kind
from games.models import Game, Season


def readme(season: Season, games: list[Game]) -> str:
    league = season.league
    baseball = RETROSHEET in game_kind(league.kind).exports
    cricket = any(exports.has_cricsheet(game) for game in games) or league.kind == "quick-cricket"
    parts = [
        f"# {league.name} {season.name}: the season's data",
        "",
        f"Written by Scorekeeper: every game of the season ({len(games)}: fixtures' games and "
        "the season's other games, live, final and voided alike, as the season's public page "
        "lists them) and its tables. Everything here is on the public pages too.",
        "",
        "## Files",
        "",
        "- `README.md`: this file.",
        "- `games.csv`: one line per game: its id, its record's file, the game (kind), the "
        "sides, its status (`final` or `in_progress`), the score, whether it is one of the "
        "season's fixtures and whether it was voided (a voided game does not count).",
        "- `records/<game id>.json`: each game's JSON game record, exactly as the game page's "
        'download (`/games/<id>/record.json`). See "The game record" below.',
    ]
    if cricket:
        parts.append(
            "- `cricsheet/<game id>.json`: each Quick Cricket game in Cricsheet's JSON format "
            "(https://cricsheet.org/format/json/), version 1.1.0: four-ball overs; players are "
            "lineup slots (`Hornets 1` to `Hornets 11`; partnership n is slots n, on strike, "
            "and n + 1; the Pace card is bowled by slot 11, the Spin card by slot 10); the "
            "side batting first is the winner of an uncontested toss who chose to bat; a "
            "voided game or a fixture with no result has no result."
        )
    if baseball:
        parts += [
            "- `retrosheet/gamelog.txt`: one line per two-sided game with a line score, in "
            "Retrosheet's game-log format (https://www.retrosheet.org/gamelogs/glfields.txt): "
            "team names instead of codes, the league's name in the league columns, player, "
            "umpire and manager columns empty (these games have no individual players).",
            "- `retrosheet/<game id>.EVE`: the same games as Retrosheet event files "
            '(https://www.retrosheet.org/eventfile.htm). See "Retrosheet departures" below.',
            "- `retrosheet/TEAMyyyy` and `retrosheet/<team code>yyyy.ROS`: for each year the "
            "games were played in, the team file (each team's three-character code, league `S`, "
            "its name) and each team's roster (the placeholder players of its lineup slots), in "
            "Retrosheet's formats, which Chadwick's tools read before the event files: "
            "`cwevent -y <year> -D retrosheet retrosheet/*.EVE` (likewise `cwgame` and `cwbox`).",
        ]
    parts += [
        "- `standings.csv`: the standings table, as the standings page's CSV download.",
        "- `stats.csv`: the season's stats per team, as the stats page's CSV download.",
        "",
        "The CSV files are UTF-8 with a byte-order mark (read them in Python with "
        '`encoding="utf-8-sig"`); a text cell a spreadsheet would run as a formula starts '
        "with `'`.",
        "",
        "## The game record",
        "",
        "A record is one JSON object: `game` (the game's id, e.g. `quick-baseball`), "
        "`options` (per game; every option has a default), `sides` (team names; index 0 bats "
        "first, the visitors; index 1 is home) and `plays` (the physical plays in order, one "
        "object each, as the game's rules describe them; unknown keys are kept and ignored).",
        "",
        "`python manage.py replay records/<game id>.json` (Scorekeeper's command) replays a "
        "record and prints its summary as one JSON object, exit status 0; a malformed or "
        "illegal play prints one line on standard error naming the play by its 1-based "
        "position (`play 7: …`) and exits 1. Every summary has `game`, `status` "
        "(`in_progress` or `final`), `winner` (the winning side's index, or null) and "
        "`score` (per side); baseball adds `inning`, `half`, `outs`, `bases` and "
        "`line_score`, cricket `innings` (per innings: batting side, runs, wickets, overs, "
        "partnerships, fall of wickets, reviews left), `style`, `umpire_cards` and `target`.",
    ]
    if baseball:
        doc = (retrosheet_events.__doc__ or "").split("with these departures:", 1)[-1]
        parts += ["", "## Retrosheet departures", "", doc.strip()]
    return "\n".join(parts) + "\n"
