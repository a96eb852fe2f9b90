"""The app's models: games and their logs (``games.py``); leagues, seasons, teams, fixtures
and per-game stats (``leagues.py``); and corrections and reopenings (``corrections.py``)."""

from games.models.corrections import GameReopening, PlayCorrection
from games.models.games import CardCatalogue, Game, Play, game_choices
from games.models.leagues import Fixture, GameStats, League, Season, Team

__all__ = [
    "CardCatalogue",
    "Fixture",
    "Game",
    "GameReopening",
    "GameStats",
    "League",
    "Play",
    "PlayCorrection",
    "Season",
    "Team",
    "game_choices",
]
