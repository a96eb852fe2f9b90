"""Abandoned and no-result fixtures: the services, the organisers' page, the standings (NR, points,
net run rate), their cache and the public pages."""

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from games.kinds.records import replay_game
from games.leagues import services as league_services
from games.leagues.services import LeagueError
from games.leagues.standings import season_standings
from games.leagues.standings_cache import standings_key
from games.models import Fixture, GameStats, Season
from games.scoring import services

from .conftest import make_league, play_fixture, play_out
from .standings_helpers import Scores, make_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def cricket(organiser):
    league, season, teams = make_league("quick-cricket", {"overs": 1}, teams=("Owls", "Larks"))
    league.organisers.add(organiser)
    return league, season, teams


def mark(fixture, user, outcome=Fixture.NO_RESULT, reason="rain"):
    return league_services.fixture_mark_no_result(
        fixture=fixture, user=user, outcome=outcome, reason=reason
    )


def rows(season):
    return {row.team.name: row.as_dict() for row in season_standings(season=season).rows}


# The services


def test_a_fixture_not_started_counts_as_played_for_the_points_of_a_no_result(organiser, cricket):
    league, season, (owls, larks) = cricket
    fixture = Fixture.objects.create(season=season, away=owls, home=larks)
    mark(fixture, organiser, reason="  rain,   no   play ")
    fixture.refresh_from_db()
    assert fixture.outcome == "no_result" and fixture.outcome_reason == "rain, no play"
    assert fixture.outcome_recorded_at is not None
    assert fixture.outcome_text == "No result: rain, no play"
    table = rows(season)
    assert table["Owls"] == {
        "pos": 2, "team": "Owls", "p": 1, "w": 0, "l": 0, "t": 0, "nr": 1, "pts": 1,
        "for": "0/0.0", "against": "0/0.0", "nrr": None,
    }  # fmt: skip
    assert table["Larks"]["nr"] == 1 and table["Larks"]["pts"] == 1
    assert season_standings(season=season).no_results == 1
    league.points_no_result = 0
    league.save()
    assert rows(season)["Owls"]["pts"] == 0


@pytest.mark.parametrize(
    ("outcome", "reason", "message"),
    [
        ("washed_out", "rain", "Choose abandoned or no result."),
        ("", "rain", "Choose abandoned or no result."),
        ("abandoned", "   ", "Give the reason there was no result."),
        ("abandoned", "x" * 201, "at most 200 characters"),
    ],
)
def test_bad_input_is_refused_with_a_message(organiser, cricket, outcome, reason, message):
    _, season, (owls, larks) = cricket
    fixture = Fixture.objects.create(season=season, away=owls, home=larks)
    with pytest.raises(LeagueError, match=message):
        mark(fixture, organiser, outcome=outcome, reason=reason)
    fixture.refresh_from_db()
    assert fixture.outcome == ""


def test_a_final_game_has_a_result_and_a_marked_fixture_is_not_marked_again(organiser, cricket):
    _, season, (owls, larks) = cricket
    game = play_fixture(season, owls, larks, organiser, seed=1)
    with pytest.raises(LeagueError, match="finished, so it has a result"):
        mark(game.fixture, organiser)
    fixture = Fixture.objects.create(season=season, away=larks, home=owls)
    mark(fixture, organiser)
    with pytest.raises(LeagueError, match="already recorded as no result"):
        mark(fixture, organiser, outcome=Fixture.ABANDONED)
    league_services.fixture_clear_no_result(fixture=fixture, user=organiser)
    with pytest.raises(LeagueError, match="not recorded as abandoned"):
        league_services.fixture_clear_no_result(fixture=fixture, user=organiser)


def test_only_organisers_mark_or_undo(django_user_model, organiser, cricket):
    _, season, (owls, larks) = cricket
    fan = django_user_model.objects.create_user("fan", password="pw-fan-1")
    fixture = Fixture.objects.create(season=season, away=owls, home=larks)
    with pytest.raises(PermissionDenied):
        mark(fixture, fan)
    mark(fixture, organiser)
    with pytest.raises(PermissionDenied):
        league_services.fixture_clear_no_result(fixture=fixture, user=fan)


def test_an_abandoned_game_stays_out_of_net_run_rate_even_if_scored_to_the_end(organiser, cricket):
    _, season, (owls, larks) = cricket
    fixture = Fixture.objects.create(season=season, away=owls, home=larks)
    game = league_services.fixture_start(fixture=fixture, user=organiser)
    for _ in range(3):
        state = replay_game(game).final_state
        legal = [
            p for p in game.engine.legal_plays(state) if "declare" not in p and "rain" not in p
        ]
        services.play_record(
            game=game, raw=legal[-1], expected_seq=game.plays.count() + 1, user=organiser
        )
    mark(fixture, organiser, outcome=Fixture.ABANDONED, reason="bad light")
    game.refresh_from_db()
    assert game.plays.count() == 3 and not game.is_final  # the game stays as it is
    assert rows(season)["Owls"]["nr"] == 1 and rows(season)["Owls"]["nrr"] is None
    play_out(game, organiser, seed=2)
    assert not GameStats.objects.filter(game=game).exists()
    assert rows(season)["Owls"]["for"] == "0/0.0"
    league_services.fixture_clear_no_result(fixture=fixture, user=organiser)
    assert GameStats.objects.filter(game=game).count() == 2
    assert rows(season)["Owls"]["nr"] == 0 and rows(season)["Owls"]["p"] == 1


def test_a_marked_fixture_is_neither_started_nor_removed(organiser, cricket):
    _, season, (owls, larks) = cricket
    fixture = mark(Fixture.objects.create(season=season, away=owls, home=larks), organiser)
    with pytest.raises(LeagueError, match="recorded as no result"):
        league_services.fixture_start(fixture=fixture, user=organiser)
    with pytest.raises(LeagueError, match="undo that first"):
        league_services.fixture_delete(fixture=fixture, user=organiser)


def test_marking_and_undoing_give_the_season_a_new_stats_revision(organiser, cricket):
    _, season, (owls, larks) = cricket
    fixture = Fixture.objects.create(season=season, away=owls, home=larks)
    keys = [standings_key(Season.objects.select_related("league").get(pk=season.pk))]
    mark(fixture, organiser)
    keys.append(standings_key(Season.objects.select_related("league").get(pk=season.pk)))
    league_services.fixture_clear_no_result(fixture=fixture, user=organiser)
    keys.append(standings_key(Season.objects.select_related("league").get(pk=season.pk)))
    assert len(set(keys)) == 3


# The other tables


def test_baseball_shows_nr_after_t_and_leaves_it_out_of_pct(organiser):
    _, season, t = make_season("quick-baseball", ["Ash", "Birch"])
    games = Scores(season, organiser)
    games.play(t["Ash"], 3, t["Birch"], 1)
    Fixture.objects.create(season=season, away=t["Ash"], home=t["Birch"], outcome="abandoned")
    standings = season_standings(season=season)
    assert [c.key for c in standings.columns][:7] == ["pos", "team", "w", "l", "t", "nr", "pct"]
    ash = standings.rows[0].as_dict()
    assert (ash["w"], ash["l"], ash["nr"], ash["pct"]) == (1, 0, 1, "1.000")
    assert "NR" in standings.to_csv().splitlines()[0]


def test_a_solitaire_table_has_no_nr_column(organiser):
    _, season, t = make_season("solitaire-baseball", ["Solo"])
    Fixture.objects.create(season=season, away=t["Solo"], outcome="no_result")
    standings = season_standings(season=season)
    assert "nr" not in [c.key for c in standings.columns]
    assert standings.rows[0].as_dict()["g"] == 0


def test_the_nrr_of_the_games_played_is_unchanged_by_a_no_result(organiser):
    _, season, t = make_season("quick-cricket", ["Xi", "Yak"])
    Scores(season, organiser).play(t["Xi"], 41, t["Yak"], 40, balls=((16, 16), (16, 16)))
    before = rows(season)["Xi"]["nrr"]
    Fixture.objects.create(season=season, away=t["Yak"], home=t["Xi"], outcome="no_result")
    after = rows(season)["Xi"]
    assert after["nrr"] == before == "+0.250" and after["p"] == 2 and after["pts"] == 3


# The organisers' page and the public pages


def season_url(league, season):
    return reverse("games:manage-season", kwargs={"league": league.slug, "season": season.slug})


def test_the_season_page_records_and_undoes_a_no_result(client, organiser, cricket):
    league, season, (owls, larks) = cricket
    fixture = Fixture.objects.create(season=season, away=owls, home=larks)
    client.force_login(organiser)
    page = client.get(season_url(league, season)).content.decode()
    url = reverse(
        "games:manage-fixture-no-result",
        kwargs={"league": league.slug, "season": season.slug, "pk": fixture.pk},
    )
    assert f'action="{url}"' in page and "No result…" in page
    response = client.post(url, {"outcome": "abandoned", "reason": "pitch under water"})
    assert response.status_code == 302
    assert response["Location"] == f"{season_url(league, season)}#fixture-{fixture.pk}"
    page = client.get(response["Location"]).content.decode()
    assert "Abandoned: pitch under water" in page and "Undo no result" in page
    assert "counted as played" in page
    public = client.get(reverse("games:season", args=[league.slug, season.slug])).content.decode()
    assert "Abandoned: pitch under water" in public
    team = client.get(reverse("games:team", args=[league.slug, owls.slug])).content.decode()
    assert "Abandoned: pitch under water" in team
    undo = reverse(
        "games:manage-fixture-undo-no-result",
        kwargs={"league": league.slug, "season": season.slug, "pk": fixture.pk},
    )
    page = client.post(undo, follow=True).content.decode()
    assert "no longer recorded as a no result" in page
    fixture.refresh_from_db()
    assert fixture.outcome == "" and fixture.outcome_reason == ""


def test_the_page_says_why_a_no_result_is_refused(client, organiser, cricket):
    league, season, (owls, larks) = cricket
    game = play_fixture(season, owls, larks, organiser, seed=3)
    client.force_login(organiser)
    page = client.get(season_url(league, season)).content.decode()
    assert "No result…" not in page  # a final game has a result
    url = reverse(
        "games:manage-fixture-no-result",
        kwargs={"league": league.slug, "season": season.slug, "pk": game.fixture.pk},
    )
    page = client.post(url, {"outcome": "no_result", "reason": "x"}, follow=True)
    assert "finished, so it has a result" in page.content.decode()
    page = client.post(url, {"outcome": "no_result", "reason": ""}, follow=True)
    assert "Give the reason there was no result." in page.content.decode()


def test_the_league_settings_page_edits_the_points_for_a_no_result(client, organiser, cricket):
    league, _, _ = cricket
    client.force_login(organiser)
    url = reverse("games:manage-league-edit", kwargs={"league": league.slug})
    page = client.get(reverse("games:manage-league", kwargs={"league": league.slug}))
    assert "Points for a no result" in page.content.decode()
    data = {
        "name": league.name,
        "option_overs": 1,
        "option_innings": 1,
        "option_first_style": "pace",
    }
    data |= {"points_win": 2, "points_tie": 1}
    data |= {"points_loss": 0, "points_no_result": 101}
    assert client.post(url, data).status_code == 400
    data["points_no_result"] = 2
    assert client.post(url, data).status_code == 302
    league.refresh_from_db()
    assert league.points_no_result == 2
