"""Organiser services: the round robin, voiding games, and the rights every write checks."""

import datetime
from collections import Counter

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from games.engines import catalogues
from games.leagues import services as league_services
from games.leagues.services import LeagueError
from games.models import Fixture, Game, GameStats, Team

from .conftest import make_league, play_fixture, play_out

pytestmark = pytest.mark.django_db


def league_with(organiser, count, kind="quick-baseball"):
    names = [f"Team {n}" for n in range(1, count + 1)]
    options = {"overs": 1} if kind == "quick-cricket" else {"innings": 1}
    league, season, teams = make_league(kind, options, teams=names)
    league.organisers.add(organiser)
    return league, season, teams


# The round robin


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6, 7, 8])
def test_a_round_robin_meets_every_pair_once_and_nobody_twice_a_round(organiser, count):
    _, season, teams = league_with(organiser, count)
    start = datetime.date(2026, 4, 4)
    added = league_services.round_robin(season=season, user=organiser, first_date=start)
    assert len(added) == count * (count - 1) // 2
    pairs = Counter(frozenset({f.away_id, f.home_id}) for f in added)
    assert set(pairs.values()) == {1}
    rounds = Counter(f.scheduled_on for f in added)
    assert len(rounds) == (count - 1 if count % 2 == 0 else count)
    for day in rounds:
        playing = [t for f in added if f.scheduled_on == day for t in (f.away_id, f.home_id)]
        assert len(playing) == len(set(playing))
    assert min(rounds) == start and all((day - start).days % 7 == 0 for day in rounds)
    homes = Counter(f.home_id for f in added)
    # Home games are shared out: nobody has more than one more than anybody else.
    assert max(homes[t.pk] for t in teams) - min(homes[t.pk] for t in teams) <= 1


def test_two_rounds_meet_home_and_away(organiser):
    _, season, _ = league_with(organiser, 4)
    added = league_services.round_robin(season=season, user=organiser, rounds=2)
    assert len(added) == 12
    assert len({(f.away_id, f.home_id) for f in added}) == 12
    assert all(f.scheduled_on is None for f in added)


def test_the_round_robin_counts_fixtures_already_on_the_list(organiser):
    _, season, (a, b, c, d) = league_with(organiser, 4)
    Fixture.objects.create(season=season, away=b, home=a)
    added = league_services.round_robin(season=season, user=organiser)
    assert len(added) == 5
    assert league_services.round_robin(season=season, user=organiser) == []
    assert season.fixtures.count() == 6
    assert len(league_services.round_robin(season=season, user=organiser, rounds=2)) == 6


def test_a_solitaire_round_robin_is_a_game_per_player_per_round(organiser):
    _, season, teams = league_with(organiser, 3, kind="solitaire-baseball")
    added = league_services.round_robin(season=season, user=organiser, rounds=2)
    assert len(added) == 6 and all(f.home is None for f in added)
    assert Counter(f.away_id for f in added) == {t.pk: 2 for t in teams}


def test_a_round_robin_needs_teams_and_sensible_numbers(organiser):
    _, season, _ = league_with(organiser, 1)
    with pytest.raises(LeagueError, match="at least two teams"):
        league_services.round_robin(season=season, user=organiser)
    _, season, _ = league_with(organiser, 0, kind="quick-cricket")
    with pytest.raises(LeagueError, match="Rounds must be"):
        league_services.round_robin(season=season, user=organiser, rounds=0)
    assert not Fixture.objects.exists()


# Rights


def test_every_write_checks_the_users_rights(django_user_model, organiser):
    fan = django_user_model.objects.create_user("fan")
    league, season, (a, b) = league_with(organiser, 2)
    fixture = Fixture.objects.create(season=season, away=a, home=b)
    writes = [
        lambda: league_services.league_create(
            name="X", kind="quick-baseball", options={}, user=organiser
        ),
        lambda: league_services.league_update(
            league=league, user=fan, name="X", options={}, points={}
        ),
        lambda: league_services.season_create(league=league, user=fan, name="X"),
        lambda: league_services.team_create(league=league, user=fan, name="X"),
        lambda: league_services.team_rename(team=a, user=fan, name="X"),
        lambda: league_services.team_delete(team=a, user=fan),
        lambda: league_services.fixture_create(season=season, user=fan, away=a, home=b),
        lambda: league_services.round_robin(season=season, user=fan),
        lambda: league_services.fixture_delete(fixture=fixture, user=fan),
        lambda: league_services.fixture_start_as_organiser(fixture=fixture, user=fan),
        lambda: league_services.organiser_grant(league=league, username="fan", user=fan),
        lambda: league_services.organiser_revoke(league=league, organiser=organiser, user=fan),
    ]
    for write in writes:
        with pytest.raises(PermissionDenied):
            write()
    assert Team.objects.filter(league=league).count() == 2
    assert season.fixtures.count() == 1 and not Game.objects.exists()


def test_league_options_are_checked_by_the_game(django_user_model):
    staff = django_user_model.objects.create_user("boss", is_staff=True)
    with pytest.raises(LeagueError, match="unknown option 'colour'"):
        league_services.league_create(
            name="X", kind="quick-baseball", options={"colour": "red"}, user=staff
        )
    league = league_services.league_create(
        name="X", kind="quick-cricket", options={"overs": None}, user=staff
    )
    assert league.options == {
        "overs": None,
        "innings": 1,
        "first_style": "pace",
        "catalogue": catalogues.reference("quick-cricket", "reconstruction"),
    }


# Voiding


def test_voiding_takes_a_game_out_of_the_standings_and_keeps_it(client, organiser):
    from games.leagues.standings import season_standings

    league, season, (a, b) = league_with(organiser, 2)
    game = play_fixture(season, a, b, organiser)
    assert GameStats.objects.filter(game=game).count() == 2
    assert season_standings(season=season).games_counted == 1
    client.force_login(organiser)
    url = reverse("games:manage-game-void", args=[league.slug, game.pk])
    response = client.post(url, {"reason": "  Played with   the wrong deck "})
    assert response["Location"] == reverse("games:manage-season", args=[league.slug, season.slug])
    game.refresh_from_db()
    assert game.is_voided and game.void_reason == "Played with the wrong deck"
    assert not GameStats.objects.filter(game=game).exists()
    assert not GameStats.objects.filter(season=season).exists()
    # Still in the archive: the game, its plays and its page.
    assert game.plays.count() > 0 and game.is_final
    assert client.get(game.get_absolute_url()).status_code == 200
    assert season_standings(season=season).games_counted == 0
    assert (
        "Voided: Played with the wrong deck" in client.get(game.get_absolute_url()).content.decode()
    )
    archive = client.get(reverse("games:archive"), {"league": league.slug}).content.decode()
    assert game.get_absolute_url() in archive and "Played with the wrong deck" in archive
    page = client.get(reverse("games:manage-season", args=[league.slug, season.slug]))
    assert "Played with the wrong deck" in page.content.decode()

    client.post(reverse("games:manage-game-unvoid", args=[league.slug, game.pk]))
    game.refresh_from_db()
    assert not game.is_voided and game.void_reason == ""
    assert GameStats.objects.filter(game=game).count() == 2
    assert season_standings(season=season).games_counted == 1


def test_voiding_needs_a_reason_and_an_organiser(client, django_user_model, organiser):
    league, season, (a, b) = league_with(organiser, 2)
    game = play_fixture(season, a, b, organiser)
    url = reverse("games:manage-game-void", args=[league.slug, game.pk])
    client.force_login(organiser)
    client.post(url, {"reason": "   "})
    game.refresh_from_db()
    assert not game.is_voided and GameStats.objects.filter(game=game).count() == 2
    client.force_login(django_user_model.objects.create_user("fan"))
    assert client.post(url, {"reason": "I lost"}).status_code == 403
    game.refresh_from_db()
    assert not game.is_voided
    with pytest.raises(LeagueError, match="Give the reason"):
        league_services.game_void(game=game, user=organiser, reason="")


def test_only_league_games_are_voided_by_their_organisers(client, organiser):
    from games.scoring import services

    league, season, _ = league_with(organiser, 2)
    other, other_season, (x, y) = make_league("quick-cricket", {"overs": 1}, teams=("X", "Y"))
    friendly = services.game_create(
        kind="quick-baseball", options={"innings": 1}, sides=["A", "B"], user=organiser
    )
    with pytest.raises(LeagueError, match="Only a league's games"):
        league_services.game_void(game=friendly, user=organiser, reason="no")
    elsewhere = league_services.fixture_start(
        fixture=Fixture.objects.create(season=other_season, away=x, home=y), user=organiser
    )
    with pytest.raises(PermissionDenied):
        league_services.game_void(game=elsewhere, user=organiser, reason="no")
    client.force_login(organiser)
    url = reverse("games:manage-game-void", args=[league.slug, elsewhere.pk])
    assert client.post(url, {"reason": "no"}).status_code == 404


def test_a_voided_game_that_finishes_later_stays_out(organiser):
    league, season, (a, b) = league_with(organiser, 2)
    fixture = Fixture.objects.create(season=season, away=a, home=b)
    game = league_services.fixture_start(fixture=fixture, user=organiser)
    league_services.game_void(game=game, user=organiser, reason="abandoned")
    play_out(game, organiser)
    game.refresh_from_db()
    assert game.is_final and not GameStats.objects.filter(game=game).exists()


def test_voiding_in_the_admin_also_updates_the_stats(admin_client, organiser):
    league, season, (a, b) = league_with(organiser, 2)
    game = play_fixture(season, a, b, organiser)
    url = reverse("admin:games_game_change", args=[game.pk])
    form = admin_client.get(url).context["adminform"].form
    data = {k: v for k, v in form.initial.items() if v is not None}
    data.update(
        kind=game.kind,
        options='{"innings": 1}',
        sides='["Team 1", "Team 2"]',
        created_by=organiser.pk,
        season=season.pk,
        voided_at_0="2026-05-01",
        voided_at_1="12:00:00",
        void_reason="rained off",
        scorers=[],
    )
    data.update(
        {
            "plays-TOTAL_FORMS": "0",
            "plays-INITIAL_FORMS": "0",
            "plays-MIN_NUM_FORMS": "0",
            "plays-MAX_NUM_FORMS": "1000",
        }
    )
    response = admin_client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    game.refresh_from_db()
    assert game.is_voided and not GameStats.objects.filter(game=game).exists()


@pytest.mark.parametrize(
    "model", ["league", "season", "team", "fixture", "gamestats", "game", "cardcatalogue"]
)
def test_the_admin_lists_the_league_models(admin_client, organiser, model):
    league, season, (a, b) = league_with(organiser, 2)
    play_fixture(season, a, b, organiser)
    assert admin_client.get(reverse(f"admin:games_{model}_changelist")).status_code == 200


def test_the_admin_refuses_slugs_that_are_page_addresses(admin_client, organiser):
    league, _, _ = league_with(organiser, 2)
    response = admin_client.post(
        reverse("admin:games_season_add"), {"league": league.pk, "name": "S", "slug": "stats"}
    )
    assert response.status_code == 200 and "is a page address here" in response.content.decode()
    data = {
        "name": "M",
        "slug": "manage",
        "kind": "quick-baseball",
        "options": "{}",
        "points_win": 2,
        "points_tie": 1,
        "points_loss": 0,
        "points_no_result": 1,
        "seasons-TOTAL_FORMS": 0,
        "seasons-INITIAL_FORMS": 0,
        "teams-TOTAL_FORMS": 0,
        "teams-INITIAL_FORMS": 0,
    }
    response = admin_client.post(reverse("admin:games_league_add"), data)
    assert response.status_code == 200 and "is a page address here" in response.content.decode()
    assert not league.seasons.filter(slug="stats").exists()
    data["slug"] = "m"
    assert admin_client.post(reverse("admin:games_league_add"), data).status_code == 302


def test_editing_a_cricket_leagues_points(client, organiser):
    league, _, _ = league_with(organiser, 2, kind="quick-cricket")
    client.force_login(organiser)
    url = reverse("games:manage-league-edit", args=[league.slug])
    data = {
        "name": league.name,
        "option_overs": "",
        "option_innings": "2",
        "option_first_style": "pace",
        "points_win": "3",
        "points_tie": "1",
        "points_loss": "0",
    }
    assert client.post(url, data).status_code == 302
    league.refresh_from_db()
    assert league.points_win == 3 and league.options["overs"] is None
    assert league.options["innings"] == 2
