"""Each shape of standings table fills in the same small interface (``table.Family``): the
loop writes the position and the name, the family every other column, and every game's
family has one."""

import pytest

from games.kinds import all_kinds
from games.leagues.standings import FAMILIES, family_of
from games.leagues.standings.table import POSITION, Record
from games.models import League, Team


def test_every_games_family_has_a_table():
    assert {family_of(kind.id) for kind in all_kinds()} <= set(FAMILIES)


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_a_family_gives_every_column_but_position_and_name(name):
    family = FAMILIES[name]
    league = League(name="League", kind="quick-cricket")
    record = Record(team=Team(pk=1, name="Giants"))
    values = family.values(league, record, record)
    assert family.columns[0] == POSITION
    assert family.columns[1].key == "team"
    assert set(values) == {column.key for column in family.columns[2:]}
    assert family.ordering(league).startswith(("Ordered by", "Points:"))


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_a_family_orders_level_teams_by_name(name):
    family = FAMILIES[name]
    league = League(name="League", kind="quick-cricket")
    records = [Record(team=Team(pk=pk, name=n)) for pk, n in ((1, "mets"), (2, "Giants"))]
    assert [r.team.name for r in family.order(league, records)] == ["Giants", "mets"]
