"""Pages anyone can read, creating games, permissions, and the JSON record."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError

from games.engines import all_engines, catalogues
from games.engines.catalogues import default_catalogue
from games.models import CardCatalogue, Game
from games.scoring import services

from .conftest import post_play

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def test_anyone_can_view_a_game(client, game, scorer_client):
    post_play(scorer_client, game, 1, pitch="SO1", bat="B4")
    client.logout()
    response = client.get(f"/games/{game.pk}/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html and 'id="scoreboard"' in html
    assert "Batter 1 singles on Strike Out." in html
    assert "Giants" in html and "Yankees" in html
    assert f'href="/games/{game.pk}/record.json"' in html
    assert "Score this game" not in html


def test_the_game_page_partial_for_htmx(client, game):
    response = client.get(f"/games/{game.pk}/", headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="scoreboard"')
    assert "<html" not in html


def test_scoring_screen_needs_login_and_scorer_rights(client, game, stranger):
    response = client.get(f"/games/{game.pk}/score/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(stranger)
    response = client.get(f"/games/{game.pk}/score/")
    assert response.status_code == 403
    assert "Only this game&#x27;s scorers can enter plays." in response.content.decode()


@pytest.mark.parametrize("who", ["anonymous", "stranger"])
def test_only_scorers_can_write(client, game, stranger, who):
    if who == "stranger":
        client.force_login(stranger)
    assert post_play(client, game, 1, pitch="SO1", bat="B4").status_code == 403
    assert client.post(f"/games/{game.pk}/undo/", {"expected": 1}).status_code == 403
    assert game.plays.count() == 0


def test_the_creator_adds_a_scorer_who_can_then_score(client, scorer_client, game, stranger):
    response = scorer_client.post(f"/games/{game.pk}/scorers/", {"username": "stranger"})
    assert response.status_code == 302
    client.force_login(stranger)
    assert client.get(f"/games/{game.pk}/score/").status_code == 200
    assert post_play(client, game, 1, pitch="SO1", bat="B4").status_code == 200
    # a scorer who is not the creator cannot add others
    assert client.post(f"/games/{game.pk}/scorers/", {"username": "scorer"}).status_code == 403


def test_adding_an_unknown_scorer_says_so(scorer_client, game):
    response = scorer_client.post(f"/games/{game.pk}/scorers/", {"username": "nobody"}, follow=True)
    assert "There is no user called &#x27;nobody&#x27;." in response.content.decode()
    assert game.scorers.count() == 0


def test_new_game_needs_login(client):
    response = client.get("/games/new/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_new_game_form_creates_a_game_and_opens_the_scoring_screen(scorer_client, scorer):
    response = scorer_client.post(
        "/games/new/",
        {"kind": "quick-baseball", "option_innings": 6, "visitors": "Hornets", "home": "Comets"},
    )
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/score/"
    assert game.options == {
        "innings": 6,
        "catalogue": catalogues.reference("quick-baseball", "one-border"),
    }
    assert game.sides == ["Hornets", "Comets"]
    assert game.created_by == scorer
    assert game.summary["status"] == "in_progress"
    page = scorer_client.get(response["Location"]).content.decode()
    assert 'id="play-form"' in page
    assert page.count('<th scope="col">') >= 6 + 1  # Team column plus six innings


@pytest.mark.parametrize(
    "fields, error",
    [
        ({"option_innings": 0}, "greater than or equal to 1"),
        ({"option_innings": "nine"}, "Enter a whole number"),
        ({"home": "Hornets"}, "The two teams need different names."),
        ({"kind": "chess"}, "Select a valid choice"),
        ({"visitors": ""}, "This field is required"),
    ],
)
def test_new_game_form_errors(scorer_client, fields, error):
    data = {"kind": "quick-baseball", "option_innings": 9, "visitors": "Hornets", "home": "Comets"}
    response = scorer_client.post("/games/new/", {**data, **fields})
    assert response.status_code == 200
    assert error in response.content.decode()
    assert Game.objects.count() == 0


def test_game_list_is_newest_first(client, scorer):
    older = services.game_create(kind="quick-baseball", options={}, sides=["A", "B"], user=scorer)
    newer = services.game_create(kind="quick-baseball", options={}, sides=["C", "D"], user=scorer)
    html = client.get("/").content.decode()
    assert html.index(f"/games/{newer.pk}/") < html.index(f"/games/{older.pk}/")


def test_the_record_download_round_trips_through_replay(client, scorer_client, game, tmp_path):
    plays = [
        {"pitch": "SO1", "bat": "B4"},
        {"pitch": "SO2", "call": "steal"},
        {"pitch": "PO", "call": "leave"},
        {"pitch": "RUN", "bat": "B1"},
    ]
    for seq, fields in enumerate(plays, start=1):
        assert post_play(scorer_client, game, seq, **fields).status_code == 200
    response = client.get(f"/games/{game.pk}/record.json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert "attachment" in response["Content-Disposition"]
    record = json.loads(response.content)
    assert record == {
        "game": "quick-baseball",
        # The game names the cards it is played with, by name and digest.
        "options": {
            "innings": 3,
            "catalogue": catalogues.reference("quick-baseball", "first-reconstruction"),
        },
        "sides": ["Giants", "Yankees"],
        "plays": plays,
    }
    path = tmp_path / "game.json"
    path.write_bytes(response.content)
    result = subprocess.run(
        [sys.executable, "manage.py", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    game.refresh_from_db()
    assert json.loads(result.stdout) == game.summary


def test_a_changed_catalogue_is_used_by_new_games_only(scorer):
    before = services.game_create(kind="quick-baseball", options={}, sides=["A", "B"], user=scorer)
    row = CardCatalogue.objects.get(kind="quick-baseball")
    assert row.data == default_catalogue("quick-baseball")  # seeded by a migration
    data = default_catalogue("quick-baseball")
    data["pitch"][0]["borders"] = ["red"]  # SO1 is now red-bordered
    row.data = data
    row.full_clean()
    row.save()
    after = services.game_create(kind="quick-baseball", options={}, sides=["A", "B"], user=scorer)
    assert before.options["catalogue"] == catalogues.reference("quick-baseball", "one-border")
    assert after.options["catalogue"]["pitch"][0]["borders"] == ["red"]
    # B2 is a home run against red for batter 1: only in the game with the new catalogue
    services.play_record(game=after, raw={"pitch": "SO1", "bat": "B2"}, expected_seq=1, user=scorer)
    services.play_record(
        game=before, raw={"pitch": "SO1", "bat": "B2"}, expected_seq=1, user=scorer
    )
    after.refresh_from_db()
    before.refresh_from_db()
    assert after.summary["score"] == [1, 0]
    assert before.summary["score"] == [0, 0] and before.summary["outs"] == 1


def test_a_broken_catalogue_is_refused_by_validation():
    row = CardCatalogue.objects.get(kind="quick-baseball")
    row.data = {"pitch": [], "bat": []}
    with pytest.raises(ValidationError, match="needs"):
        row.full_clean()


def test_staff_edit_the_catalogue_in_the_admin(admin_client):
    row = CardCatalogue.objects.get(kind="quick-baseball")
    assert admin_client.get("/admin/games/cardcatalogue/").status_code == 200
    page = admin_client.get(f"/admin/games/cardcatalogue/{row.pk}/change/")
    assert page.status_code == 200
    response = admin_client.post(
        f"/admin/games/cardcatalogue/{row.pk}/change/",
        {"kind": "quick-baseball", "data": json.dumps({"pitch": "nope"})},
    )
    assert response.status_code == 200  # the form comes back with the engine's reason
    assert "the catalogue needs a list" in response.content.decode()


def test_demo_data_loads_a_finished_and_a_live_game(client):
    from django.core.management import call_command

    call_command("load_demo", win_games=20)
    call_command("load_demo", win_games=20)  # a second run changes nothing
    games = list(Game.objects.order_by("pk"))
    assert [(g.kind, g.summary["status"]) for g in games[:4]] == [
        ("quick-baseball", "final"),
        ("quick-baseball", "in_progress"),
        ("quick-cricket", "final"),
        ("quick-cricket", "in_progress"),
    ]
    assert {g.kind for g in games} == {engine.id for engine in all_engines()}
    assert all(g.plays.exists() for g in games)
    assert all(client.get(f"/games/{g.pk}/").status_code == 200 for g in games)
    # Its (small) win-probability tables are built: every finished two-sided game has a chart.
    for game in Game.objects.filter(finished_at__isnull=False):
        html = client.get(f"/games/{game.pk}/").content.decode()
        assert 'class="win-line"' in html, game.kind
    # The demo user is staff and may edit the card catalogues in the admin.
    client.post("/accounts/login/", {"username": "demo", "password": "demo-scorer"})
    assert client.get("/admin/games/cardcatalogue/").status_code == 200
    assert client.get("/admin/games/cardcatalogue/add/").status_code == 200


def test_the_demo_leagues_look_like_real_seasons():
    """Played by the plausible players: no 900-play three-inning Bedard's game, no cricket
    side all out in three overs (the uniform random scorer's demo)."""
    from django.core.management import call_command

    call_command("load_demo", win_games=0)
    finals = Game.objects.filter(finished_at__isnull=False, season__isnull=False)
    by_kind: dict[str, list[Game]] = {}
    for game in finals:
        by_kind.setdefault(game.kind, []).append(game)
    assert set(by_kind) >= {"quick-baseball", "quick-cricket", "bedard-baseball"}
    for game in by_kind["bedard-baseball"]:
        assert game.plays.count() < 200 and max(game.summary["score"]) < 40
    for game in by_kind["quick-cricket"]:
        assert game.options["overs"] == 4 or game.fixture.decider
        assert all(innings["wickets"] < 10 for innings in game.summary["innings"])
    for game in by_kind["backyard-baseball"]:
        assert game.plays.count() < 100
    # Cups: a finished one and one in progress for cricket and tennis, baseball playoffs.
    from games.leagues.cups.export import champion
    from games.models import Competition

    crowned = {
        (c.season.league.kind, c.name): champion(c) is not None
        for c in Competition.objects.select_related("season__league")
    }
    assert crowned == {
        ("quick-cricket", "Knockout Cup"): True,
        ("quick-cricket", "Plate"): False,
        ("quick-tennis", "Open"): True,
        ("quick-tennis", "Masters"): False,
        ("quick-baseball", "Playoffs"): False,
    }
    live = Game.objects.filter(fixture__competition__isnull=False, finished_at__isnull=True)
    assert live.count() == 3


def test_new_game_form_asks_for_each_games_options(scorer_client):
    page = scorer_client.get("/games/new/?kind=quick-cricket").content.decode()
    assert 'name="option_overs"' in page and 'name="option_first_style"' in page
    assert 'name="option_innings"' in page and "Batting first" in page
    partial = scorer_client.get(
        "/games/new/?kind=quick-baseball", headers={"HX-Request": "true"}
    ).content.decode()
    assert partial.lstrip().startswith('<form id="new-game"')
    assert 'name="option_overs"' not in partial


def test_new_cricket_game_with_unlimited_overs(scorer_client):
    response = scorer_client.post(
        "/games/new/",
        {
            "kind": "quick-cricket",
            "option_overs": "",
            "option_innings": "2",
            "option_first_style": "spin",
            "visitors": "Hornets",
            "home": "Wasps",
        },
    )
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.options == {
        "overs": None,
        "innings": 2,
        "first_style": "spin",
        "catalogue": catalogues.reference("quick-cricket", "reconstruction"),
    }
    assert game.summary["style"] == "spin"
