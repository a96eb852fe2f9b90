"""The competition pages: the organisers' forms (a cup, playoffs, groups, a walkover), who may
open them, the public bracket (seeds, byes, scores, TBD, LIVE, the champion, the random seed)
and a team's cup runs."""

import pytest
from django.urls import reverse

from games.leagues.cups import services as cups
from games.leagues.standings import season_standings
from games.models import Competition, Fixture, Game, Tie
from tests.leagues.conftest import play_fixture

from .helpers import finish, make_league, open_fixture

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(django_user_model):
    return django_user_model.objects.create_user("org", password="pw-organiser-1")


@pytest.fixture
def world(organiser):
    return make_league(count=6, organiser=organiser)


@pytest.fixture
def org_client(client, organiser):
    client.force_login(organiser)
    return client


def manage(name, league, season, **kwargs):
    return reverse(f"games:{name}", kwargs={"league": league.slug, "season": season.slug, **kwargs})


def cup_post(**overrides):
    data = {
        "name": "Spring Cup",
        "entrants": "team 3\nTeam 1\n\nTEAM 2\nTeam 4\nTeam 5\n",
        "draw": "seeded",
        "draw_seed": "",
    }
    data.update(overrides)
    return data


def test_the_new_cup_form_draws_a_seeded_cup(world, org_client):
    league, season, _ = world
    response = org_client.post(manage("manage-cup-add", league, season), cup_post())
    cup = Competition.objects.get(season=season)
    assert response.status_code == 302
    assert response["Location"] == manage(
        "manage-competition", league, season, competition="spring-cup"
    )
    assert list(cup.entrants.values_list("team__name", flat=True)) == [
        "Team 3",
        "Team 1",
        "Team 2",
        "Team 4",
        "Team 5",
    ]
    page = org_client.get(response["Location"])
    assert page.status_code == 200
    assert b"Spring Cup created" in page.content
    assert b"Start the game" in page.content
    assert b"Winner of" in page.content
    season_page = org_client.get(manage("manage-season", league, season))
    assert b"Spring Cup" in season_page.content and b"public bracket" in season_page.content


def test_a_random_cup_without_a_seed_is_given_one_and_says_it(world, org_client):
    league, season, _ = world
    response = org_client.post(
        manage("manage-cup-add", league, season), cup_post(draw="random"), follow=True
    )
    cup = Competition.objects.get(season=season)
    assert cup.draw_seed is not None
    assert f"Drawn at random with seed {cup.draw_seed}".encode() in response.content


@pytest.mark.parametrize(
    ("entrants", "message"),
    [
        ("Team 1", "A cup needs at least two entrants."),
        ("Team 1\nTeam Nine", "&#x27;Team Nine&#x27; is not a team of"),
        ("Team 1\nTeam 2\nteam 1", "Team 1 is listed twice."),
        ("", "This field is required."),
    ],
)
def test_bad_entrants_are_refused_with_a_clear_400(world, org_client, entrants, message):
    league, season, _ = world
    response = org_client.post(
        manage("manage-cup-add", league, season), cup_post(entrants=entrants)
    )
    assert response.status_code == 400
    assert message.encode() in response.content
    assert not Competition.objects.exists()


def test_playoffs_come_from_the_standings(organiser, org_client):
    league, season, teams = make_league(count=5, options={"innings": 1}, organiser=organiser)
    play_fixture(season, teams[4], teams[0], organiser)  # a real result in the standings
    top = season_standings(season=season).rows[0].team
    response = org_client.post(
        manage("manage-playoffs-add", league, season), {"name": "Playoffs", "top": "4"}
    )
    assert response.status_code == 302
    cup = Competition.objects.get(season=season)
    assert cup.from_standings and cup.entrants.first().team == top
    too_many = org_client.post(
        manage("manage-playoffs-add", league, season), {"name": "More", "top": "9"}
    )
    assert too_many.status_code == 400 and b"fewer than 9" in too_many.content


def test_a_group_stage_is_drawn_and_shows_its_tables(world, org_client):
    league, season, _ = world
    data = cup_post(
        name="Groups",
        entrants="Team 1\nTeam 2\nTeam 3\nTeam 4\nTeam 5\nTeam 6",
        groups="2",
        per_group="2",
    )
    response = org_client.post(manage("manage-groups-add", league, season), data)
    assert response.status_code == 302
    cup = Competition.objects.get(season=season)
    assert cup.has_groups and cup.fixtures.filter(group="A").count() == 3
    page = org_client.get(response["Location"])
    assert b"Group A" in page.content and b"Group B" in page.content
    public = org_client.get(cup.get_absolute_url())
    assert public.status_code == 200 and b"Group B" in public.content
    assert b"drawn when every group game is final" in public.content
    bad = org_client.post(
        manage("manage-groups-add", league, season), {**data, "name": "G2", "per_group": "3"}
    )
    assert bad.status_code == 400 and b"at most 2 go through" in bad.content


def test_the_walkover_form_and_its_undo(world, org_client, organiser):
    league, season, teams = world
    cup = cups.cup_create(season=season, user=organiser, name="Cup", teams=teams[:4])
    tie = Tie.objects.get(competition=cup, round=1, slot=0)  # 1 v 4
    url = manage("manage-tie-walkover", league, season, competition=cup.slug, pk=tie.pk)
    missing = org_client.post(url, {"team": teams[0].pk, "reason": ""})
    assert missing.status_code == 400 and b"This field is required" in missing.content
    wrong = org_client.post(url, {"team": teams[1].pk, "reason": "no show"})
    assert wrong.status_code == 400 and b"Team 2 is not in this tie." in wrong.content
    done = org_client.post(url, {"team": teams[3].pk, "reason": "Team 1 had no bus"}, follow=True)
    tie.refresh_from_db()
    assert tie.winner.team == teams[3] and tie.decided_by == "walkover"
    assert b"Undo walkover" in done.content
    public = org_client.get(cup.get_absolute_url())
    assert b"Walkover" in public.content and b"Team 1 had no bus" in public.content
    undo = manage("manage-tie-walkover-undo", league, season, competition=cup.slug, pk=tie.pk)
    org_client.post(undo)
    tie.refresh_from_db()
    assert tie.winner is None and tie.decided_by == ""
    again = org_client.post(undo, follow=True)
    assert b"not given as a walkover" in again.content


def test_a_cup_fixture_starts_through_the_fixture_start_address(world, org_client, organiser):
    league, season, teams = world
    cup = cups.cup_create(season=season, user=organiser, name="Cup", teams=teams[:2])
    fixture = open_fixture(Tie.objects.get(competition=cup))
    url = manage("manage-fixture-start", league, season, pk=fixture.pk)
    response = org_client.post(url)
    fixture.refresh_from_db()
    assert response.status_code == 302 and fixture.game is not None


def test_a_cup_fixture_whose_tie_sides_are_unknown_does_not_start(world, org_client, organiser):
    league, season, teams = world
    cup = cups.cup_create(season=season, user=organiser, name="Cup", teams=teams[:4])
    final = Tie.objects.get(competition=cup, round=2)
    stray = Fixture.objects.create(
        season=season, competition=cup, tie=final, away=teams[0], home=teams[1]
    )
    response = org_client.post(manage("manage-fixture-start", league, season, pk=stray.pk))
    stray.refresh_from_db()
    assert stray.game is None
    assert response["Location"] == manage("manage-competition", league, season, competition="cup")


def test_strangers_get_403_and_visitors_are_sent_to_log_in(
    world, client, django_user_model, organiser
):
    league, season, teams = world
    cup = cups.cup_create(season=season, user=organiser, name="Cup", teams=teams[:4])
    tie = Tie.objects.get(competition=cup, round=1, slot=0)
    urls = [
        ("get", manage("manage-competition", league, season, competition=cup.slug)),
        ("post", manage("manage-cup-add", league, season)),
        ("post", manage("manage-playoffs-add", league, season)),
        ("post", manage("manage-groups-add", league, season)),
        ("post", manage("manage-tie-walkover", league, season, competition=cup.slug, pk=tie.pk)),
        (
            "post",
            manage("manage-tie-walkover-undo", league, season, competition=cup.slug, pk=tie.pk),
        ),
    ]
    for method, url in urls:
        response = getattr(client, method)(url, cup_post())
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    client.force_login(django_user_model.objects.create_user("fan"))
    for method, url in urls:
        assert getattr(client, method)(url, cup_post()).status_code == 403, url
    assert Competition.objects.count() == 1
    assert client.get(cup.get_absolute_url()).status_code == 200


def test_the_public_bracket_shows_seeds_byes_scores_tbd_live_and_the_champion(
    world, client, organiser
):
    league, season, teams = world
    cup = cups.cup_create(
        season=season,
        user=organiser,
        name="Cup",
        teams=teams[:6],
        draw_kind="random",
        draw_seed=1234,
        third_place=True,
    )
    page = client.get(cup.get_absolute_url()).content.decode()
    assert "Drawn at random, seed 1234: anyone can redo the draw" in page
    assert "Bye" in page and "TBD (winner of semi-final 1)" in page
    assert "TBD (winner of quarter-final 2)" in page
    assert 'class="seed"' in page and "Quarter-finals" in page and "Final" in page
    assert "Third-place match" in page and "TBD (loser of semi-final 1)" in page
    # A game in progress on a round-one tie: marked LIVE and linked.
    tie = Tie.objects.filter(competition=cup, round=1, bye=False).first()
    fixture = open_fixture(tie)
    live = Game.objects.create(
        kind=league.kind,
        options=league.options,
        sides=[t.name for t in fixture.teams],
        created_by=organiser,
        season=season,
        summary={"status": "in_progress", "score": [2, 1]},
    )
    fixture.game = live
    fixture.save(update_fields=["game"])
    page = client.get(cup.get_absolute_url()).content.decode()
    assert "LIVE" in page and reverse("games:detail", args=[live.pk]) in page
    # Play everything out: scores show, the champion is crowned at the top.
    fixture.game = None
    fixture.save(update_fields=["game"])
    while True:
        open_ties = [
            t
            for t in Tie.objects.filter(competition=cup, winner__isnull=True)
            if t.fixtures.filter(game__isnull=True).exists()
        ]
        if not open_ties:
            break
        finish(open_fixture(open_ties[0]), 2, 7)
    final = Tie.objects.get(competition=cup, round=3, third_place=False)
    assert final.winner is not None
    page = client.get(cup.get_absolute_url()).content.decode()
    champion = final.winner.team
    team_url = reverse("games:team", args=[league.slug, champion.slug])
    assert f'Champion: <a href="{team_url}">{champion.name}</a>' in page
    assert f"{final.winner.team.name} 7" in page
    season_page = client.get(season.get_absolute_url()).content.decode()
    assert cup.get_absolute_url() in season_page


def test_the_team_page_shows_the_cup_run(world, client, organiser):
    league, season, teams = world
    cup = cups.cup_create(season=season, user=organiser, name="Cup", teams=teams[:4])
    # 1 v 4 and 2 v 3; the home side (the higher seed) wins each game.
    for slot in (0, 1):
        finish(open_fixture(Tie.objects.get(competition=cup, round=1, slot=slot)), 1, 4)
    finish(open_fixture(Tie.objects.get(competition=cup, round=2)), 6, 2)  # Team 2 away wins
    page = client.get(teams[1].get_absolute_url()).content.decode()
    assert "Cup runs" in page and "Winner" in page and "Semi-finals" in page
    loser = client.get(teams[0].get_absolute_url()).content.decode()
    assert "Runner-up" in loser
    out = client.get(teams[3].get_absolute_url()).content.decode()
    assert "Semi-final</span>" in out and "Lost" in out


def test_a_team_entered_in_a_cup_without_a_fixture_yet_is_not_removed(world, org_client, organiser):
    league, season, teams = world
    cups.cup_create(season=season, user=organiser, name="Cup", teams=teams[:3])  # Team 1: a bye
    url = reverse("games:manage-team-delete", args=[league.slug, teams[0].slug])
    response = org_client.post(url, {"confirm": "1"}, follow=True)
    assert response.status_code == 200 and b"entered in a cup, so it stays" in response.content
    assert league.teams.filter(pk=teams[0].pk).exists()


def test_a_finished_group_stage_shows_its_knockout_below_the_tables(world, client, organiser):
    league, season, teams = world
    cup = cups.groups_create(
        season=season, user=organiser, name="Groups", teams=teams[:4], groups=2, per_group=1
    )
    for fixture in list(cup.fixtures.filter(group__gt="")):
        finish(fixture, 1, 3)
    cup.refresh_from_db()
    assert cup.knockout_drawn
    page = client.get(cup.get_absolute_url()).content.decode()
    assert page.index("Group A") < page.index("Knockout") < page.index("Final")
    assert page.count('class="seed"') == 2
