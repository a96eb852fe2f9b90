"""Stats stored per final game (``GameStats``), so standings and stats pages read rows
instead of replaying games.

``sync(game)`` is called by the services whenever a game's log or status changes: a final,
not voided game gets one row per side; any other game has none, and neither has the game of
a fixture recorded as abandoned or no result (``Fixture.outcome``). What each game counts lives
in the stats module its ``GameKind`` declares (``games/kinds/<game>/stats.py``) as
``side_stats(replayed, side) -> dict`` (and, for cricket, the balls used for net run rate).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.engines.record import Replay
from games.kinds import kind as game_kind
from games.kinds.records import replay_game
from games.leagues.cups import changes
from games.models import Fixture, Game, GameStats


def _module(kind: str) -> ModuleType:
    return game_kind(kind).stats


def side_stats(kind: str, replayed: Replay, side: int) -> dict[str, Any]:
    return _module(kind).side_stats(replayed, side)


def _balls(kind: str, replayed: Replay, side: int) -> tuple[int, int]:
    module = _module(kind)
    if not hasattr(module, "balls_for_run_rate"):
        return 0, 0
    return module.balls_for_run_rate(replayed, side)


def _result(summary: dict[str, Any], side: int) -> str:
    if summary["winner"] is None:
        return "T" if len(summary["score"]) > 1 else "L"
    return "W" if summary["winner"] == side else "L"


@transaction.atomic
def sync(game: Game, replayed: Replay | None = None) -> None:
    """Make the game's stats rows match its log: rows for a final, counted game, else none;
    then bring a cup's bracket up to date with the game."""
    fixture = getattr(game, "fixture", None)
    _write_rows(game, replayed, fixture)
    if fixture is not None:
        changes.fixture_changed(fixture)


def _write_rows(game: Game, replayed: Replay | None, fixture: Fixture | None) -> None:
    GameStats.objects.filter(game=game).delete()
    final = game.summary.get("status") == Game.FINAL
    if final and game.finished_at is None:
        game.finished_at = timezone.now()
        game.save(update_fields=["finished_at"])
    elif not final and game.finished_at is not None:
        game.finished_at = None
        game.save(update_fields=["finished_at"])
    if not final or game.is_voided:
        return
    if fixture is not None and fixture.is_no_result:
        return
    replayed = replayed or replay_game(game)
    summary = replayed.summary()
    teams = fixture.teams if fixture else [None] * len(summary["score"])
    for side, runs in enumerate(summary["score"]):
        faced, bowled = _balls(game.kind, replayed, side)
        against = summary["score"][1 - side] if len(summary["score"]) > 1 else 0
        GameStats.objects.create(
            game=game,
            side=side,
            team=teams[side] if side < len(teams) else None,
            opponent=teams[1 - side] if len(teams) > 1 else None,
            season=game.season,
            result=_result(summary, side),
            runs_for=runs,
            runs_against=against,
            balls_faced=faced,
            balls_bowled=bowled,
            finished_at=game.finished_at,
            data=side_stats(game.kind, replayed, side),
            competition_id=fixture.competition_id if fixture else None,
        )
