"""The league's cards: the card catalogue every fixture and cup game started from now on is
played with (games already started keep the cards they were started with: a game's options
are its own copy)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games.engines import EngineError, get
from games.kinds.catalogues import pinned
from games.leagues.services.common import LeagueError, require_organiser
from games.models import League

OPTION_PREFIX = "option 'catalogue': "


@transaction.atomic
def league_cards_set(*, league: League, user, catalogue: Any) -> League:
    """Set the league's card catalogue: ``None`` for the game's default cards, a built-in's
    reference, or the catalogue's own data (checked by the game's engine; a copy of a built-in
    is stored as that built-in's reference). Raises ``LeagueError`` saying what is wrong."""
    require_organiser(league=league, user=user)
    league = League.objects.select_for_update().get(pk=league.pk)
    options = {name: value for name, value in league.options.items() if name != "catalogue"}
    try:
        # Pinned: a built-in (the default for None) is kept by name and digest, so the
        # league's games keep these cards whatever the site's default becomes.
        league.options = pinned(
            league.kind, get(league.kind).options({**options, "catalogue": catalogue})
        )
    except (EngineError, ValueError) as exc:
        raise LeagueError(f"Cards: {str(exc).removeprefix(OPTION_PREFIX)}") from None
    league.save(update_fields=["options"])
    return league
