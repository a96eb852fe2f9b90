"""What the play-by-play needs to know about corrections: rights, and which plays changed."""

from __future__ import annotations

from typing import Any

from django import template

from games.models import Game
from games.scoring import corrections

register = template.Library()


@register.simple_tag
def correction_info(game: Game, user: Any) -> dict[str, Any]:
    """Rights and audit rows for ``game``'s play-by-play, for the viewing ``user``."""
    # Rendered without a request (no ``user`` in the context) the tag offers no actions.
    known = getattr(user, "is_authenticated", False)
    may = known and corrections.may_correct(game=game, user=user)
    reopened = corrections.is_reopened(game=game) if game.is_final else False
    organiser = known and game.is_final and corrections.is_organiser(game=game, user=user)
    return {
        "can_correct": may and (not game.is_final or reopened),
        "reopened": reopened,
        "can_reopen": organiser and not reopened,
        "can_close": organiser and reopened,
        "by_play": corrections.corrections_by_play(game=game),
        "count": game.corrections.count(),
    }


@register.filter
def corrections_of(by_play: dict[int, list], seq: int) -> list:
    return by_play.get(seq, [])
