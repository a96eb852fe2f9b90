"""The scoring screen's service worker is served from the site's root (so its scope covers the
scoring pages and the log-in and log-out addresses), never from a cache, under the policy."""

import pytest
from django.contrib.staticfiles import finders

pytestmark = pytest.mark.django_db


def test_the_worker_is_served_from_the_root_as_javascript(client):
    response = client.get("/scoring-worker.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Cache-Control"] == "no-cache"
    with open(finders.find("games/scoring-worker.js"), "rb") as source:
        assert response.content == source.read()
    policy = dict(d.strip().split(" ", 1) for d in response["Content-Security-Policy"].split(";"))
    assert policy["worker-src"] == "'self'" and policy["script-src"] == "'self'"


def test_the_worker_takes_no_post(client):
    assert client.post("/scoring-worker.js").status_code == 405


def test_the_scoring_page_names_the_worker_and_the_account_addresses(scorer_client, game):
    html = scorer_client.get(f"/games/{game.pk}/score/").content.decode()
    assert 'data-worker-url="/scoring-worker.js"' in html
    assert 'data-login-url="/accounts/login/"' in html
    assert 'data-logout-url="/accounts/logout/"' in html


def test_the_game_page_registers_no_worker(client, game):
    assert "data-worker-url" not in client.get(f"/games/{game.pk}/").content.decode()
