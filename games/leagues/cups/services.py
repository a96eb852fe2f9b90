"""Writes for competitions: a knockout cup, playoffs from the standings, a group stage then a
knockout, walkovers. Each checks the organiser's rights, runs in one transaction and raises
``CupError`` (a ``LeagueError``) with what is wrong, leaving everything as it was.

Choices made here:

- A cup has 2 to 64 entrants, each a team of the season's league, once. Seeded draws take the
  entrants in the order given (first = top seed); playoffs take the standings' order.
- A third-place match needs at least four entrants (with three, one semi-final is a bye and
  there would be a single loser).
- Two legs only where the game allows it (``GameKind.two_legs``: baseball and cricket, on
  aggregate runs); a tennis match or a solitaire game is one game.
- A walkover (a side that cannot play) is given by an organiser, with a reason, to a tie whose
  two sides are known and that has no winner yet.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils.text import slugify

from games.engines import get
from games.kinds import kind as game_kind
from games.leagues import services as leagues
from games.leagues import standings
from games.leagues.cups import advance, draw
from games.leagues.cups.results import two_sided
from games.models import Competition, Entrant, Fixture, Game, Season, Team, Tie

MAX_NAME = 80
MAX_REASON = 200
MAX_SEED = 999_999


class CupError(leagues.LeagueError):
    """A competition write that cannot be done as asked; the message says why."""


def _check_name(season: Season, name: str) -> tuple[str, str]:
    name = " ".join(str(name).split())
    if not name:
        raise CupError("The competition needs a name.")
    if len(name) > MAX_NAME:
        raise CupError(f"The competition's name is too long (at most {MAX_NAME} characters).")
    if season.competitions.filter(name__iexact=name).exists():
        raise CupError(f"{season} already has a competition called {name!r}.")
    taken = set(season.competitions.values_list("slug", flat=True))
    base = slugify(name)[:70] or "cup"
    slug, n = base, 1
    while slug in taken:
        n += 1
        slug = f"{base}-{n}"
    return name, slug


def _check_teams(season: Season, teams: Sequence[Team]) -> list[Team]:
    league = season.league
    teams = list(teams)
    if len(teams) < draw.MIN_ENTRANTS:
        raise CupError("A cup needs at least two entrants.")
    if len(teams) > draw.MAX_ENTRANTS:
        raise CupError(f"A cup takes at most {draw.MAX_ENTRANTS} entrants.")
    seen: set[int] = set()
    for team in teams:
        if team.league_id != league.pk:
            raise CupError(f"{team.name} is not a team of {league.name}.")
        if team.pk in seen:
            raise CupError(f"{team.name} is entered twice.")
        seen.add(team.pk)
    return teams


def _check_options(season: Season, *, entrants: int, third_place: bool, two_legs: bool) -> None:
    league = season.league
    if third_place and entrants < 4:
        raise CupError("A third-place match needs at least four entrants.")
    if two_legs and not game_kind(league.kind).two_legs:
        raise CupError(f"{get(league.kind).name} ties are one game: two legs are not possible.")


def _draw_seed(draw_kind: str, seed: int | None) -> int | None:
    if draw_kind == Competition.SEEDED:
        return None
    if draw_kind != Competition.RANDOM:
        raise CupError("The draw is either seeded or random.")
    if seed is None:
        return secrets.randbelow(MAX_SEED) + 1
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise CupError(f"The draw's seed must be a whole number from 0 to {MAX_SEED}.")
    return seed


def _begin(season: Season, user, name: str, teams: Sequence[Team]) -> tuple[str, str, list[Team]]:
    """The checks every new competition starts with, the season locked so that two
    organisers cannot take one name at once: rights, name and slug, entrants."""
    leagues.require_organiser(league=season.league, user=user)
    Season.objects.select_for_update().get(pk=season.pk)
    name, slug = _check_name(season, name)
    return name, slug, _check_teams(season, teams)


def _create(
    season: Season,
    name: str,
    slug: str,
    teams: list[Team],
    draw_kind: str,
    draw_seed: int | None,
    **fields: Any,
) -> tuple[Competition, list[Team]]:
    """The competition's row, and its entrants in seed order (shuffled for a random draw)."""
    seed = _draw_seed(draw_kind, draw_seed)
    if seed is not None:
        teams = draw.random_order(teams, seed)
    competition = Competition.objects.create(
        season=season, name=name, slug=slug, draw=draw_kind, draw_seed=seed, **fields
    )
    return competition, teams


@transaction.atomic
def cup_create(
    *,
    season: Season,
    user,
    name: str,
    teams: Sequence[Team],
    draw_kind: str = Competition.SEEDED,
    draw_seed: int | None = None,
    third_place: bool = False,
    two_legs: bool = False,
    from_standings: bool = False,
) -> Competition:
    """A knockout cup of ``teams`` (top seed first); a random draw shuffles them with
    ``draw_seed`` (chosen and kept when not given)."""
    name, slug, teams = _begin(season, user, name, teams)
    _check_options(season, entrants=len(teams), third_place=third_place, two_legs=two_legs)
    competition, teams = _create(
        season,
        name,
        slug,
        teams,
        draw_kind,
        draw_seed,
        format=Competition.CUP,
        third_place=third_place,
        two_legs=two_legs,
        from_standings=from_standings,
    )
    entrants = [
        Entrant.objects.create(competition=competition, team=team, seed=number)
        for number, team in enumerate(teams, start=1)
    ]
    advance.build_bracket(competition, entrants)
    return competition


def playoffs_create(
    *,
    season: Season,
    user,
    name: str,
    top: int,
    third_place: bool = False,
    two_legs: bool = False,
) -> Competition:
    """Playoffs: the top ``top`` of the season's standings (their tie-breaks decide the
    places) seeded into a cup."""
    leagues.require_organiser(league=season.league, user=user)
    table = standings.season_standings(season=season)
    if isinstance(top, bool) or not isinstance(top, int) or top < draw.MIN_ENTRANTS:
        raise CupError("Playoffs need at least the top two.")
    if top > len(table.rows):
        raise CupError(f"The standings have {len(table.rows)} teams, fewer than {top}.")
    if not table.games_counted:
        raise CupError(f"{season} has no results yet: the standings cannot seed playoffs.")
    teams = [row.team for row in table.rows[:top]]
    return cup_create(
        season=season,
        user=user,
        name=name,
        teams=teams,
        third_place=third_place,
        two_legs=two_legs,
        from_standings=True,
    )


@transaction.atomic
def groups_create(
    *,
    season: Season,
    user,
    name: str,
    teams: Sequence[Team],
    groups: int,
    per_group: int,
    draw_kind: str = Competition.SEEDED,
    draw_seed: int | None = None,
    third_place: bool = False,
    two_legs: bool = False,
) -> Competition:
    """Groups dealt by the snake order of seeds, each a round robin; the top ``per_group``
    of each go through to a knockout drawn when the last group game is final."""
    name, slug, teams = _begin(season, user, name, teams)
    if not two_sided(Competition(season=season)):
        raise CupError("A group stage needs a game of two sides.")
    if isinstance(groups, bool) or not isinstance(groups, int) or not 2 <= groups <= 8:
        raise CupError("Choose 2 to 8 groups.")
    if len(teams) < 2 * groups:
        raise CupError(f"{groups} groups need at least {2 * groups} entrants (two a group).")
    smallest = len(teams) // groups
    if isinstance(per_group, bool) or not isinstance(per_group, int) or per_group < 1:
        raise CupError("At least one of each group must go through.")
    if per_group >= smallest:
        raise CupError(f"With {smallest} in the smallest group, at most {smallest - 1} go through.")
    _check_options(season, entrants=groups * per_group, third_place=third_place, two_legs=two_legs)
    competition, teams = _create(
        season,
        name,
        slug,
        teams,
        draw_kind,
        draw_seed,
        format=Competition.GROUPS,
        third_place=third_place,
        two_legs=two_legs,
        groups=groups,
        per_group=per_group,
    )
    letters = draw.snake_groups(len(teams), groups)
    by_group: dict[str, list[Team]] = {}
    for number, (team, letter) in enumerate(zip(teams, letters, strict=True), start=1):
        Entrant.objects.create(competition=competition, team=team, seed=number, group=letter)
        by_group.setdefault(letter, []).append(team)
    for letter, members in sorted(by_group.items()):
        for pairs in leagues.circle_rounds(members):
            for away, home in pairs:
                Fixture.objects.create(
                    season=season, competition=competition, group=letter, away=away, home=home
                )
    return competition


def _locked_tie(tie: Tie) -> tuple[Competition, Tie]:
    competition = advance.lock(tie.competition_id)
    return competition, Tie.objects.select_related("first__team", "second__team").get(pk=tie.pk)


@transaction.atomic
def tie_walkover(*, tie: Tie, user, team: Team, reason: str) -> Tie:
    """``team`` goes through without playing (the other side cannot)."""
    leagues.require_organiser(league=tie.competition.season.league, user=user)
    competition, tie = _locked_tie(tie)
    reason = " ".join(str(reason).split())
    if not reason:
        raise CupError("Give the reason for the walkover.")
    if len(reason) > MAX_REASON:
        raise CupError(f"The reason is too long (at most {MAX_REASON} characters).")
    if tie.first is None or tie.second is None:
        raise CupError("This tie's sides are not known yet.")
    if tie.winner_id is not None:
        raise CupError(f"This tie is already decided: {tie.winner.team.name} went through.")
    if team.pk not in (tie.first.team_id, tie.second.team_id):
        raise CupError(f"{team.name} is not in this tie.")
    live = tie.fixtures.filter(game__isnull=False, game__voided_at__isnull=True)
    if any(f.game.summary.get("status") != Game.FINAL for f in live):
        raise CupError("A game of this tie is being played: finish or void it first.")
    tie.winner = tie.first if team.pk == tie.first.team_id else tie.second
    tie.decided_by = "walkover"
    tie.walkover_reason = reason
    tie.save(update_fields=["winner", "decided_by", "walkover_reason"])
    tie.fixtures.filter(game__isnull=True).delete()  # nothing left to play
    advance.touch(competition)
    advance.send_on(competition, tie)
    return tie


@transaction.atomic
def tie_walkover_undo(*, tie: Tie, user) -> Tie:
    leagues.require_organiser(league=tie.competition.season.league, user=user)
    competition, tie = _locked_tie(tie)
    if tie.decided_by != "walkover":
        raise CupError("This tie was not given as a walkover.")
    tie.decided_by, tie.walkover_reason = "", ""
    tie.save(update_fields=["decided_by", "walkover_reason"])
    advance.settle(competition, tie)
    return tie


def tie_start(*, fixture: Fixture, user) -> Game:
    """Start a cup fixture's game: refused while its tie's sides are not known."""
    leagues.require_organiser(league=fixture.season.league, user=user)
    if fixture.competition_id is None:
        return leagues.fixture_start(fixture=fixture, user=user)
    tie = fixture.tie
    if tie is not None and (tie.first_id is None or tie.second_id is None):
        raise CupError("This tie's sides are not known yet.")
    return leagues.fixture_start(fixture=fixture, user=user)
