"""``manage.py bracket``: a cup as JSON or CSV, and clear errors for what it cannot find."""

import csv
import io
import json

import pytest
from django.core.management import CommandError, call_command

from games.leagues.cups import services as cups
from games.models import Tie

from .helpers import finish, make_league, open_fixture

pytestmark = pytest.mark.django_db


def run(*args):
    out = io.StringIO()
    call_command("bracket", *args, stdout=out)
    return out.getvalue()


def test_the_bracket_as_json_and_csv(django_user_model):
    organiser = django_user_model.objects.create_user("org", password="pw-organiser-1")
    league, season, teams = make_league(count=3, organiser=organiser)
    cup = cups.cup_create(season=season, user=organiser, name="Spring Cup", teams=teams)
    finish(open_fixture(Tie.objects.get(competition=cup, round=1, slot=1)), 2, 1)  # 3 beats 2
    document = json.loads(run("--league", league.slug, "--cup", "Spring Cup"))
    assert document["competition"] == "Spring Cup" and document["champion"] is None
    first, second = document["ties"][:2]
    assert first["round_name"] == "Semi-finals" and first["bye"] and first["winner"] == "Team 1"
    assert second["winner"] == "Team 3" and second["games"][0]["score"] == [2, 1]
    final = document["ties"][2]
    assert final["first"] == {"seed": 1, "team": "Team 1"}
    assert final["second"] == {"seed": 3, "team": "Team 3"}
    rows = list(
        csv.DictReader(
            io.StringIO(run("--league", league.name, "--cup", "spring-cup", "--format", "csv"))
        )
    )
    assert [r["round_name"] for r in rows] == ["Semi-finals", "Semi-finals", "Final"]
    assert rows[0]["second"] == "bye" and rows[1]["away_score"] == "2"
    assert rows[2]["status"] == "not started"


def test_unknown_names_are_one_clear_error(django_user_model):
    league, _season, _teams = make_league(count=2)
    with pytest.raises(CommandError, match="no league"):
        run("--league", "nope", "--cup", "x")
    with pytest.raises(CommandError, match="no cup 'x'"):
        run("--league", league.slug, "--cup", "x")


def test_the_bracket_and_standings_download_from_the_site(client, django_user_model):
    organiser = django_user_model.objects.create_user("org", password="pw-organiser-1")
    league, season, teams = make_league(count=3, organiser=organiser)
    cups.cup_create(season=season, user=organiser, name="Spring Cup", teams=teams)
    base = f"/leagues/{league.slug}/{season.slug}/cups/spring-cup/"
    page = client.get(base).content.decode()
    assert "bracket.csv" in page and "bracket.json" in page
    document = json.loads(client.get(base + "bracket.json").content)
    assert document["competition"] == "Spring Cup" and len(document["ties"]) == 3
    text = client.get(base + "bracket.csv").content.decode("utf-8-sig")
    assert text.splitlines()[0].startswith("round,round_name,tie")
    assert (
        client.get(f"/leagues/{league.slug}/{season.slug}/cups/nope/bracket.json").status_code
        == 404
    )
    standings = json.loads(
        client.get(f"/leagues/{league.slug}/{season.slug}/standings.json").content
    )
    assert [row["team"] for row in standings["rows"]] == ["Team 1", "Team 2", "Team 3"]
