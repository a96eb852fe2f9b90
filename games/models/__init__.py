"""The app's models: games and their logs (``games.py``); leagues, seasons, teams, fixtures
and per-game stats (``leagues.py``); cups and group stages (``competitions.py``); corrections
and reopenings (``corrections.py``); win-probability tables and each game's swing
(``win_tables.py``); and the background jobs waiting or running (``jobs.py``)."""

from games.models.competitions import Competition, Entrant, Tie
from games.models.corrections import GameReopening, PlayCorrection
from games.models.games import CardCatalogue, Game, Play, game_choices
from games.models.jobs import PendingJob
from games.models.leagues import Fixture, GameStats, League, Season, Team
from games.models.win_tables import WinSwing, WinTable

__all__ = [
    "CardCatalogue",
    "Competition",
    "Entrant",
    "Fixture",
    "Game",
    "GameReopening",
    "GameStats",
    "League",
    "PendingJob",
    "Play",
    "PlayCorrection",
    "Season",
    "Team",
    "Tie",
    "WinSwing",
    "WinTable",
    "game_choices",
]
