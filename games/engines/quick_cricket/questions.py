"""What a delivery still needs from the table before it can be applied: the batter's
duck-or-hit choice under a bouncer, the umpire cards turned, and whether anyone reviews."""

from __future__ import annotations

from typing import Any

from .calls import BOUNCER_QUADRANTS, Appeal, call_for, is_bouncer
from .catalogue import Catalogue
from .parse import parse_play
from .state import BATTING, BOWLING, OUT, Delivery, Match
from .umpire import possible_turns


def pending(match: Match, raw: Any, catalogue: Catalogue) -> dict[str, Any] | None:
    """The next question for the scorer, or ``None`` when the play is complete (it may still
    be illegal: ``apply`` says so). Raises ``InvalidPlay`` for a malformed play."""
    play = parse_play(raw, catalogue)
    innings = match.current
    if (
        match.final
        or not isinstance(play, Delivery)
        or play.no_ball
        or play.path_card in innings.paths_used
    ):
        return None
    if (
        is_bouncer(match, play)
        and not play.big_hit
        and play.move not in BOUNCER_QUADRANTS
        and play.bouncer is None
    ):
        return {"ask": "bouncer", "move": play.move}
    call = call_for(match, play)
    if not isinstance(call, Appeal):
        return None
    down = innings.umpire_down
    if play.umpire is None:
        turn = min(call.cards, down)
        return {
            "ask": "umpire",
            "turn": turn,
            "down": down,
            "appeal": call.words,
            # what the turned cards can say, in the order turned: one tap answers
            "answers": [list(way) for way in possible_turns(turn, down)],
        }
    if play.review is not None:
        return None
    decision = OUT if OUT in play.umpire else "not out"
    side_name = BATTING if decision == OUT else BOWLING
    side = innings.batting if side_name == BATTING else innings.bowling
    if down < 2 or innings.reviews_left[side] == 0:
        return None
    return {
        "ask": "review",
        "decision": decision,
        "side": side,
        "side_name": side_name,
        "reviews_left": innings.reviews_left[side],
        "appeal": call.words,
    }
