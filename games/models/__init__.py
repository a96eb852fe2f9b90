"""The app's models: games and their logs (``games.py``); leagues, seasons, teams, fixtures
and per-game stats (``leagues.py``); corrections and reopenings (``corrections.py``); disposable
copies of each game's current board (``state.py``)."""

from .corrections import GameReopening, PlayCorrection
from .games import CardCatalogue, Game, Play, game_choices
from .leagues import Fixture, GameStats, League, Season, Team
from .state import GameState, PlayChunk

__all__ = [
    "CardCatalogue",
    "Fixture",
    "Game",
    "GameReopening",
    "GameState",
    "GameStats",
    "League",
    "Play",
    "PlayChunk",
    "PlayCorrection",
    "Season",
    "Team",
    "game_choices",
]
