"""What each game's scoring screen and scoreboard draw, computed from a replayed scoreboard.

One module per game; ``context(board)`` picks it by game id.
"""

from __future__ import annotations

from typing import Any

from ..selectors import Scoreboard
from . import quick_baseball, quick_cricket

_SCREENS = {"quick-baseball": quick_baseball.context, "quick-cricket": quick_cricket.context}


def context(board: Scoreboard) -> dict[str, Any]:
    build = _SCREENS.get(board.game.kind)
    return build(board) if build else {}
