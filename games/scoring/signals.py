"""What scoring tells the rest of the site.

``result_changed`` is sent, inside the write's transaction, whenever a game's result may
have changed: a play ended the game, the last play of a final game was undone, an earlier
play was corrected, or the game was reopened. The leagues connect their stats and cup
brackets to it (``games.leagues.receivers``), so scoring never imports the leagues.

Receivers get ``game`` (the ``Game``, its summary up to date) and run before the
transaction commits: a receiver that fails rolls the write back.
"""

from __future__ import annotations

from django.dispatch import Signal

from games.models import Game

result_changed = Signal()


def send_result_changed(game: Game) -> None:
    """Tell every receiver that ``game``'s result may have changed."""
    result_changed.send(sender=Game, game=game)
