"""A Quick Cricket match in Cricsheet's JSON format, version 1.1.0
(https://cricsheet.org/format/json/), so that Cricsheet's readers read it.

Built from the engine's final ``Match`` state: each innings' ``Ball`` log holds every
delivery in order, so nothing is re-derived from the plays' words.

Shape: ``{"meta", "info", "innings": [{"team", "overs": [{"over", "deliveries"}]}]}`` with
every field Cricsheet's readers rely on, and these choices where a card game differs from
real cricket:

- **Players are lineup slots.** Quick Cricket keeps its score per wicket partnership, not per
  batter, so each side is eleven slots named ``"<team> 1"`` to ``"<team> 11"``
  (``info.players``, in batting order). Partnership *n* is slots *n* (on strike for every
  ball of it) and *n + 1*; the wicket that ends it is slot *n*'s, and slot *n + 1* goes on
  with the next batter. So a batter's runs are its partnership's runs off the bat, and
  the unbroken partnership's striker and non-striker are not out. The bowling side's Pace
  card is bowled by its slot 11 and its Spin card by its slot 10.
- **Registry ids** (``info.registry.people``) are eight hex digits, as Cricsheet's: the first
  eight of the SHA-256 of the id's scope and the name. The scope is the league for a league's
  game (a team's slot keeps one id across the league's matches) and the game for a friendly,
  so ids are stable from one download to the next. The umpire is ``"Umpire cards"`` (the
  three face-down cards), in ``info.officials.umpires`` and the registry.
- **No toss.** The side that bats first (a fixture's away side) is written as the winner of an
  uncontested toss who chose to bat (``"uncontested": true``, Cricsheet's word for a match
  without a toss).
- ``info.gender`` is ``"male"``, Cricsheet's category for men's and open cricket (the format
  has no other for a mixed or open game); ``info.team_type`` is ``"club"``; ``info.venue`` is
  ``"Tabletop"``.
- ``match_type`` is ``"ODM"`` (a one-day match between clubs) for one innings a side and
  ``"MDM"`` (a multi-day match between clubs) for two; ``info.overs`` is left out when
  overs are unlimited. Overs are four balls (``info.balls_per_over`` 4), ``over`` 0-based.
- **Reviews**: ``{"by", "umpire", "batter", "decision"}`` with ``decision`` Cricsheet's
  ``"upheld"`` (the umpire's decision was overturned) or ``"struck down"`` (it stood). The
  umpire's own decision is the delivery's ``"appeal"`` (``"out"`` or ``"not out"``).
- **Wickets**: ``{"player_out", "kind"}`` with Cricsheet's kinds ``bowled``, ``lbw`` and
  ``caught``; the game's fielder is a card, not a player, so ``fielders`` is never known and
  left out. A Big Hit caught in the outfield is ``caught`` with ``"big_hit": true``.
- A no ball is 5 runs, all extras (``extras.noballs``). The deliveries of an over before a no
  ball still count their runs but no longer towards the over (the over starts again): they
  carry ``"counts_in_over": false``, and a reader that counts every delivery without extras
  as a ball counts them too.
- **Outcome**: ``{"winner", "by": {"runs" | "wickets" | "innings" and "runs"}}``,
  ``{"result": "tie"}``, or ``{"result": "no result"}`` for a fixture recorded as abandoned
  or no result and for a voided game (both left out of the standings). A match still being
  played has ``{"result": "in progress"}`` (Cricsheet publishes none).
- An innings with no deliveries has no ``overs``; a declared one is ``"forfeited": true``.
  The chase has ``"target": {"runs", "overs"}``; a declared innings ``"declared": true``.
- Beside Cricsheet's fields a delivery keeps the game's own: ``partnership`` (from 1),
  ``style`` (pace or spin), ``big_hit``, ``appeal`` and ``counts_in_over``. Readers ignore
  them.
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass
from typing import Any

from games.engines.quick_cricket.rules import NO_BALL_RUNS
from games.engines.quick_cricket.state import BALLS_PER_OVER, BATTING, PACE, SPIN, Ball, Match

DATA_VERSION = "1.1.0"
WICKET_KINDS = {"bowled": "bowled", "lbw": "lbw", "caught": "caught", "big_hit_caught": "caught"}
XI = 11
BOWLER_SLOTS = {PACE: XI, SPIN: XI - 1}
UMPIRE = "Umpire cards"
GENDER, TEAM_TYPE, VENUE = "male", "club", "Tabletop"
IN_PROGRESS, NO_RESULT, TIE = "in progress", "no result", "tie"


def slot_name(team: str, slot: int) -> str:
    """The player in lineup slot ``slot`` (1-11) of ``team``: ``"Hornets 3"``."""
    return f"{team} {slot}"


def registry_id(scope: str, name: str) -> str:
    """A stable eight-hex-digit id for ``name`` within ``scope`` (a league or a game)."""
    return hashlib.sha256(f"{scope}\n{name}".encode()).hexdigest()[:8]


@dataclass(frozen=True)
class Sides:
    """Who is on the field for one innings: the batting and the bowling team's names."""

    batting: str
    bowling: str

    def striker(self, ball: Ball) -> str:
        return slot_name(self.batting, ball.partnership + 1)

    def non_striker(self, ball: Ball) -> str:
        return slot_name(self.batting, ball.partnership + 2)

    def bowler(self, ball: Ball) -> str:
        return slot_name(self.bowling, BOWLER_SLOTS[ball.style])


def match_json(
    match: Match,
    *,
    sides: list[str] | tuple[str, ...],
    registry_scope: str,
    date: datetime.date | None = None,
    event: str = "",
    season: str = "",
    no_result: bool = False,
    created: datetime.date | None = None,
    source: str = "",
) -> dict[str, Any]:
    """The Cricsheet document of ``match`` (final or still in progress). ``no_result``: the
    league counts no result for it (abandoned, or voided)."""
    meta: dict[str, Any] = {
        "data_version": DATA_VERSION,
        "created": (created or datetime.date.today()).isoformat(),
        "revision": 1,
    }
    if source:
        meta["source"] = source
    sides = list(sides)
    info = _info(match, sides, date=date, event=event, season=season)
    info["outcome"] = {"result": NO_RESULT} if no_result else outcome(match, sides)
    info["players"] = {team: [slot_name(team, n) for n in range(1, XI + 1)] for team in sides}
    people = [name for team in sides for name in info["players"][team]] + [UMPIRE]
    info["registry"] = {"people": {name: registry_id(registry_scope, name) for name in people}}
    return {
        "meta": meta,
        "info": dict(sorted(info.items())),
        "innings": [_innings(match, number, sides) for number in range(len(match.innings))],
    }


def _info(
    match: Match, sides: list[str], *, date: datetime.date | None, event: str, season: str
) -> dict[str, Any]:
    info: dict[str, Any] = {"balls_per_over": BALLS_PER_OVER}
    if date is not None:
        info["dates"] = [date.isoformat()]
    if event:
        info["event"] = {"name": event}
    info["gender"] = GENDER
    info["match_type"] = "MDM" if match.innings_per_side == 2 else "ODM"
    info["officials"] = {"umpires": [UMPIRE]}
    if match.overs is not None:
        info["overs"] = match.overs
    if season:
        info["season"] = season
    info["team_type"] = TEAM_TYPE
    info["teams"] = sides
    info["toss"] = {"decision": "bat", "uncontested": True, "winner": sides[0]}
    info["venue"] = VENUE
    return info


def outcome(match: Match, sides: list[str]) -> dict[str, Any]:
    """Cricsheet's outcome of a final match; ``in progress`` before the end."""
    if not match.final or match.margin is None:
        return {"result": IN_PROGRESS}
    by, value = match.margin
    if by == TIE or match.winner is None:
        return {"result": TIE}
    if by == "innings":
        return {"winner": sides[match.winner], "by": {"innings": 1, "runs": value}}
    return {"winner": sides[match.winner], "by": {by: value}}


def _innings(match: Match, number: int, sides: list[str]) -> dict[str, Any]:
    innings = match.innings[number]
    on_field = Sides(batting=sides[innings.batting], bowling=sides[innings.bowling])
    overs: dict[int, list[dict[str, Any]]] = {}
    for ball in innings.log:
        overs.setdefault(ball.over, []).append(delivery(ball, on_field))
    data: dict[str, Any] = {"team": on_field.batting}
    if overs:
        data["overs"] = [{"over": n, "deliveries": balls} for n, balls in sorted(overs.items())]
    if innings.declared:
        data["declared"] = True
        if not overs:
            data["forfeited"] = True
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


def delivery(ball: Ball, on_field: Sides) -> dict[str, Any]:
    """One delivery: who faced, bowled and backed up, its runs, extras, wicket, the umpire's
    decision and any review."""
    extras = NO_BALL_RUNS if ball.no_ball else 0
    # The engine credits no runs on a wicket ball, and a no ball's runs are all extras.
    batter_runs = 0 if ball.no_ball or ball.wicket else ball.runs
    batter = on_field.striker(ball)
    data: dict[str, Any] = {
        "batter": batter,
        "bowler": on_field.bowler(ball),
        "non_striker": on_field.non_striker(ball),
        "runs": {"batter": batter_runs, "extras": extras, "total": batter_runs + extras},
    }
    if ball.no_ball:
        data["extras"] = {"noballs": extras}
    if ball.wicket:
        data["wickets"] = [_wicket(ball, batter)]
    if ball.review:
        data["review"] = {
            "by": on_field.batting if ball.review == BATTING else on_field.bowling,
            "umpire": UMPIRE,
            "batter": batter,
            "decision": "upheld" if ball.overturned else "struck down",
        }
    data["partnership"] = ball.partnership + 1
    data["style"] = ball.style
    if not ball.counted:
        data["counts_in_over"] = False
    if ball.big_hit:
        data["big_hit"] = True
    if ball.appeal:
        data["appeal"] = ball.appeal
    return data


def _wicket(ball: Ball, batter: str) -> dict[str, Any]:
    wicket: dict[str, Any] = {"player_out": batter, "kind": WICKET_KINDS[ball.wicket or ""]}
    if ball.wicket == "big_hit_caught":
        wicket["big_hit"] = True
    return wicket
