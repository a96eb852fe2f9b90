"""Win probability: the chance each side wins from any state, with plausible players on both
sides (``games/engines/players.py``), as baseball analysts' win-expectancy tables have it.

- ``model.py``: what a game tells the tables (``Model``): which options a table is built for,
  the compact situations of a state (finest first), and how a state is predicted.
- ``table.py``: a built table (counts of who won from each situation) and its lookup.
- ``build.py``: builds a table by simulating games; ``calibration.py`` checks a table against
  games it was not built from.

Each game's package holds its ``win_probability.py`` with a ``MODEL``; ``model_for(game_id)``
finds it. Pure Python, standard library only, like every engine.
"""

from __future__ import annotations

from .model import Model, NotCovered, model_for
from .table import Table

__all__ = ["Model", "NotCovered", "Table", "model_for"]
