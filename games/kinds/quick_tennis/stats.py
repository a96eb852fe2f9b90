"""Quick Tennis stats per side (per player): sets, games, tie-breaks, points, serve, rallies.

``side_stats`` stores, for one player of a final match: sets, games and tie-breaks won and
lost; points won and lost; aces served and faced; service games played and held; return
games played and won (breaks); lobs and drop shots called; recoveries; points lost by
running out of cards; the longest rally; and the sets themselves (``sets``: per set the
player's games, the opponent's, and the tie-break's points, the player's first, or null).
Sets and games count finished sets (every set of a final match). The league
standings read ``sets_won``, ``sets_lost``, ``games_won`` and ``games_lost`` from here.

Choices made here:
- A tie-break counts as one game won (7-6), is neither a service nor a return game, and is
  counted apart as a tie-break won or lost.
- A rally's length is its shots, the serve included: an ace is 1, a serve covered and a
  winner from the return is 2.
- Percentages (points won, service games held) are worked out from the sums, never averaged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engines.quick_tennis import Match
from games.engines.record import Replay
from games.kinds.stats.tables import (
    DEC1,
    Column,
    RecordList,
    StatsTable,
    TableSpec,
    add_up,
    best,
    ratio,
)

COUNTS = (
    "sets_won",
    "sets_lost",
    "games_won",
    "games_lost",
    "tiebreaks_won",
    "tiebreaks_lost",
    "points_won",
    "points_lost",
    "aces",
    "aces_against",
    "service_games",
    "service_games_held",
    "return_games",
    "breaks",
    "lobs",
    "drops",
    "recoveries",
    "out_of_cards",
)


def _rally_length(before: Match, tags: tuple[str, ...]) -> int:
    if before.rally is None:
        return 1  # an ace
    return before.rally.shots + ("shot" in tags)


def side_stats(replayed: Replay, side: int) -> dict[str, Any]:
    """What ``side`` did in the match (see the module's docstring)."""
    other = 1 - side
    data: dict[str, Any] = dict.fromkeys(COUNTS, 0)
    longest = 0
    for before, after, outcome in zip(
        replayed.states[:-1], replayed.states[1:], replayed.outcomes, strict=True
    ):
        tags = outcome.tags
        hitter = before.rally.hitter if before.rally else before.point_server
        if hitter == side:
            data["lobs"] += "lob" in tags
            data["drops"] += "drop" in tags
        elif "recovery" in tags:
            data["recoveries"] += 1
        if "ace" in tags:
            data["aces" if before.point_server == side else "aces_against"] += 1
        if "point" not in tags:
            continue
        longest = max(longest, _rally_length(before, tags))
        won = after.points_won[side] > before.points_won[side]
        data["points_won" if won else "points_lost"] += 1
        if "out-of-cards" in tags and not won:
            data["out_of_cards"] += 1
        if "tiebreak" in tags:
            data["tiebreaks_won" if won else "tiebreaks_lost"] += 1
        elif "game" in tags and before.server == side:
            data["service_games"] += 1
            data["service_games_held"] += won
        elif "game" in tags:
            data["return_games"] += 1
            data["breaks"] += won
    match: Match = replayed.final_state
    sets = [
        [
            finished.games[side],
            finished.games[other],
            [finished.tiebreak[side], finished.tiebreak[other]] if finished.tiebreak else None,
        ]
        for finished in match.sets
    ]
    data.update(
        sets_won=match.sets_won[side],
        sets_lost=match.sets_won[other],
        games_won=sum(games for games, _, _ in sets),
        games_lost=sum(games for _, games, _ in sets),
        longest_rally=longest,
        sets=sets,
    )
    return data


# --- totals and tables ------------------------------------------------------------------------

HEADING = "Player"
TABLES = (
    TableSpec(
        "matches",
        "Matches",
        (
            Column("games", "M", "matches"),
            Column("wins", "W", "matches won"),
            Column("losses", "L", "matches lost"),
            Column("sets_won", "Sets W", "sets won"),
            Column("sets_lost", "Sets L", "sets lost"),
            Column("games_won", "Games W", "games won"),
            Column("games_lost", "Games L", "games lost"),
            Column("tiebreaks_won", "TB W", "tie-breaks won"),
            Column("tiebreaks_lost", "TB L", "tie-breaks lost"),
        ),
    ),
    TableSpec(
        "serve",
        "Points, serve and return",
        (
            Column("points_won", "Pts W", "points won"),
            Column("points_lost", "Pts L", "points lost"),
            Column("points_pct", "Pts %", "share of the points won, in per cent", DEC1),
            Column("aces", "Aces", "aces served"),
            Column("aces_against", "Aces ag", "aces faced"),
            Column("service_games", "Svc G", "service games played"),
            Column("held_pct", "Held %", "service games held, in per cent", DEC1),
            Column("return_games", "Ret G", "return games played"),
            Column("breaks", "Breaks", "return games won (breaks of serve)"),
        ),
    ),
    TableSpec(
        "rallies",
        "Rallies",
        (
            Column("lobs", "Lobs", "lobs called"),
            Column("drops", "Drops", "drop shots called"),
            Column("recoveries", "Rec", "recoveries"),
            Column("out_of_cards", "Out", "points lost out of cards"),
            Column("longest_rally", "Longest", "longest rally in shots, the serve included"),
        ),
    ),
)


def summarise(rows: Sequence[Any]) -> dict[str, Any]:
    sums = add_up({k: v for k, v in row.data.items() if k != "longest_rally"} for row in rows)
    games = len(rows)
    wins = sum(row.result == "W" for row in rows)
    points = sums.get("points_won", 0) + sums.get("points_lost", 0)
    held = ratio(100 * sums.get("service_games_held", 0), sums.get("service_games", 0))
    return {
        **dict.fromkeys(COUNTS, 0),
        **sums,
        "games": games,
        "wins": wins,
        "losses": games - wins,
        "points_pct": ratio(100 * sums.get("points_won", 0), points),
        "held_pct": held,
        "longest_rally": max((row.data.get("longest_rally", 0) for row in rows), default=None),
    }


def breakdowns(summary: dict[str, Any]) -> list[StatsTable]:
    return []


# --- records ----------------------------------------------------------------------------------


def sets_text(row: Any) -> str:
    """The match from this player's side: ``6–4 3–6 7–6(5)``."""
    return " ".join(
        f"{mine}–{theirs}" + (f"({min(tiebreak)})" if tiebreak else "")
        for mine, theirs, tiebreak in row.data.get("sets", [])
    )


def _most(rows: Sequence[Any], id: str, title: str, label: str, key: str) -> RecordList:
    """The matches with the most of ``key`` for one player (a count in ``data``)."""
    return best(
        id,
        title,
        label,
        (
            (row.data[key], row, str(row.data[key]), sets_text(row))
            for row in rows
            if row.data.get(key)
        ),
    )


def records(rows: Sequence[Any]) -> list[RecordList]:
    """The season's best: longest rallies, most aces, most one-sided wins, longest matches."""
    return [
        _most(rows, "rallies", "Longest rallies", "Shots", "longest_rally"),
        _most(rows, "aces", "Most aces in a match", "Aces", "aces"),
        best(
            "wins",
            "Most one-sided wins",
            "Games",
            (
                (margin, row, f"+{margin}", sets_text(row), "games")
                for row in rows
                if row.result == "W"
                and (margin := row.data.get("games_won", 0) - row.data.get("games_lost", 0)) > 0
            ),
        ),
        best(
            "longest",
            "Longest matches",
            "Games",
            (
                (total, row, str(total), sets_text(row), "games")
                for row in rows
                if row.result == "W"
                and (total := row.data.get("games_won", 0) + row.data.get("games_lost", 0))
            ),
        ),
    ]
