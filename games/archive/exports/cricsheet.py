"""A Quick Cricket match as JSON in the spirit of Cricsheet (https://cricsheet.org/format/json/).

Built from the engine's final ``Match`` state: each innings' ``Ball`` log holds every
delivery in order, so nothing is re-derived from the plays' words.

Shape: ``{"meta": …, "info": …, "innings": [{"team", "overs": [{"over", "deliveries"}]}]}``
as in Cricsheet, with these choices where the game differs from real cricket:

- Overs are four-ball overs (``info.balls_per_over`` is 4); ``over`` is 0-based, as in
  Cricsheet.
- Quick Cricket has no individual batters or bowlers: a delivery names the partnership it
  belongs to (``"partnership"``, from 1) and the bowling style (``"style"``: pace or spin)
  instead of ``batter``, ``non_striker`` and ``bowler``; ``info.players`` is left out.
- The record holds no toss: the side that batted first (side 0) is given as the toss winner
  who chose to bat.
- ``match_type`` is ``"Test"`` for two innings a side (the game calls it so) and ``"ODM"``
  (Cricsheet's one-day match) for one; ``info.overs`` is left out when overs are unlimited.
- A no ball is 5 runs, all extras (``extras.noballs``). The deliveries of an over before a no
  ball still count their runs but not towards the over (the over starts again): they carry
  ``"counts_in_over": false``.
- Wicket kinds are Cricsheet's ``bowled``, ``lbw`` and ``caught``; a Big Hit caught in the
  outfield is ``caught`` with ``"big_hit": true``. A Big Hit delivery has ``"big_hit": true``.
- A delivery that went to the umpire has ``"appeal"`` (the umpire's decision, ``"out"`` or
  ``"not out"``). A review is ``{"by": team, "decision": the umpire's decision,
  "umpire_card": the card turned on review, "result": "upheld" | "struck down"}``.
- ``info.outcome`` is Cricsheet's: ``{"winner", "by": {"runs" | "wickets" | "innings"}}`` or
  ``{"result": "tie"}``; a match still being played has ``{"result": "in progress"}``.
- The chasing side's last innings has ``"target": {"runs", "overs"}``; a declared innings
  has ``"declared": true``.
"""

from __future__ import annotations

import datetime
from typing import Any

from games.engines.quick_cricket.rules import NO_BALL_RUNS
from games.engines.quick_cricket.state import BALLS_PER_OVER, BATTING, NOT_OUT, OUT, Ball, Match

DATA_VERSION = "1.1.0"
WICKET_KINDS = {"bowled": "bowled", "lbw": "lbw", "caught": "caught", "big_hit_caught": "caught"}


def match_json(
    match: Match,
    *,
    sides: list[str] | tuple[str, ...],
    date: datetime.date | None = None,
    event: str = "",
    season: str = "",
    created: datetime.date | None = None,
    source: str = "",
) -> dict[str, Any]:
    """The Cricsheet-like document of ``match`` (final or still in progress)."""
    meta: dict[str, Any] = {
        "data_version": DATA_VERSION,
        "created": (created or datetime.date.today()).isoformat(),
        "revision": 1,
    }
    if source:
        meta["source"] = source
    return {
        "meta": meta,
        "info": _info(match, list(sides), date=date, event=event, season=season),
        "innings": [_innings(match, number, list(sides)) for number in range(len(match.innings))],
    }


def _info(
    match: Match, sides: list[str], *, date: datetime.date | None, event: str, season: str
) -> dict[str, Any]:
    info: dict[str, Any] = {"balls_per_over": BALLS_PER_OVER}
    if date is not None:
        info["dates"] = [date.isoformat()]
    if event:
        info["event"] = {"name": event}
    info["match_type"] = "Test" if match.innings_per_side == 2 else "ODM"
    info["outcome"] = outcome(match, sides)
    if match.overs is not None:
        info["overs"] = match.overs
    if season:
        info["season"] = season
    info["teams"] = sides
    info["toss"] = {"decision": "bat", "winner": sides[0]}
    return info


def outcome(match: Match, sides: list[str]) -> dict[str, Any]:
    if not match.final or match.margin is None:
        return {"result": "in progress"}
    by, value = match.margin
    if by == "tie" or match.winner is None:
        return {"result": "tie"}
    if by == "innings":
        return {"winner": sides[match.winner], "by": {"innings": 1, "runs": value}}
    return {"winner": sides[match.winner], "by": {by: value}}


def _innings(match: Match, number: int, sides: list[str]) -> dict[str, Any]:
    innings = match.innings[number]
    overs: dict[int, list[dict[str, Any]]] = {}
    for ball in innings.log:
        overs.setdefault(ball.over, []).append(
            delivery(ball, batting=sides[innings.batting], bowling=sides[innings.bowling])
        )
    data: dict[str, Any] = {
        "team": sides[innings.batting],
        "overs": [{"over": over, "deliveries": balls} for over, balls in sorted(overs.items())],
    }
    if innings.declared:
        data["declared"] = True
    target = _target(match, number)
    if target is not None:
        data["target"] = target
    return data


def _target(match: Match, number: int) -> dict[str, Any] | None:
    """The chase's target: only for the last innings of the match, once it is under way."""
    if number != match.total_innings - 1 or len(match.innings) != match.total_innings:
        return None
    target: dict[str, Any] = {"runs": match.target}
    if match.overs is not None:
        target["overs"] = match.overs
    return target


def delivery(ball: Ball, *, batting: str, bowling: str) -> dict[str, Any]:
    """One delivery: runs, extras, wicket, the umpire's decision and any review."""
    extras = NO_BALL_RUNS if ball.no_ball else 0
    # The engine credits no runs on a wicket ball, and a no ball's runs are all extras.
    batter_runs = 0 if ball.no_ball or ball.wicket else ball.runs
    data: dict[str, Any] = {
        "partnership": ball.partnership + 1,
        "style": ball.style,
        "runs": {"batter": batter_runs, "extras": extras, "total": batter_runs + extras},
    }
    if ball.no_ball:
        data["extras"] = {"noballs": extras}
    if not ball.counted:
        data["counts_in_over"] = False
    if ball.big_hit:
        data["big_hit"] = True
    if ball.wicket:
        wicket: dict[str, Any] = {"kind": WICKET_KINDS[ball.wicket]}
        if ball.wicket == "big_hit_caught":
            wicket["big_hit"] = True
        data["wickets"] = [wicket]
    if ball.appeal:
        data["appeal"] = ball.appeal
    if ball.review:
        card = _flip(ball.appeal) if ball.overturned else ball.appeal
        data["review"] = {
            "by": batting if ball.review == BATTING else bowling,
            "decision": ball.appeal,
            "umpire_card": card,
            "result": "struck down" if ball.overturned else "upheld",
        }
    return data


def _flip(decision: str | None) -> str:
    return NOT_OUT if decision == OUT else OUT
