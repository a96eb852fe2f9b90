"""The correction pages: forms, refusals, the "corrected" mark, rights and CSRF."""

import json

import pytest
from django.test import Client

from games.models import PlayCorrection
from games.scoring import corrections
from tests.leagues.conftest import play_fixture

from .conftest import PLAYS, log, position

pytestmark = pytest.mark.django_db


def form_data(game, **fields) -> dict:
    seen = position(game)
    return {
        "expected": seen["expected"],
        "after": seen["after_play"],
        "revision": seen["revision"],
        **fields,
    }


@pytest.fixture
def scorer_client(client, scorer):
    client.force_login(scorer)
    return client


def test_the_correction_form_is_prefilled_with_the_play(scorer_client, game):
    response = scorer_client.get(f"/games/{game.pk}/plays/2/correct/")
    assert response.status_code == 200
    form = response.context["form"]
    assert json.loads(form.initial["play"]) == PLAYS[1]
    assert form.initial["expected"] == 6
    assert b'name="reason"' in response.content


def test_a_correction_is_saved_and_shown_as_corrected(scorer_client, game, client):
    reason = "<script>alert(1)</script> misread"
    response = scorer_client.post(
        f"/games/{game.pk}/plays/1/correct/",
        form_data(game, play='{"pitch": "C1", "call": "leave"}', reason=reason),
    )
    assert response.status_code == 302
    assert log(game)[0] == {"pitch": "C1", "call": "leave"}
    page = Client().get(f"/games/{game.pk}/").content.decode()
    assert ' corrected" value="1"' in page and ' corrected" value="2"' not in page
    assert 'class="corrected-mark">corrected<' in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; misread" in page
    assert "<script>alert(1)" not in page
    listing = Client().get(f"/games/{game.pk}/corrections/")
    assert listing.status_code == 200
    assert "Play 1 corrected" in listing.content.decode()
    assert "by scorer" in listing.content.decode()


def test_a_refused_correction_names_the_breaking_play(scorer_client, game):
    response = scorer_client.post(
        f"/games/{game.pk}/plays/1/correct/",
        form_data(game, play='{"pitch": "C2", "call": "leave"}', reason="r"),
    )
    assert response.status_code == 422
    assert "Play 2 would no longer be legal" in response.content.decode()
    assert log(game) == PLAYS


@pytest.mark.parametrize(
    ("fields", "status"),
    [
        ({"play": "{not json", "reason": "r"}, 400),
        ({"play": "[1, 2]", "reason": "r"}, 400),
        ({"play": '{"pitch": "C1", "call": "leave"}', "reason": ""}, 400),
        ({"play": '{"pitch": "C1", "call": "leave"}', "reason": "r", "expected": "x"}, 400),
        ({"play": '{"pitch": "C1", "call": "leave"}', "reason": "r", "expected": 3}, 409),
        ({"play": '{"pitch": "C1", "call": "leave"}', "reason": "r", "revision": 1}, 409),
    ],
)
def test_bad_or_stale_posts_change_nothing(scorer_client, game, fields, status):
    response = scorer_client.post(f"/games/{game.pk}/plays/1/correct/", form_data(game, **fields))
    assert response.status_code == status
    assert log(game) == PLAYS
    assert not PlayCorrection.objects.exists()


def test_deleting_a_play_renumbers_and_is_listed(scorer_client, game):
    response = scorer_client.post(
        f"/games/{game.pk}/plays/2/delete/", form_data(game, reason="entered twice")
    )
    assert response.status_code == 302
    assert log(game) == [PLAYS[0], *PLAYS[2:]]
    listing = Client().get(f"/games/{game.pk}/corrections/").content.decode()
    assert "Play 2 deleted" in listing and "entered twice" in listing


def test_the_play_by_play_offers_correct_links_only_to_scorers(scorer_client, game, client):
    url = f"/games/{game.pk}/plays/3/correct/"
    assert url in scorer_client.get(f"/games/{game.pk}/score/").content.decode()
    assert url in scorer_client.get(f"/games/{game.pk}/").content.decode()
    assert url not in Client().get(f"/games/{game.pk}/").content.decode()


def test_others_cannot_correct(game, stranger):
    anonymous = Client()
    url = f"/games/{game.pk}/plays/1/correct/"
    data = form_data(game, play='{"pitch": "C1", "call": "leave"}', reason="r")
    assert anonymous.get(url).status_code == 302  # to the login page
    assert anonymous.post(url, data).status_code == 302
    other = Client()
    other.force_login(stranger)
    assert other.get(url).status_code == 403
    assert other.post(url, data).status_code == 403
    assert (
        other.post(f"/games/{game.pk}/plays/1/delete/", form_data(game, reason="r")).status_code
        == 403
    )
    assert log(game) == PLAYS


def test_csrf_is_enforced(game, scorer):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(scorer)
    data = form_data(game, play='{"pitch": "C1", "call": "leave"}', reason="r")
    assert strict.post(f"/games/{game.pk}/plays/1/correct/", data).status_code == 403
    assert log(game) == PLAYS


@pytest.fixture
def final_game(baseball_league, scorer):
    _, season, teams = baseball_league
    return play_fixture(season, teams[0], teams[1], scorer, seed=3)


def test_a_final_game_is_reopened_by_its_organiser(final_game, scorer, organiser, stranger):
    scorer_client = Client()
    scorer_client.force_login(scorer)
    page = scorer_client.get(f"/games/{final_game.pk}/plays/1/correct/")
    assert page.status_code == 200
    assert "must reopen it" in page.content.decode()
    assert 'name="reason"' not in page.content.decode()
    refused = scorer_client.post(
        f"/games/{final_game.pk}/plays/1/delete/", form_data(final_game, reason="r")
    )
    assert refused.status_code == 422

    for user in (None, scorer, stranger):
        other = Client()
        if user:
            other.force_login(user)
        assert other.post(f"/games/{final_game.pk}/reopen/").status_code == 403
    assert not corrections.is_reopened(game=final_game)

    boss = Client()
    boss.force_login(organiser)
    assert "Reopen for correction" in boss.get(f"/games/{final_game.pk}/").content.decode()
    assert boss.post(f"/games/{final_game.pk}/reopen/").status_code == 302
    assert corrections.is_reopened(game=final_game)
    detail = boss.get(f"/games/{final_game.pk}/").content.decode()
    assert "Reopened for correction" in detail and "Close corrections" in detail
    assert f"/games/{final_game.pk}/plays/1/correct/" in detail

    assert boss.post(f"/games/{final_game.pk}/close/").status_code == 302
    assert not corrections.can_correct(game=final_game, user=scorer)


def test_a_tapped_correction_from_an_out_of_date_form_is_a_conflict_not_a_500(scorer_client, game):
    """The refused form is drawn again with the game's controls, which read the posted taps
    as lists: the fresh position is put into the post, which stays a QueryDict."""
    seen = position(game)
    response = scorer_client.post(
        f"/games/{game.pk}/plays/1/correct/",
        {
            "expected": seen["expected"] - 1,
            "after": seen["after_play"],
            "revision": seen["revision"],
            "reason": "misread",
            "pitch": "C1",
            "bat": "B2",
        },
    )
    assert response.status_code == 409
    assert response.context["form"]["expected"].value() == str(seen["expected"])
    assert log(game) == PLAYS
