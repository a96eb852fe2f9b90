"""A competition as data: the bracket (and groups) as JSON or CSV, for ``manage.py bracket``,
the bracket page's downloads and backups. Counts stay numbers; nothing yet is ``null`` in JSON
and empty in CSV."""

from __future__ import annotations

import json
from typing import Any

from games.models import Competition, Game, Tie
from games.plumbing import safe_csv

CSV_HEADER = (
    "round",
    "round_name",
    "tie",
    "first_seed",
    "first",
    "second_seed",
    "second",
    "tie_winner",
    "decided_by",
    "leg",
    "decider",
    "away",
    "home",
    "game_id",
    "status",
    "away_score",
    "home_score",
)


def round_name(tie: Tie, rounds: int) -> str:
    if tie.third_place:
        return "Third-place match"
    left = rounds - tie.round
    return {0: "Final", 1: "Semi-finals", 2: "Quarter-finals"}.get(left, f"Round {tie.round}")


def _rounds(competition: Competition) -> int:
    return max((t.round for t in competition.ties.all() if not t.third_place), default=0)


def _entrant(entrant) -> dict[str, Any] | None:
    if entrant is None:
        return None
    return {"seed": entrant.knockout_seed or entrant.seed, "team": entrant.team.name}


def _game(fixture) -> dict[str, Any]:
    game: Game | None = fixture.game
    status = "not started"
    if game is not None:
        status = "void" if game.is_voided else game.summary.get("status", "in_progress")
    score = game.summary.get("score") if game is not None else None
    return {
        "leg": fixture.leg,
        "decider": fixture.decider,
        "group": fixture.group or None,
        "away": fixture.away.name,
        "home": fixture.home.name if fixture.home else None,
        "scheduled_on": fixture.scheduled_on.isoformat() if fixture.scheduled_on else None,
        "game_id": game.pk if game else None,
        "status": status,
        "score": score,
    }


def _ties(competition: Competition) -> list[Tie]:
    return list(
        competition.ties.select_related("first__team", "second__team", "winner__team")
        .prefetch_related("fixtures__away", "fixtures__home", "fixtures__game")
        .order_by("third_place", "round", "slot")
    )


def champion(competition: Competition, ties: list[Tie] | None = None) -> str | None:
    ties = ties if ties is not None else _ties(competition)
    finals = [t for t in ties if not t.third_place and t.round == max(x.round for x in ties)]
    if len(finals) == 1 and finals[0].winner is not None:
        return finals[0].winner.team.name
    return None


def bracket_document(competition: Competition) -> dict[str, Any]:
    season = competition.season
    ties = _ties(competition)
    rounds = max((t.round for t in ties if not t.third_place), default=0)
    group_games = competition.fixtures.filter(tie__isnull=True).select_related(
        "away", "home", "game"
    )
    return {
        "league": season.league.name,
        "season": season.name,
        "competition": competition.name,
        "slug": competition.slug,
        "game": season.league.kind,
        "format": competition.format,
        "draw": competition.draw,
        "draw_seed": competition.draw_seed,
        "third_place": competition.third_place,
        "two_legs": competition.two_legs,
        "groups": competition.groups or None,
        "per_group": competition.per_group or None,
        "champion": champion(competition, ties) if ties else None,
        "entrants": [
            {"seed": e.seed, "team": e.team.name, "group": e.group or None}
            for e in competition.entrants.select_related("team")
        ],
        "group_games": [_game(f) for f in group_games.order_by("group", "id")],
        "ties": [
            {
                "round": tie.round,
                "round_name": round_name(tie, rounds),
                "tie": tie.slot + 1,
                "third_place": tie.third_place,
                "first": _entrant(tie.first),
                "second": _entrant(tie.second),
                "bye": tie.bye,
                "winner": tie.winner.team.name if tie.winner else None,
                "decided_by": tie.decided_by or None,
                "walkover_reason": tie.walkover_reason or None,
                "flag": tie.flag or None,
                "games": [
                    _game(f)
                    for f in sorted(tie.fixtures.all(), key=lambda f: (f.decider, f.leg, f.id))
                ],
            }
            for tie in ties
        ],
    }


def bracket_json(competition: Competition) -> str:
    return json.dumps(bracket_document(competition), ensure_ascii=False, indent=2) + "\n"


def bracket_csv(competition: Competition) -> str:
    """One row per game of each tie (one row for a tie with none yet)."""
    document = bracket_document(competition)
    rows: list[list[Any]] = [list(CSV_HEADER)]
    for tie in document["ties"]:
        first, second = tie["first"] or {}, tie["second"] or {}
        head = [
            tie["round"],
            tie["round_name"],
            tie["tie"],
            first.get("seed"),
            first.get("team"),
            second.get("seed"),
            second.get("team") or ("bye" if tie["bye"] else None),
            tie["winner"],
            tie["decided_by"],
        ]
        for game in tie["games"] or [None]:
            if game is None:
                rows.append(head + [None] * 8)
                continue
            score = game["score"] or [None, None]
            rows.append(
                head
                + [
                    game["leg"],
                    "yes" if game["decider"] else "no",
                    game["away"],
                    game["home"],
                    game["game_id"],
                    game["status"],
                    score[0],
                    score[1] if len(score) > 1 else None,
                ]
            )
    return safe_csv.rows_to_text([["" if c is None else c for c in row] for row in rows])
