"""What every league write shares: ``LeagueError``, who may write (a league's organisers,
staff), and how names, slugs and a fixture's date and time are checked.

Only staff create leagues; a league's organisers (or staff) manage it. Slugs come from names,
numbered when taken (``spring-2``), and never take a word reserved for a page's address.
A fixture's start time is the league's local wall-clock time, as the players agree it at
the table, and needs a date.
"""

from __future__ import annotations

from datetime import date, time

from django.core.exceptions import PermissionDenied
from django.utils.text import slugify

from games.engines import get
from games.models import Fixture, League


class LeagueError(ValueError):
    """A league write that cannot be done as asked; the message says why."""


def require_organiser(*, league: League, user) -> None:
    if not league.is_organiser(user):
        raise PermissionDenied("Only this league's organisers can manage it.")


def can_create_leagues(user) -> bool:
    return bool(user.is_authenticated and user.is_staff)


def is_any_organiser(user) -> bool:
    """Staff, or organiser of at least one league: who may open the organisers' pages."""
    if not user.is_authenticated:
        return False
    return user.is_staff or user.leagues_organised.exists()


def clean_name(value: str, what: str, max_length: int) -> str:
    """``value`` with its spaces tidied; ``LeagueError`` when empty or too long."""
    name = " ".join(str(value).split())
    if not name:
        raise LeagueError(f"The {what} needs a name.")
    if len(name) > max_length:
        raise LeagueError(f"The {what}'s name is too long (at most {max_length} characters).")
    return name


def unique_slug(name: str, taken: set[str], reserved: frozenset[str], fallback: str) -> str:
    """A slug for ``name`` that is neither ``taken`` nor ``reserved``."""
    base = slugify(name)[:50] or fallback
    slug, n = base, 1
    while slug in taken or slug in reserved:
        n += 1
        slug = f"{base}-{n}"
    return slug


def check_when(scheduled_on: date | None, scheduled_time: time | None) -> None:
    """A start time needs a date (``LeagueError``)."""
    if scheduled_time is not None and scheduled_on is None:
        raise LeagueError("A start time needs a date: give the date too, or leave the time out.")


def two_sided(league: League) -> bool:
    """Whether the league's game has two sides (a solitaire game has one player)."""
    return len(get(league.kind).default_sides) > 1


def locked_fixture(fixture: Fixture, user) -> Fixture:
    """``fixture`` read again and locked for update, for one of its league's organisers."""
    fixture = (
        Fixture.objects.select_for_update().select_related("season__league").get(pk=fixture.pk)
    )
    require_organiser(league=fixture.season.league, user=user)
    return fixture
