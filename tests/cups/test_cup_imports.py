"""``import_games --cup``: records fill the games a cup's ties are waiting for; a record for
the wrong round, a decided tie or teams not drawn to meet is refused with where they stand;
without --cup no record lands on a cup's fixture."""

from io import StringIO

import pytest
from django.core.management import call_command

from games.leagues.cups import services as cups
from games.models import Game, Tie

from ..leagues.organisers_helpers import random_record, write
from .helpers import make_league

pytestmark = pytest.mark.django_db


def run(path, *args):
    out, err = StringIO(), StringIO()
    try:
        call_command(
            "import_games", str(path), "--league", "quick-baseball-cup", "--season", "2026",
            *args, stdout=out, stderr=err,
        )  # fmt: skip
    except SystemExit as exc:
        return exc.code, out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


@pytest.fixture
def cup(django_user_model):
    organiser = django_user_model.objects.create_user("org", password="pw-organiser-1")
    _league, season, teams = make_league(count=4, organiser=organiser, options={"innings": 1})
    return cups.cup_create(season=season, user=organiser, name="Spring Cup", teams=teams)


def won_by(record, side):
    """A record (seeded search) that side ``side`` wins."""
    for seed in range(200):
        made = random_record(sides=record, seed=seed)
        from games.engines.record import from_json, replay

        if replay(from_json(made)).summary()["winner"] == side:
            return made
    raise AssertionError("no such game")


def test_records_fill_the_cup_round_by_round(tmp_path, cup):
    # Round 1: Team 4 at Team 1, Team 3 at Team 2 (the higher seed at home).
    first = write(tmp_path, "a.json", won_by(["Team 4", "Team 1"], 1))
    status, out, err = run(first, "--cup", "spring-cup", "--round", "1")
    assert status == 0, err
    semi = Tie.objects.get(competition=cup, round=1, slot=0)
    assert semi.winner.team.name == "Team 1"
    game = Game.objects.get(fixture__tie=semi)
    assert game.stats.filter(competition=cup).count() == 2

    # The final's sides are not known yet: a record for it is refused, nothing written.
    early = write(tmp_path, "b.json", won_by(["Team 3", "Team 1"], 1))
    status, out, err = run(early, "--cup", "Spring Cup", "--round", "2")
    assert status == 1
    assert "no game of Spring Cup is waiting for Team 3 at Team 1" in err
    assert "not drawn to meet in round 2" in err
    assert Game.objects.count() == 1

    # A record for round 1 given as round 2 is refused, naming its round.
    wrong = write(tmp_path, "c.json", won_by(["Team 3", "Team 2"], 0))
    status, out, err = run(wrong, "--cup", "spring-cup", "--round", "2")
    assert status == 1 and "is a game of round 1 of Spring Cup, not of round 2" in err
    status, out, err = run(wrong, "--cup", "spring-cup")
    assert status == 0, err
    final = Tie.objects.get(competition=cup, round=2)
    assert (final.first.team.name, final.second.team.name) == ("Team 1", "Team 3")

    # The decided semi-final cannot take another game.
    again = write(tmp_path, "d.json", won_by(["Team 4", "Team 1"], 0))
    status, out, err = run(again, "--cup", "spring-cup")
    assert status == 1 and "is decided: Team 1 went through" in err
    # Sides the wrong way round are told so.
    reversed_final = write(tmp_path, "e.json", won_by(["Team 1", "Team 3"], 0))
    status, out, err = run(reversed_final, "--cup", "spring-cup")
    assert status == 1 and "other side batting first" in err


def test_without_cup_a_record_never_lands_on_a_cup_fixture(tmp_path, cup):
    path = write(tmp_path, "a.json", won_by(["Team 4", "Team 1"], 1))
    status, out, err = run(path)
    assert status == 0, err
    game = Game.objects.get()
    assert game.fixture.competition_id is None  # a league fixture was added
    assert Tie.objects.get(competition=cup, round=1, slot=0).winner is None


def test_round_needs_cup(tmp_path, cup):
    from django.core.management import CommandError

    path = write(tmp_path, "a.json", won_by(["Team 4", "Team 1"], 1))
    with pytest.raises(CommandError, match="--round goes with --cup"):
        run(path, "--round", "1")
