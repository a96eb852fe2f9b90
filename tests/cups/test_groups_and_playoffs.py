"""Playoffs seeded from the standings, group stages that draw their knockout by themselves,
and cup games really played through the scoring services."""

import pytest

from games.leagues import services as leagues
from games.leagues.cups import groups
from games.leagues.cups import services as cups
from games.leagues.cups.services import CupError
from games.leagues.standings import season_standings
from games.models import Fixture, GameStats, Tie

from ..leagues.conftest import play_out
from .helpers import finish, make_league

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(django_user_model):
    return django_user_model.objects.create_user("org", password="pw-organiser-1")


def test_playoffs_take_the_top_of_the_standings_in_order(organiser):
    _league, season, teams = make_league(count=5, organiser=organiser)
    with pytest.raises(CupError, match="no results yet"):
        cups.playoffs_create(season=season, user=organiser, name="Playoffs", top=4)
    for away, home, away_runs, home_runs in [
        (0, 1, 5, 1),
        (2, 3, 1, 4),
        (4, 0, 0, 2),
        (1, 2, 3, 0),
        (3, 4, 6, 2),
        (0, 3, 1, 0),
    ]:
        fixture = Fixture.objects.create(season=season, away=teams[away], home=teams[home])
        finish(fixture, away_runs, home_runs)
        _stats_rows(fixture, fixture.game)
    order = [row.team.name for row in season_standings(season=season).rows]
    with pytest.raises(CupError, match="fewer than 6"):
        cups.playoffs_create(season=season, user=organiser, name="Playoffs", top=6)
    playoffs = cups.playoffs_create(season=season, user=organiser, name="Playoffs", top=4)
    seeded = list(playoffs.entrants.order_by("seed").values_list("team__name", flat=True))
    assert seeded == order[:4] and playoffs.from_standings
    semi = Tie.objects.get(competition=playoffs, round=1, slot=0)
    assert (semi.first.team.name, semi.second.team.name) == (order[0], order[3])


def test_a_group_stage_draws_its_knockout_when_the_last_group_game_is_final(organiser):
    _league, season, teams = make_league(count=8, organiser=organiser)
    with pytest.raises(CupError, match="at most 3 go through"):
        cups.groups_create(
            season=season, user=organiser, name="G", teams=teams, groups=2, per_group=4
        )
    cup = cups.groups_create(
        season=season, user=organiser, name="World Series", teams=teams, groups=2, per_group=2
    )
    by_group = {
        letter: list(cup.entrants.filter(group=letter).values_list("team__name", flat=True))
        for letter in "AB"
    }
    assert by_group == {
        "A": ["Team 1", "Team 4", "Team 5", "Team 8"],
        "B": ["Team 2", "Team 3", "Team 6", "Team 7"],
    }
    fixtures = list(Fixture.objects.filter(competition=cup, group__in="AB"))
    assert len(fixtures) == 12 and not cup.ties.exists()
    # The lower-numbered team wins every group game, by as many runs as the gap in numbers.
    for fixture in fixtures[:-1]:
        a, h = int(fixture.away.name.split()[1]), int(fixture.home.name.split()[1])
        game = finish(fixture, 10 - a, 10 - h)
        _stats_rows(fixture, game)
    cup.refresh_from_db()
    assert not cup.knockout_drawn
    last = fixtures[-1]
    a, h = int(last.away.name.split()[1]), int(last.home.name.split()[1])
    _stats_rows(last, finish(last, 10 - a, 10 - h))
    cup.refresh_from_db()
    assert cup.knockout_drawn
    table_a = [row.team.name for row in groups.group_table(cup, "A").rows]
    assert table_a == ["Team 1", "Team 4", "Team 5", "Team 8"]
    semis = {(t.first.team.name, t.second.team.name) for t in cup.ties.filter(round=1)}
    assert semis == {("Team 1", "Team 3"), ("Team 2", "Team 4")}  # A1 v B2, B1 v A2
    # Group games are not league games.
    assert season_standings(season=season).games_counted == 0


def _stats_rows(fixture, game):
    """Stats rows as ``stats.sync`` writes them for a final game of a competition."""
    for side, (team, opponent) in enumerate(
        [(fixture.away, fixture.home), (fixture.home, fixture.away)]
    ):
        runs, against = game.summary["score"][side], game.summary["score"][1 - side]
        GameStats.objects.create(
            game=game,
            side=side,
            team=team,
            opponent=opponent,
            season=fixture.season,
            result="W" if runs > against else "L" if runs < against else "T",
            runs_for=runs,
            runs_against=against,
            finished_at=game.finished_at,
            competition=fixture.competition,
        )
    from games.leagues.cups import changes

    changes.game_changed(game)  # the group table now reads these rows


def test_cup_games_played_through_the_scoring_screens_advance_and_skip_the_table(organiser):
    _league, season, teams = make_league(count=3, organiser=organiser, options={"innings": 1})
    cup = cups.cup_create(season=season, user=organiser, name="Cup", teams=teams)
    semi = Tie.objects.get(competition=cup, round=1, slot=1)
    fixture = semi.fixtures.get()
    game = cups.tie_start(fixture=fixture, user=organiser)
    play_out(game, organiser, seed=3)
    game.refresh_from_db()
    semi.refresh_from_db()
    assert semi.winner is not None
    assert semi.winner.team.name == game.sides[game.summary["winner"]]
    final = Tie.objects.get(competition=cup, round=2, slot=0)
    assert final.second_id == semi.winner_id and final.first.team.name == "Team 1"
    rows = GameStats.objects.filter(game=game)
    assert rows.count() == 2 and all(row.competition_id == cup.pk for row in rows)
    assert season_standings(season=season).games_counted == 0
    # Undoing the last play takes the winner back out of the final.
    from games.scoring import services

    services.play_undo(game=game, expected_seq=game.plays.count(), user=organiser)
    semi.refresh_from_db()
    final.refresh_from_db()
    assert semi.winner is None and final.second_id is None


def test_a_fixture_whose_teams_are_not_known_cannot_be_started(organiser):
    _league, season, teams = make_league(count=4, organiser=organiser)
    cup = cups.cup_create(season=season, user=organiser, name="Cup", teams=teams)
    final = Tie.objects.get(competition=cup, round=2)
    assert not final.fixtures.exists()
    # A cup's fixtures are kept by the draw: the fixture list cannot delete them.
    fixture = Fixture.objects.filter(competition=cup).first()
    assert "keeps it" in leagues.fixture_delete_refusal(fixture=fixture)


def test_a_voided_group_game_is_played_again_and_a_no_result_completes_the_group(organiser):
    from django.utils import timezone

    _league, season, teams = make_league(count=4, organiser=organiser)
    cup = cups.groups_create(
        season=season, user=organiser, name="Groups", teams=teams, groups=2, per_group=1
    )
    a_game, b_game = Fixture.objects.filter(competition=cup).order_by("group")
    game = finish(a_game, 3, 1)
    game.voided_at, game.void_reason = timezone.now(), "wrong deck"
    game.save()
    from games.leagues.cups import changes

    changes.game_changed(game)
    replay = Fixture.objects.get(competition=cup, group="A", game__isnull=True)
    assert (replay.away_id, replay.home_id) == (a_game.away_id, a_game.home_id)
    _stats_rows(replay, finish(replay, 0, 2))
    leagues.fixture_mark_no_result(
        fixture=b_game, user=organiser, outcome="no_result", reason="rain"
    )
    cup.refresh_from_db()
    assert cup.knockout_drawn
    final = Tie.objects.get(competition=cup)
    assert final.first.group == "A" and final.second.group == "B"
    with pytest.raises(leagues.LeagueError, match="needs a winner"):
        leagues.fixture_mark_no_result(
            fixture=final.fixtures.get(), user=organiser, outcome="abandoned", reason="dark"
        )
