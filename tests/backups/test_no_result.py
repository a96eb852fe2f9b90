"""Abandoned and no-result fixtures, and the league's points for them, in an archive and back;
an archive written before they existed restores with the defaults."""

import json

import pytest

from games.archive.backups import ArchiveError, export_archive, restore_archive
from games.leagues import services as league_services
from games.leagues.standings import season_standings
from games.models import Fixture, League, Season
from tests.leagues.conftest import make_league, play_fixture

from .conftest import wipe

pytestmark = pytest.mark.django_db


@pytest.fixture
def cricket(users):
    organiser, _ = users
    league, season, (owls, kestrels, larks) = make_league(
        "quick-cricket", {"overs": 1}, teams=("Owls", "Kestrels", "Larks")
    )
    league.organisers.add(organiser)
    league.points_no_result = 3
    league.save()
    play_fixture(season, owls, kestrels, organiser, seed=5)
    rained = Fixture.objects.create(season=season, away=larks, home=owls)
    league_services.fixture_mark_no_result(
        fixture=rained, user=organiser, outcome=Fixture.NO_RESULT, reason="rain, no play"
    )
    started = Fixture.objects.create(season=season, away=kestrels, home=larks)
    league_services.fixture_start(fixture=started, user=organiser)
    league_services.fixture_mark_no_result(
        fixture=started, user=organiser, outcome=Fixture.ABANDONED, reason="bad light"
    )
    return season


def _outcomes():
    return [
        (str(f), f.outcome, f.outcome_reason, f.outcome_recorded_at, f.game_id is not None)
        for f in Fixture.objects.order_by("pk")
    ]


def test_a_no_result_fixture_round_trips(tmp_path, cricket):
    before = (_outcomes(), season_standings(season=cricket).to_json())
    export_archive(directory=tmp_path)
    meta = json.loads((tmp_path / "leagues.json").read_text())
    assert meta["leagues"][0]["points"]["no_result"] == 3
    assert [f["outcome"] for f in meta["fixtures"]] == ["", "no_result", "abandoned"]
    wipe()
    restore_archive(directory=tmp_path)
    season = Season.objects.get()
    assert League.objects.get().points_no_result == 3
    assert (_outcomes(), season_standings(season=season).to_json()) == before
    rows = {row.team.name: row.as_dict() for row in season_standings(season=season).rows}
    assert rows["Larks"]["nr"] == 2 and rows["Larks"]["pts"] == 6 and rows["Larks"]["p"] == 2


def test_an_archive_without_the_new_keys_restores_with_the_defaults(tmp_path, cricket):
    export_archive(directory=tmp_path)
    meta = json.loads((tmp_path / "leagues.json").read_text())
    del meta["leagues"][0]["points"]["no_result"]
    for row in meta["fixtures"]:
        del row["outcome"], row["outcome_reason"], row["outcome_recorded_at"]
    (tmp_path / "leagues.json").write_text(json.dumps(meta))
    wipe()
    restore_archive(directory=tmp_path)
    assert League.objects.get().points_no_result == 1
    assert set(Fixture.objects.values_list("outcome", flat=True)) == {""}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"outcome": "rained"}, "not a fixture outcome: 'rained'"),
        ({"outcome_reason": ""}, "'outcome_reason' must be text"),
        ({"outcome_reason": "x" * 201}, "'outcome_reason' must be text of at most 200"),
    ],
)
def test_a_wrong_outcome_refuses_the_restore(tmp_path, cricket, change, message):
    export_archive(directory=tmp_path)
    meta = json.loads((tmp_path / "leagues.json").read_text())
    meta["fixtures"][1].update(change)
    (tmp_path / "leagues.json").write_text(json.dumps(meta))
    wipe()
    with pytest.raises(ArchiveError, match=message.replace("(", r"\(")):
        restore_archive(directory=tmp_path)
    assert not League.objects.exists()
