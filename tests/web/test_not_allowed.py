"""The "Not allowed" page for someone who is not a game's scorer: who adds scorers (the game's
creator, as ``services.scorer_add`` allows), where (the scoring screen's "Scorers" panel), a
link back to the game, and for a visitor a log-in link back to the scoring screen."""

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from games.leagues import services as league_services
from games.models import Fixture, League, Season, Team
from games.scoring import services

from .conftest import post_play

pytestmark = pytest.mark.django_db


def _help(response) -> str:
    assert response.status_code == 403
    html = response.content.decode()
    assert "How to score this game" in html
    return html


def test_a_signed_in_stranger_is_told_who_adds_scorers_and_where(client, game, stranger):
    client.force_login(stranger)
    html = _help(client.get(f"/games/{game.pk}/score/"))
    assert "Only this game&#x27;s scorers can enter plays." in html
    assert "You are signed in as <strong>stranger</strong>" in html
    assert "Only <strong>scorer</strong>, who started this game, can add scorers" in html
    assert (
        "<strong>Scorers</strong>" in html and "<strong>Add a scorer by username</strong>" in html
    )
    assert f'href="/games/{game.pk}/"' in html
    assert "?next=" not in html  # no log-in link for someone signed in


def test_the_help_says_what_the_creator_can_do(client, game, stranger, scorer):
    """What the page says is so: the creator adds the stranger on the scoring screen."""
    client.force_login(scorer)
    screen = client.get(f"/games/{game.pk}/score/").content.decode()
    assert "Add a scorer by username" in screen and "<summary>Scorers</summary>" in screen
    client.post(f"/games/{game.pk}/scorers/", {"username": "stranger"})
    client.force_login(stranger)
    assert client.get(f"/games/{game.pk}/score/").status_code == 200


def test_a_visitor_posting_a_play_gets_a_log_in_link_back_to_the_scoring_screen(client, game):
    html = _help(post_play(client, game, 1, pitch="SO1", bat="B4"))
    score = reverse("games:score", args=[game.pk])
    assert f'href="/accounts/login/?next={score}"' in html
    assert "You are not signed in." in html
    assert game.plays.count() == 0


def test_a_stranger_posting_a_play_writes_nothing(client, game, stranger):
    client.force_login(stranger)
    _help(post_play(client, game, 1, pitch="SO1", bat="B4"))
    _help(client.post(f"/games/{game.pk}/undo/", {"expected": 1}))
    assert game.plays.count() == 0


def test_a_league_game_names_its_league_and_who_adds_scorers(client, scorer, stranger):
    league = League.objects.create(name="Tuesday Club", slug="tuesday", kind="quick-baseball")
    league.organisers.add(scorer)
    season = Season.objects.create(league=league, name="2026", slug="2026")
    away, home = (Team.objects.create(league=league, name=n, slug=n.lower()) for n in "AB")
    fixture = Fixture.objects.create(season=season, away=away, home=home)
    game = league_services.fixture_start(fixture=fixture, user=scorer)
    client.force_login(stranger)
    html = _help(client.get(f"/games/{game.pk}/score/"))
    assert 'href="/leagues/tuesday/2026/"' in html and "Tuesday Club · 2026" in html
    assert "cannot add scorers to a game another user started" in html
    # So it is: an organiser who did not start the game is refused.
    other = type(scorer).objects.create_user("other-organiser")
    league.organisers.add(other)
    with pytest.raises(PermissionDenied):
        services.scorer_add(game=game, username="stranger", user=other)


def test_other_refusals_keep_the_plain_page(client, stranger):
    League.objects.create(name="Tuesday Club", slug="tuesday", kind="quick-baseball")
    client.force_login(stranger)
    response = client.get("/leagues/tuesday/manage/")
    assert response.status_code == 403
    html = response.content.decode()
    assert "How to score this game" not in html and "Back to the games" in html
