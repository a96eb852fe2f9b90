"""Helpers for the cup tests: leagues with teams, and fixture games given a result without
playing them (the bracket reads only a game's final summary), or really played."""

from __future__ import annotations

from django.utils import timezone

from games.leagues.cups import changes
from games.models import Fixture, Game, League, Season, Team


def make_league(kind="quick-baseball", count=6, options=None, organiser=None):
    league = League.objects.create(
        name=f"{kind} cup league", slug=f"{kind}-cup", kind=kind, options=options or {}
    )
    season = Season.objects.create(league=league, name="2026", slug="2026")
    teams = [
        Team.objects.create(league=league, name=f"Team {n}", slug=f"team-{n}")
        for n in range(1, count + 1)
    ]
    if organiser is not None:
        league.organisers.add(organiser)
    return league, season, teams


def finish(fixture: Fixture, away_runs: int, home_runs: int | None = None, user=None) -> Game:
    """Give ``fixture`` a final game with this score (winner by runs, level = tied)."""
    fixture.refresh_from_db()
    score = [away_runs] if home_runs is None else [away_runs, home_runs]
    if home_runs is None:
        winner = None
    elif away_runs == home_runs:
        winner = None
    else:
        winner = 0 if away_runs > home_runs else 1
    league = fixture.season.league
    game = Game.objects.create(
        kind=league.kind,
        options=league.options,
        sides=[team.name for team in fixture.teams],
        created_by=user or league.organisers.first(),
        season=fixture.season,
        summary={"status": Game.FINAL, "winner": winner, "score": score},
        finished_at=timezone.now(),
    )
    fixture.game = game
    fixture.save(update_fields=["game"])
    changes.game_changed(game)
    return game


def set_result(game: Game, away_runs: int, home_runs: int) -> None:
    """Change a finished game's result (as a correction of a reopened game would)."""
    winner = None if away_runs == home_runs else (0 if away_runs > home_runs else 1)
    game.summary = {"status": Game.FINAL, "winner": winner, "score": [away_runs, home_runs]}
    game.save(update_fields=["summary"])
    changes.game_changed(game)


def open_fixture(tie) -> Fixture:
    """The tie's fixture still to be played (exactly one)."""
    fixtures = list(tie.fixtures.filter(game__isnull=True).order_by("leg", "id"))
    assert len(fixtures) == 1, fixtures
    return fixtures[0]
