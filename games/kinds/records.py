"""A stored game as the engines read it: its record (kind, options, sides and the plays in
order) and the replay of that record. Every layer that needs a game's states reads them here."""

from __future__ import annotations

from games.engines.record import Record, Replay, replay
from games.models import Game


def game_record(game: Game) -> Record:
    """The game's record: its kind, options, sides and stored plays, in order."""
    payloads = tuple(game.plays.order_by("seq").values_list("payload", flat=True))
    return Record(
        game=game.kind, options=dict(game.options), sides=tuple(game.sides), plays=payloads
    )


def replay_game(game: Game) -> Replay:
    """Replay the stored log. Raises ``ReplayError`` if a stored play no longer replays."""
    return replay(game_record(game))
