"""The plausible players' figures over many simulated games, per game
(docs/win-probability.md prints them): ``python -m games.bench.player_figures [GAMES]``.

Runs per team per inning and plays per game for the baseball games; runs per four-ball over,
wickets per innings and plays per match for cricket; points per game, the server's share of
points and plays per match for tennis; runs per inning and the share won for solitaire.
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from games.engines.players import play_out

# The demo's options (``games/management/demo.py``) and the full-length game.
OPTIONS = {
    "quick-baseball": [{"innings": 3}, {"innings": 9}],
    "quick-cricket": [{"overs": 4}, {"overs": 8}, {"overs": 16}],
    "backyard-baseball": [{"innings": 3}],
    "bedard-baseball": [{"innings": 3}, {"innings": 9}],
    "solitaire-baseball": [{"innings": 9}],
    "quick-tennis": [{"sets": 3}],
}


def _baseball(summaries: list[dict]) -> dict[str, Any]:
    per_inning = [
        sum(line) / len(line) for summary in summaries for line in summary["line_score"] if line
    ]
    return {"runs_per_team_per_inning": statistics.fmean(per_inning)}


def _cricket(summaries: list[dict]) -> dict[str, Any]:
    innings = [inn for summary in summaries for inn in summary["innings"]]
    balls = [int(i["overs"].split(".")[0]) * 4 + int(i["overs"].split(".")[1]) for i in innings]
    return {
        "runs_per_over": sum(i["runs"] for i in innings) / (sum(balls) / 4),
        "wickets_per_innings": statistics.fmean(i["wickets"] for i in innings),
        "all_out_share": statistics.fmean(i["wickets"] >= 10 for i in innings),
    }


def _tennis(summaries: list[dict]) -> dict[str, Any]:
    games = [sum(sum(s) for s in summary["sets"]) for summary in summaries]
    points = [sum(summary["points_won"]) for summary in summaries]
    return {
        "points_per_game": sum(points) / sum(games),
        "sets_per_match": statistics.fmean(len(s["sets"]) for s in summaries),
    }


def _solitaire(summaries: list[dict]) -> dict[str, Any]:
    return {
        "runs_per_inning": statistics.fmean(
            statistics.fmean(s["line_score"][0]) for s in summaries
        ),
        "share_won": statistics.fmean(s["winner"] == 0 for s in summaries),
    }


FIGURES = {
    "quick-baseball": _baseball,
    "backyard-baseball": _baseball,
    "bedard-baseball": _baseball,
    "quick-cricket": _cricket,
    "quick-tennis": _tennis,
    "solitaire-baseball": _solitaire,
}


def figures(game_id: str, options: dict[str, Any], games: int) -> dict[str, Any]:
    started = time.perf_counter()
    played = [play_out(game_id, options, seed) for seed in range(games)]
    summaries = [p.summary for p in played]
    return {
        **{k: round(v, 3) for k, v in FIGURES[game_id](summaries).items()},
        "plays_per_game": round(statistics.fmean(len(p.plays) for p in played), 1),
        "ms_per_game": round(1000 * (time.perf_counter() - started) / games, 1),
    }


def main(games: int) -> None:
    for game_id, option_sets in OPTIONS.items():
        for options in option_sets:
            print(game_id, options, figures(game_id, options, games), flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
