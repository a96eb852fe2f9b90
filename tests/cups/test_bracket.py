"""Cups through the services: the draw, winners advancing by themselves, byes, third place,
two legs, deciders, walkovers, and a changed result taken back out of later rounds."""

import pytest
from django.core.exceptions import PermissionDenied

from games.leagues.cups import services as cups
from games.leagues.cups.services import CupError
from games.models import Competition, Fixture, Game, Tie

from .helpers import finish, make_league, open_fixture, set_result

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(django_user_model):
    return django_user_model.objects.create_user("org", password="pw-organiser-1")


def tie_at(cup, round_, slot, third_place=False):
    return Tie.objects.get(competition=cup, round=round_, slot=slot, third_place=third_place)


def names(tie):
    tie.refresh_from_db()
    return [e.team.name if e else None for e in (tie.first, tie.second)]


def winner(tie):
    tie.refresh_from_db()
    return tie.winner.team.name if tie.winner else None


def test_a_six_team_seeded_cup_fills_in_to_a_champion(organiser):
    _league, season, teams = make_league(count=6, organiser=organiser)
    cup = cups.cup_create(season=season, user=organiser, name="Cup", teams=teams)
    assert cup.slug == "cup" and cup.draw_seed is None
    # Byes to seeds 1 and 2; 4 v 5 and 3 v 6 play, the higher seed at home.
    assert winner(tie_at(cup, 1, 0)) == "Team 1" and tie_at(cup, 1, 0).decided_by == "bye"
    assert winner(tie_at(cup, 1, 2)) == "Team 2"
    assert names(tie_at(cup, 2, 0)) == ["Team 1", None]
    four_five = open_fixture(tie_at(cup, 1, 1))
    assert (four_five.away.name, four_five.home.name) == ("Team 5", "Team 4")
    assert not Fixture.objects.filter(tie__round=2).exists()  # sides not known yet

    finish(four_five, 3, 1)  # Team 5 wins away
    assert names(tie_at(cup, 2, 0)) == ["Team 1", "Team 5"]
    semi = open_fixture(tie_at(cup, 2, 0))
    assert (semi.away.name, semi.home.name) == ("Team 5", "Team 1")
    finish(open_fixture(tie_at(cup, 1, 3)), 0, 2)  # Team 3 at home beats Team 6
    finish(semi, 1, 4)
    finish(open_fixture(tie_at(cup, 2, 1)), 5, 2)  # Team 3 away at Team 2, wins
    final = tie_at(cup, 3, 0)
    assert names(final) == ["Team 1", "Team 3"]
    finish(open_fixture(final), 2, 7)
    assert winner(final) == "Team 1"
    # League standings are untouched by cup games.
    from games.leagues.standings import season_standings

    assert season_standings(season=season).games_counted == 0


def test_a_random_draw_is_shown_and_can_be_redone(organiser):
    _league, season, teams = make_league(count=5, organiser=organiser)
    one = cups.cup_create(
        season=season, user=organiser, name="A", teams=teams, draw_kind="random", draw_seed=9
    )
    two = cups.cup_create(
        season=season, user=organiser, name="B", teams=teams, draw_kind="random", draw_seed=9
    )
    seeds = [list(c.entrants.values_list("team__name", flat=True)) for c in (one, two)]
    assert seeds[0] == seeds[1] and seeds[0] != [t.name for t in teams]
    chosen = cups.cup_create(
        season=season, user=organiser, name="C", teams=teams, draw_kind="random"
    )
    assert chosen.draw_seed is not None


def test_a_third_place_match_takes_the_semi_final_losers(organiser):
    _league, season, teams = make_league(count=4, organiser=organiser)
    cup = cups.cup_create(season=season, user=organiser, name="Cup", teams=teams, third_place=True)
    finish(open_fixture(tie_at(cup, 1, 0)), 1, 3)  # 1 beats 4
    finish(open_fixture(tie_at(cup, 1, 1)), 6, 3)  # 3 beats 2 away
    third = tie_at(cup, 2, 0, third_place=True)
    assert names(third) == ["Team 4", "Team 2"]
    assert names(tie_at(cup, 2, 0)) == ["Team 1", "Team 3"]


def test_two_legs_go_on_aggregate_and_a_level_aggregate_to_a_decider(organiser):
    _league, season, teams = make_league(count=2, organiser=organiser, options={"innings": 9})
    cup = cups.cup_create(season=season, user=organiser, name="Cup", teams=teams, two_legs=True)
    final = tie_at(cup, 1, 0)
    first_leg, second_leg = final.fixtures.order_by("leg")  # both legs are on the list
    assert (first_leg.leg, first_leg.away.name, first_leg.home.name) == (1, "Team 1", "Team 2")
    finish(first_leg, 5, 2)
    assert winner(final) is None  # the second leg is played whatever the margin
    assert (second_leg.leg, second_leg.away.name, second_leg.home.name) == (2, "Team 2", "Team 1")
    finish(second_leg, 4, 1)  # 6-6 on aggregate
    assert winner(final) is None
    decider = open_fixture(final)
    assert decider.decider and (decider.away.name, decider.home.name) == ("Team 2", "Team 1")
    from games.leagues import services as leagues

    game = leagues.fixture_start(fixture=decider, user=organiser)
    assert game.options["innings"] == 1  # a one-inning decider
    game.delete()
    decider.refresh_from_db()
    finish(decider, 1, 0)
    assert winner(final) == "Team 2" and final.decided_by == "decider"


def test_a_tied_cricket_knockout_goes_to_one_over_eliminators(organiser):
    _league, season, teams = make_league("quick-cricket", count=2, organiser=organiser)
    cup = cups.cup_create(season=season, user=organiser, name="Cup", teams=teams)
    final = tie_at(cup, 1, 0)
    match = open_fixture(final)
    assert (match.away.name, match.home.name) == ("Team 2", "Team 1")
    finish(match, 80, 80)
    eliminator = open_fixture(final)
    # The side that batted second bats first.
    assert eliminator.decider and (eliminator.away.name, eliminator.home.name) == (
        "Team 1",
        "Team 2",
    )
    from games.leagues import services as leagues

    game = leagues.fixture_start(fixture=eliminator, user=organiser)
    assert (game.options["overs"], game.options["innings"]) == (1, 1)
    assert game.sides == ["Team 1", "Team 2"]
    game.delete()
    eliminator.refresh_from_db()
    finish(eliminator, 9, 9)  # level again: another, sides swapped again
    again = open_fixture(final)
    assert (again.leg, again.away.name, again.home.name) == (2, "Team 2", "Team 1")
    finish(again, 12, 8)
    assert winner(final) == "Team 2"


def test_a_changed_result_takes_the_winner_back_out_and_flags_later_games(organiser):
    _league, season, teams = make_league(count=4, organiser=organiser)
    cup = cups.cup_create(season=season, user=organiser, name="Cup", teams=teams)
    quarter = finish(open_fixture(tie_at(cup, 1, 0)), 1, 3)  # Team 1 beats Team 4
    finish(open_fixture(tie_at(cup, 1, 1)), 1, 3)  # Team 2 beats Team 3
    final = tie_at(cup, 2, 0)
    played_final = finish(open_fixture(final), 2, 5)  # Team 1 champion
    assert winner(final) == "Team 1"

    set_result(quarter, 4, 3)  # corrected: Team 4 won the semi-final
    assert names(final) == ["Team 4", "Team 2"]
    assert winner(final) is None
    final.refresh_from_db()
    assert f"game {played_final.pk}" in final.flag
    assert Game.objects.filter(pk=played_final.pk).exists()  # never deleted
    new_final = open_fixture(final)
    assert {new_final.away.name, new_final.home.name} == {"Team 4", "Team 2"}

    set_result(quarter, 1, 3)  # and back: the old final counts again, the flag goes
    assert winner(final) == "Team 1"
    final.refresh_from_db()
    assert final.flag == ""
    assert not Fixture.objects.filter(pk=new_final.pk).exists()  # unstarted: removed


def test_a_voided_game_is_played_again(organiser):
    from django.utils import timezone

    _league, season, teams = make_league(count=2, organiser=organiser)
    cup = cups.cup_create(season=season, user=organiser, name="Cup", teams=teams)
    final = tie_at(cup, 1, 0)
    game = finish(open_fixture(final), 3, 1)
    assert winner(final) == "Team 2"
    game.voided_at, game.void_reason = timezone.now(), "wrong cards"
    game.save()
    from games.leagues.cups import changes

    changes.game_changed(game)
    assert winner(final) is None
    replay = open_fixture(final)
    assert replay.pk != game.fixture.pk


def test_a_walkover_sends_a_side_through(organiser):
    _league, season, teams = make_league(count=4, organiser=organiser)
    cup = cups.cup_create(season=season, user=organiser, name="Cup", teams=teams)
    tie = tie_at(cup, 1, 1)
    with pytest.raises(CupError, match="reason"):
        cups.tie_walkover(tie=tie, user=organiser, team=teams[1], reason=" ")
    with pytest.raises(CupError, match="not in this tie"):
        cups.tie_walkover(tie=tie, user=organiser, team=teams[0], reason="no show")
    cups.tie_walkover(
        tie=tie, user=organiser, team=teams[2], reason="Team 2 could not raise a side"
    )
    assert winner(tie) == "Team 3" and names(tie_at(cup, 2, 0))[1] == "Team 3"
    assert not tie.fixtures.exists()  # its unstarted game went
    with pytest.raises(CupError, match="already decided"):
        cups.tie_walkover(tie=tie, user=organiser, team=teams[1], reason="again")
    cups.tie_walkover_undo(tie=tie, user=organiser)
    assert winner(tie) is None and names(tie_at(cup, 2, 0))[1] is None
    assert open_fixture(tie)


def test_bad_draws_are_refused_and_change_nothing(organiser, django_user_model):
    league, season, teams = make_league(count=4, organiser=organiser)
    _other, _other_season, strangers = make_league("quick-cricket", count=2)
    cases = [
        (dict(teams=teams[:1]), "at least two"),
        (dict(teams=[teams[0], teams[1], teams[0]]), "entered twice"),
        (dict(teams=[teams[0], strangers[0]]), "not a team of"),
        (dict(teams=teams[:3], third_place=True), "at least four"),
        (dict(teams=teams, name=""), "needs a name"),
        (dict(teams=teams, draw_kind="random", draw_seed=-1), "seed"),
    ]
    for kwargs, message in cases:
        kwargs.setdefault("name", "Cup")
        with pytest.raises(CupError, match=message):
            cups.cup_create(season=season, user=organiser, **kwargs)
    assert not Competition.objects.exists() and not Tie.objects.exists()
    cups.cup_create(season=season, user=organiser, name="Cup", teams=teams)
    with pytest.raises(CupError, match="already has a competition"):
        cups.cup_create(season=season, user=organiser, name="cup", teams=teams)
    stranger = django_user_model.objects.create_user("fan", password="pw-fan-12345")
    with pytest.raises(PermissionDenied):
        cups.cup_create(season=season, user=stranger, name="Other", teams=teams)


def test_tennis_ties_cannot_be_two_legged(organiser):
    _league, season, teams = make_league("quick-tennis", count=4, organiser=organiser)
    with pytest.raises(CupError, match="two legs are not possible"):
        cups.cup_create(season=season, user=organiser, name="Open", teams=teams, two_legs=True)


def test_a_solitaire_tie_is_won_on_score_and_a_level_score_replayed(organiser):
    _league, season, teams = make_league("solitaire-baseball", count=2, organiser=organiser)
    cup = cups.cup_create(season=season, user=organiser, name="Cup", teams=teams)
    final = tie_at(cup, 1, 0)
    games = list(final.fixtures.order_by("id"))
    assert [(f.away.name, f.home) for f in games] == [("Team 1", None), ("Team 2", None)]
    finish(games[0], 5)
    finish(games[1], 5)
    assert winner(final) is None
    replays = list(final.fixtures.filter(game__isnull=True, decider=True).order_by("id"))
    assert len(replays) == 2
    finish(replays[0], 2)
    finish(replays[1], 4)
    assert winner(final) == "Team 2"
