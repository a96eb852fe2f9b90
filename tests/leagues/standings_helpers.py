"""Hand-built seasons for the standings tests: stats rows written directly, one final game a
day, so expected numbers can be worked out by hand."""

from datetime import UTC, datetime, timedelta

from games.models import Game, GameStats, League, Season, Team

START = datetime(2026, 4, 1, 12, tzinfo=UTC)


def make_season(kind, names, **league_fields):
    league = League.objects.create(name=f"{kind} L", slug=f"{kind}-l", kind=kind, **league_fields)
    season = Season.objects.create(league=league, name="2026", slug="2026")
    teams = {n: Team.objects.create(league=league, name=n, slug=n.lower()) for n in names}
    return league, season, teams


class Scores:
    """Writes one final game at a time, each a day after the last."""

    def __init__(self, season, user):
        self.season, self.user, self.day = season, user, 0

    def _game(self):
        self.day += 1
        game = Game.objects.create(
            kind=self.season.league.kind, created_by=self.user, season=self.season
        )
        return game, START + timedelta(days=self.day)

    def play(self, away, away_runs, home, home_runs, *, balls=((0, 0), (0, 0))):
        """``balls``: (faced, bowled) per side, as the stats module stores them."""
        game, when = self._game()
        if away_runs == home_runs:
            results = ("T", "T")
        else:
            results = ("W", "L") if away_runs > home_runs else ("L", "W")
        sides = [(away, home, away_runs, home_runs), (home, away, home_runs, away_runs)]
        for side, (team, opponent, rf, ra) in enumerate(sides):
            GameStats.objects.create(
                game=game,
                side=side,
                team=team,
                opponent=opponent,
                season=self.season,
                result=results[side],
                runs_for=rf,
                runs_against=ra,
                balls_faced=balls[side][0],
                balls_bowled=balls[side][1],
                finished_at=when,
            )
        return game

    def solo(self, player, runs, won):
        game, when = self._game()
        GameStats.objects.create(
            game=game,
            side=0,
            team=player,
            season=self.season,
            result="W" if won else "L",
            runs_for=runs,
            finished_at=when,
        )
        return game
