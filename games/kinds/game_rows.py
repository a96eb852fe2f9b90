"""What a list shows of one game, from its stored summary: its sides' scores and its result in
words. Every list of games (archive, season and team pages, cups, the API, win-probability
swings) draws its rows with these; no game is replayed to draw a row."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from games.engines.quick_tennis.state import SetScore
from games.engines.quick_tennis.words import set_text
from games.kinds import CRICKET, TENNIS
from games.kinds import kind as game_kind
from games.models import Fixture, Game, Team


@dataclass(frozen=True)
class SideLine:
    name: str
    score: str
    team: Team | None = None
    won: bool = False


@dataclass(frozen=True)
class GameRow:
    game: Game | None
    sides: tuple[SideLine, ...]
    status: str  # "final", "live", "void", "no_result" or "scheduled"
    result: str
    played_on: datetime.datetime | datetime.date | None
    fixture: Fixture | None = None


def played_at(game: Game) -> datetime.datetime:
    return game.finished_at or game.created_at


def side_scores(summary: dict[str, Any], sides: int, *, family: str) -> list[str]:
    """Each side's score as a list shows it: runs, or cricket innings ("120/7 & 88/10")."""
    innings = summary.get("innings")
    if family == CRICKET and innings is not None:
        texts = []
        for side in range(sides):
            played = [i for i in innings if i.get("batting") == side]
            texts.append(" & ".join(_innings_text(i) for i in played) or "–")
        return texts
    score = summary.get("score") or []
    return [str(score[side]) if side < len(score) else "–" for side in range(sides)]


def _innings_text(innings: dict[str, Any]) -> str:
    text = f"{innings['runs']}/{innings['wickets']}"
    if innings["wickets"] >= 10:
        text = str(innings["runs"])
    if innings.get("declared"):
        text += "d"
    return text


def result_text(game: Game) -> str:
    """The result in words from the stored summary: "Giants won by 3 runs", "Tied 4–4"."""
    summary = game.summary or {}
    if summary.get("status") != Game.FINAL:
        return ""
    sides = list(game.sides)
    winner = summary.get("winner")
    family = game_kind(game.kind).family
    if len(sides) == 1:
        if summary.get("called"):
            return "Called for rain"
        return "Won" if winner == 0 else "Lost"
    if family == CRICKET:
        margin = summary.get("margin") or {}
        by, value = margin.get("by"), margin.get("value")
        if by == "tie" or winner is None:
            return "Match tied"
        name = sides[winner]
        if by == "innings":
            return f"{name} won by an innings and {_plural(value, 'run')}"
        if by == "wickets":
            return f"{name} won by {_plural(value, 'wicket')}"
        return f"{name} won by {_plural(value, 'run')}"
    if family == TENNIS and winner is not None:
        return f"{sides[winner]} won {sets_text(summary['sets'], summary.get('tiebreaks'), winner)}"
    score = summary.get("score") or []
    high, low = (max(score), min(score)) if score else (0, 0)
    if winner is None:
        return f"Tied {high}–{low}"
    return f"{sides[winner]} won {high}–{low}"


def sets_text(sets: list[list[int]], tiebreaks: list | None, side: int) -> str:
    """Set scores from ``side``'s point of view, as the tennis engine words them:
    "6–4 3–6 7–6(5)"."""
    tiebreaks = tiebreaks or [None] * len(sets)
    return " ".join(
        set_text(SetScore(tuple(games), tuple(points) if points else None), side)
        for games, points in zip(sets, tiebreaks, strict=True)
    )


def _plural(value: Any, word: str) -> str:
    return f"{value} {word}{'' if value == 1 else 's'}"


def game_row(game: Game, fixture: Fixture | None = None) -> GameRow:
    summary = game.summary or {}
    teams = fixture.teams if fixture else []
    scores = side_scores(summary, len(game.sides), family=game_kind(game.kind).family)
    final = summary.get("status") == Game.FINAL
    winner = summary.get("winner") if final else None
    sides = tuple(
        SideLine(
            name=name,
            score=scores[i],
            team=teams[i] if i < len(teams) else None,
            won=winner == i and len(game.sides) > 1,
        )
        for i, name in enumerate(game.sides)
    )
    result = result_text(game)
    if fixture is not None and fixture.is_no_result:
        status, result = "no_result", fixture.outcome_text
    elif game.is_voided:
        status = "void"
    else:
        status = "final" if final else "live"
    return GameRow(
        game=game,
        sides=sides,
        status=status,
        result=result,
        played_on=played_at(game),
        fixture=fixture,
    )


def fixture_row(fixture: Fixture) -> GameRow:
    if fixture.game is not None:
        return game_row(fixture.game, fixture)
    sides = tuple(SideLine(name=team.name, score="", team=team) for team in fixture.teams)
    if fixture.is_no_result:
        return GameRow(
            game=None,
            sides=sides,
            status="no_result",
            result=fixture.outcome_text,
            played_on=fixture.scheduled_on or fixture.outcome_recorded_at,
            fixture=fixture,
        )
    return GameRow(
        game=None,
        sides=sides,
        status="scheduled",
        result="",
        played_on=fixture.scheduled_on,
        fixture=fixture,
    )
