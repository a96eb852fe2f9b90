"""The pydantic schema of leagues.json: an exported archive passes it, and restoring it then
exporting again gives the same document; wrong values are told with where they are."""

import json
import re
from pathlib import Path

import pytest

from games.archive.backups import ArchiveError, export_archive, restore_archive
from games.archive.backups.schema import LeaguesFile, read_history, read_leagues
from games.engines.players import play_out
from games.leagues.cups import services as cups
from games.models import Tie
from games.scoring import services
from tests.cups.helpers import make_league

from .conftest import build_site, wipe

pytestmark = pytest.mark.django_db


def a_cup(organiser) -> None:
    """A three-team cup (a bye), its semi-final played and its final given as a walkover."""
    _league, season, teams = make_league(count=3, organiser=organiser, options={"innings": 1})
    cup = cups.cup_create(season=season, user=organiser, name="Cup", teams=teams)
    semi = Tie.objects.get(competition=cup, round=1, bye=False)
    game = cups.tie_start(fixture=semi.fixtures.get(), user=organiser)
    for seq, raw in enumerate(play_out(game.kind, game.options, 3).plays, start=1):
        services.play_record(game=game, raw=raw, expected_seq=seq, user=organiser)
    final = Tie.objects.get(competition=cup, round=2)
    cups.tie_walkover(tie=final, user=organiser, team=final.first.team, reason="injuries")


def exported(folder: Path) -> dict:
    """The archive's manifest (without when it was written) and leagues.json, with each game
    file named by its place in the list rather than by the game's id."""
    export_archive(directory=folder)
    manifest = json.loads((folder / "manifest.json").read_text())
    del manifest["exported_at"]
    text = (folder / "leagues.json").read_text()
    for place, row in enumerate(json.loads(text)["games"]):
        text = text.replace(f'"{row["file"]}"', f'"game {place}"')
    return {"manifest": manifest, "leagues": json.loads(text)}


def test_an_export_passes_the_schema_and_restores_to_the_same_document(tmp_path, users):
    build_site(*users)
    a_cup(users[0])
    before = exported(tmp_path / "first")
    data = json.loads((tmp_path / "first" / "leagues.json").read_text())
    checked = read_leagues(data)
    assert len(checked.competitions) == 1 and len(checked.games) == len(data["games"])
    for row in checked.games:
        read_history(row)
    wipe()
    report = restore_archive(directory=tmp_path / "first")
    assert not report.problems
    assert exported(tmp_path / "second") == before


def test_keys_the_schema_does_not_name_are_ignored_and_missing_lists_are_empty():
    checked = read_leagues({"seasons": [], "written_by": "a later version"})
    assert checked == LeaguesFile()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"leagues": [{"name": "L", "slug": "l", "kind": "quick-baseball", "points": [1]}]},
            "leagues.json: leagues[0]: 'points' must be an object, not [1]",
        ),
        (
            {"leagues": [{"slug": "l", "kind": "quick-baseball"}]},
            "leagues.json: leagues[0]: 'name' is missing",
        ),
        (
            {"fixtures": [{"league": "l", "season": "s", "away": "a", "tie": {"round": 0}}]},
            "leagues.json: fixtures[0]: tie 'round' must be a whole number from 1 to 32767, not 0",
        ),
        ({"games": None}, "leagues.json: 'games' must be a list of objects"),
    ],
)
def test_a_wrong_value_names_where_it_is(data, message):
    with pytest.raises(ArchiveError, match="^" + re.escape(message) + "$"):
        read_leagues(data)
