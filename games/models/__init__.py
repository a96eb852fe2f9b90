"""The app's models: games and their logs (``games.py``); leagues, seasons, teams, fixtures
and per-game stats (``leagues.py``); corrections and reopenings (``corrections.py``); and
win-probability tables and each game's swing (``win_tables.py``)."""

from games.models.corrections import GameReopening, PlayCorrection
from games.models.games import CardCatalogue, Game, Play, game_choices
from games.models.leagues import Fixture, GameStats, League, Season, Team
from games.models.win_tables import WinSwing, WinTable

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
    "WinSwing",
    "WinTable",
    "game_choices",
]
