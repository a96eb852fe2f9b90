"""The "Not allowed" page (every 403 of the site), and what it says to someone refused a game's
scoring: who adds a game's scorers and where, so that they know whom to ask.

Who adds scorers is ``services.scorer_add``'s rule: the game's creator only, from the
"Scorers" panel at the foot of the scoring screen. A league or cup game's creator is whoever
started (or imported) it, usually one of the league's organisers; the other organisers cannot
add scorers to it, and the page says so rather than send people to ask them.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.models import Game, League, Season
from games.scoring.services import NotScorer


@dataclass(frozen=True)
class ScorerHelp:
    """What the page tells someone who is not a scorer of ``game``."""

    game: Game
    creator: str  # the username of the one user who adds scorers
    league: League | None  # the league a league or cup game belongs to
    season: Season | None


def scorer_help(game: Game) -> ScorerHelp:
    season = game.season if game.season_id is not None else None
    return ScorerHelp(
        game=game,
        creator=game.created_by.get_username(),
        league=season.league if season is not None else None,
        season=season,
    )


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The site's 403 page (``handler403``): the refusal, and for a game's scoring, how to
    become one of its scorers (signed out: a log-in link back to its scoring screen)."""
    context: dict = {"exception": str(exception)}
    if isinstance(exception, NotScorer):
        context["scorer_help"] = scorer_help(exception.game)
    return render(request, "403.html", context, status=403)
