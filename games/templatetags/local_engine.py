"""``{% local_engine game %}``: what a scoring page needs to start the rules on the tablet
(``games/static/games/engine.js``), or nothing where the local engine is off or not built."""

from __future__ import annotations

import json
from typing import Any

from django import template

from games.plumbing import browser_engine

register = template.Library()


@register.inclusion_tag("games/_local_engine.html")
def local_engine(game: Any) -> dict[str, Any]:
    if not browser_engine.available():
        return {"available": False}
    return {
        "game": game,
        "available": True,
        "sides": json.dumps(list(game.sides)),
        "engines": browser_engine.engines_url_path(),
    }
