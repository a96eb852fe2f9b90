"""A group stage: each group a round robin with its own standings; when every group game is
final, the top places of each group are drawn into the knockout by the usual crossover
(``draw.crossover``).

Group tables are the season's standings table (``standings.season_standings``) over the
group's teams and games, so their tie-breaks are the league's own. A group game corrected
after the knockout was drawn does not redraw it: the knockout has begun on the tables as
they stood; the competition's page shows the groups' tables as they stand now.
"""

from __future__ import annotations

from games.leagues import standings
from games.leagues.cups import draw
from games.leagues.cups.advance import build_bracket
from games.models import Competition, Entrant, Fixture, Game


def group_letters(competition: Competition) -> list[str]:
    return list(draw.GROUP_LETTERS[: competition.groups])


def group_table(competition: Competition, letter: str) -> standings.Standings:
    return standings.season_standings(season=competition.season, group=(competition, letter))


def group_stage_complete(competition: Competition) -> bool:
    """Every group fixture is final, without a result, or voided (and so played again)."""
    fixtures = Fixture.objects.filter(competition=competition, tie__isnull=True).select_related(
        "game"
    )
    return all(
        f.is_no_result
        or (f.game is not None and (f.game.is_voided or f.game.summary.get("status") == Game.FINAL))
        for f in fixtures
    )


def replay_voided(competition: Competition, fixture: Fixture) -> None:
    """A voided group game is played again: a new fixture for the same pairing, once."""
    game = fixture.game
    if game is None or not game.is_voided:
        return
    again = Fixture.objects.filter(
        competition=competition,
        group=fixture.group,
        away=fixture.away,
        home=fixture.home,
        id__gt=fixture.pk,
    )
    if not again.exists():
        Fixture.objects.create(
            season=fixture.season,
            competition=competition,
            group=fixture.group,
            away=fixture.away,
            home=fixture.home,
        )


def qualifiers(competition: Competition) -> list[Entrant]:
    """The knockout's entrants in seed order, from the group tables as they stand."""
    tables = {letter: group_table(competition, letter) for letter in group_letters(competition)}
    entrants = {e.team_id: e for e in competition.entrants.all()}
    order = []
    for letter, place in draw.crossover(competition.groups, competition.per_group):
        rows = tables[letter].rows
        order.append(entrants[rows[place - 1].team.pk])
    return order


def draw_knockout_when_complete(competition: Competition) -> None:
    """Draw the knockout once every group game is final (the competition is locked)."""
    if competition.knockout_drawn or not group_stage_complete(competition):
        return
    order = qualifiers(competition)
    for seed, entrant in enumerate(order, start=1):
        entrant.knockout_seed = seed
        entrant.save(update_fields=["knockout_seed"])
    build_bracket(competition, order)
