"""The app's models: games and their logs (``games.py``); leagues, seasons, teams, fixtures
and per-game stats (``leagues.py``)."""

from .games import CardCatalogue, Game, Play, game_choices
from .leagues import Fixture, GameStats, League, Season, Team

__all__ = [
    "CardCatalogue",
    "Fixture",
    "Game",
    "GameStats",
    "League",
    "Play",
    "Season",
    "Team",
    "game_choices",
]
