"""Giving and taking a league's organiser rights.

A league's organisers (or staff) give or take organiser rights. Nobody removes their own
rights, so a league is never left by accident without the person who was managing it.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction

from games.leagues.services.common import LeagueError, require_organiser
from games.models import League


@transaction.atomic
def organiser_grant(*, league: League, username: str, user):
    """Give an existing user organiser rights for ``league``. Returns that user."""
    require_organiser(league=league, user=user)
    users = get_user_model().objects
    try:
        organiser = users.get(username=username.strip())
    except users.model.DoesNotExist:
        raise LeagueError(f"There is no user called {username.strip()!r}.") from None
    league.organisers.add(organiser)
    return organiser


@transaction.atomic
def organiser_revoke_refusal(*, league: League, organiser, user) -> str:
    """Why ``user`` cannot take ``organiser``'s rights over ``league`` ('' when they can)."""
    if organiser.pk == user.pk:
        return "You cannot take away your own organiser rights; ask another organiser."
    if not league.organisers.filter(pk=organiser.pk).exists():
        return f"{organiser.get_username()} does not manage {league.name}."
    return ""


def organiser_revoke(*, league: League, organiser, user) -> None:
    require_organiser(league=league, user=user)
    refusal = organiser_revoke_refusal(league=league, organiser=organiser, user=user)
    if refusal:
        raise LeagueError(refusal)
    league.organisers.remove(organiser)
