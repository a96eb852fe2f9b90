"""What a knockout tie's games say: who has won it, or which game must be played next.

Pure reading: ``tie_result`` looks at the tie's fixtures and their games and returns a
``TieResult``; ``games.leagues.cups.advance`` writes what follows from it.

How a tie is won (docs/leagues-and-cups.md says the same):

- One leg: the game's winner. Two legs (baseball and cricket only): more runs over both
  games; the second leg is played whatever the first leg's margin.
- Left level (a tied game where the game allows ties, a level aggregate, two solitaire
  players on the same score): a decider, the game's ``decider_options``: a one-over
  eliminator in cricket, a one-inning game in baseball (extra innings where the game plays
  them), the same game again in solitaire. A level decider is followed by another.
- A voided game does not count: its leg is played again. Only games between the tie's
  current entrants count; others (left from before a reopened game changed the bracket) are
  stale and flagged for the organisers.
- A solitaire tie is one game by each player; the higher score goes through.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.engines import get
from games.kinds import kind as game_kind
from games.models import Competition, Entrant, Fixture, Game, Tie

UNPLAYED, LIVE, FINAL = "unplayed", "live", "final"


@dataclass(frozen=True)
class Needed:
    """A game the tie still needs: ``away`` bats first; ``home`` is None in solitaire."""

    leg: int
    decider: bool
    away: int  # team ids
    home: int | None


@dataclass
class TieResult:
    winner: Entrant | None = None
    decided_by: str = ""
    text: str = ""
    needed: list[Needed] = field(default_factory=list)
    stale: list[Fixture] = field(default_factory=list)


def _state(fixture: Fixture) -> str:
    game = fixture.game
    if game is None or game.is_voided:
        return UNPLAYED
    return FINAL if game.summary.get("status") == Game.FINAL else LIVE


def _runs(fixture: Fixture) -> dict[int, int]:
    """Runs (solitaire: the score) by team id in a final game."""
    score = fixture.game.summary.get("score", [])
    return {team.pk: score[side] for side, team in enumerate(fixture.teams) if side < len(score)}


def _winner_team(fixture: Fixture) -> int | None:
    winner = fixture.game.summary.get("winner")
    if winner is None:
        return None
    return fixture.teams[winner].pk


def _current(tie: Tie, fixtures: list[Fixture]) -> tuple[list[Fixture], list[Fixture]]:
    teams = {tie.first.team_id, tie.second.team_id}
    current, stale = [], []
    for fixture in fixtures:
        ids = {fixture.away_id} | ({fixture.home_id} if fixture.home_id else set())
        (current if ids <= teams and (fixture.home_id is None or ids == teams) else stale).append(
            fixture
        )
    return current, stale


def tie_result(tie: Tie, fixtures: list[Fixture], competition: Competition) -> TieResult:
    """The tie's result from ``fixtures`` (all the tie's fixtures, with games and teams)."""
    if tie.first is None or tie.second is None:
        if tie.bye and (tie.first or tie.second):
            return TieResult(winner=tie.first or tie.second, decided_by="bye", text="bye")
        return TieResult(stale=[f for f in fixtures if f.game_id])
    current, stale = _current(tie, fixtures)
    result = TieResult(stale=stale)
    if tie.decided_by == "walkover" and tie.winner_id in (tie.first_id, tie.second_id):
        result.winner, result.decided_by = tie.winner, "walkover"
        result.text = f"{tie.winner.team.name} by walkover"
        return result
    kind = game_kind(competition.season.league.kind)
    one_sided = not two_sided(competition)
    high, low = tie.first, tie.second  # the higher seed sits first
    legs = 2 if competition.two_legs and not one_sided else 1
    by_team = {high.team_id: high, low.team_id: low}

    def counted(fs: list[Fixture]) -> list[Fixture]:
        return [f for f in fs if f.game is None or not f.game.is_voided]

    regular = [f for f in current if not f.decider]
    deciders = [f for f in current if f.decider]
    totals = {high.team_id: 0, low.team_id: 0}
    last_sides: tuple[int, int | None] | None = None
    settled = True
    for leg in range(1, legs + 1):
        in_leg = counted([f for f in regular if f.leg == leg])
        wanted = _leg_sides(leg, legs, high, low, one_sided)
        for away, home in wanted:
            match = [f for f in in_leg if f.away_id == away and f.home_id == home]
            if not match:
                result.needed.append(Needed(leg, False, away, home))
                settled = False
                continue
            fixture = match[-1]
            if _state(fixture) != FINAL:
                settled = False
                continue
            for team_id, runs in _runs(fixture).items():
                totals[team_id] += runs
            last_sides = (fixture.away_id, fixture.home_id)
            if legs == 1 and not one_sided:
                winner = _winner_team(fixture)
                if winner is not None:
                    result.winner, result.decided_by = by_team[winner], "game"
                    result.text = f"{by_team[winner].team.name} won"
                    return result
    if not settled:
        return result
    if legs == 2 or one_sided:
        if totals[high.team_id] != totals[low.team_id]:
            winner = max(totals, key=totals.get)
            result.winner, result.decided_by = by_team[winner], "aggregate"
            what = "on aggregate" if legs == 2 else "on score"
            result.text = (
                f"{by_team[winner].team.name} won {max(totals.values())}–"
                f"{min(totals.values())} {what}"
            )
            return result
    number = 1
    while True:
        wanted = _decider_sides(kind.decider_swaps_sides, last_sides, high, low, one_sided)
        in_decider = counted([f for f in deciders if f.leg == number])
        pending = False
        played: list[Fixture] = []
        for away, home in wanted:
            match = [f for f in in_decider if f.away_id == away and f.home_id == home]
            if not match:
                result.needed.append(Needed(number, True, away, home))
                pending = True
            elif _state(match[-1]) != FINAL:
                pending = True
            else:
                played.append(match[-1])
        result.text = "level: a decider settles the tie"
        if pending:
            return result
        if one_sided:
            scores = {t: r for f in played for t, r in _runs(f).items()}
            if scores[high.team_id] != scores[low.team_id]:
                winner = max(scores, key=scores.get)
                result.winner, result.decided_by = by_team[winner], "decider"
                result.text = f"{by_team[winner].team.name} won the decider"
                return result
        else:
            winner = _winner_team(played[0])
            if winner is not None:
                result.winner, result.decided_by = by_team[winner], "decider"
                result.text = f"{by_team[winner].team.name} won the decider"
                return result
            last_sides = (played[0].away_id, played[0].home_id)
        number += 1


def two_sided(competition: Competition) -> bool:
    return len(get(competition.season.league.kind).default_sides) > 1


def _leg_sides(
    leg: int, legs: int, high: Entrant, low: Entrant, one_sided: bool
) -> list[tuple[int, int | None]]:
    """Who bats first in a regular leg: the higher seed is at home (bats second) in a single
    game and in the second leg; solitaire players each play their own game."""
    if one_sided:
        return [(high.team_id, None), (low.team_id, None)]
    if legs == 2 and leg == 1:
        return [(high.team_id, low.team_id)]
    return [(low.team_id, high.team_id)]


def _decider_sides(
    swaps: bool,
    last: tuple[int, int | None] | None,
    high: Entrant,
    low: Entrant,
    one_sided: bool,
) -> list[tuple[int, int | None]]:
    if one_sided:
        return [(high.team_id, None), (low.team_id, None)]
    if swaps and last is not None:
        return [(last[1], last[0])]
    return [(low.team_id, high.team_id)]
