"""A league's Cards page: the organiser sets the card catalogue once, and every fixture and cup
game started afterwards is played with it; games already started keep theirs."""

from __future__ import annotations

import copy
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.engines.catalogues import default_catalogue
from games.leagues import services as leagues
from games.leagues.cups import services as cups
from games.models import Fixture, League
from tests.leagues.conftest import make_league

pytestmark = pytest.mark.django_db


def own_cards() -> dict:
    """Quick Baseball cards whose C1 has red and blue borders (the default's are green and
    yellow): only with these does B2 hit C1 for batters 1-3."""
    data = copy.deepcopy(default_catalogue("quick-baseball"))
    next(c for c in data["pitch"] if c["id"] == "C1")["borders"] = ["red", "blue"]
    return data


def cards_url(league: League) -> str:
    return reverse("games:manage-league-cards", kwargs={"league": league.slug})


@pytest.fixture
def organiser_client(client, organiser):
    client.force_login(organiser)
    return client


def post(client, league, *, htmx=False, **fields):
    data = {"cards-text": "", "cards-start": "default", **fields}
    extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(cards_url(league), data, **extra)


def test_the_page_shows_the_cards_as_tapped_and_a_preview(organiser_client, baseball_league):
    league, _season, _teams = baseball_league
    page = organiser_client.get(cards_url(league)).content.decode()
    assert 'class="card pitch-card"' in page and 'data-card="PO"' in page
    assert 'class="card bat-card"' in page and 'data-card="B5"' in page
    assert "What each batting card does against each pitch" in page
    assert page.count("<tr><td>") >= 10  # ten preview plays
    assert 'name="cards-pitch-id"' in page and 'name="cards-bat-1-3"' in page


def test_saved_cards_go_to_new_fixture_and_cup_games_only(organiser_client, baseball_league):
    league, season, teams = baseball_league
    organiser = league.organisers.get()
    started = Fixture.objects.create(season=season, away=teams[0], home=teams[1])
    before = leagues.fixture_start(fixture=started, user=organiser)
    old_options = dict(before.options)

    answer = post(
        organiser_client, league, **{"cards-text": json.dumps(own_cards()), "cards-save": "1"}
    )
    assert answer.status_code == 302
    league.refresh_from_db()
    assert league.options["catalogue"] == own_cards()
    assert league.options["innings"] == 1  # the other options stay

    fixture = Fixture.objects.create(season=season, away=teams[1], home=teams[2])
    assert (
        leagues.fixture_start(fixture=fixture, user=organiser).options["catalogue"] == own_cards()
    )
    cup = cups.cup_create(season=season, user=organiser, name="Cup", teams=teams[:2])
    cup_fixture = Fixture.objects.get(tie__competition=cup)
    cup_game = leagues.fixture_start(fixture=cup_fixture, user=organiser)
    assert cup_game.options["catalogue"] == own_cards()

    before.refresh_from_db()
    assert before.options == old_options and before.options.get("catalogue") != own_cards()


def test_the_settings_form_keeps_the_cards(organiser_client, baseball_league):
    league, _season, _teams = baseball_league
    leagues.league_cards_set(league=league, user=league.organisers.get(), catalogue=own_cards())
    answer = organiser_client.post(
        reverse("games:manage-league-edit", kwargs={"league": league.slug}),
        {"name": "Renamed", "option_innings": 3},
    )
    assert answer.status_code == 302
    league.refresh_from_db()
    assert league.name == "Renamed" and league.options["innings"] == 3
    assert league.options["catalogue"] == own_cards()


def test_refused_cards_say_which_card_and_field_and_save_nothing(organiser_client, baseball_league):
    league, _season, _teams = baseball_league
    before = dict(league.options)
    data = own_cards()
    next(c for c in data["bat"] if c["id"] == "B3")["hits"]["4-6"]["green"] = 7
    text = json.dumps(data, indent=2) + "\n  "
    answer = post(organiser_client, league, **{"cards-text": text, "cards-save": "1"})
    assert answer.status_code == 400
    page = answer.content.decode()
    assert "Batting card B3: &#x27;hits&#x27; for batters 4-6: green → 7" in page
    assert "nothing was saved" in page
    # The text comes back exactly as it was typed.
    assert answer.context["cards_form"].text == text
    league.refresh_from_db()
    assert league.options == before


def test_json_that_does_not_parse_says_where(organiser_client, baseball_league):
    league, _season, _teams = baseball_league
    answer = post(organiser_client, league, **{"cards-text": '{"pitch": [', "cards-save": "1"})
    assert answer.status_code == 400
    assert "The JSON could not be read: not JSON:" in answer.content.decode()
    assert answer.context["cards_form"].text == '{"pitch": ['


def test_a_catalogue_file_is_read_and_saved(organiser_client, baseball_league):
    league, _season, _teams = baseball_league
    upload = SimpleUploadedFile("cards.json", json.dumps(own_cards()).encode(), "application/json")
    answer = post(organiser_client, league, **{"cards-file": upload, "cards-save": "1"})
    assert answer.status_code == 302
    league.refresh_from_db()
    assert league.options["catalogue"] == own_cards()


def test_a_file_that_is_not_text_is_refused(organiser_client, baseball_league):
    league, _season, _teams = baseball_league
    upload = SimpleUploadedFile("cards.json", b"\xff\xfe{}", "application/json")
    answer = post(organiser_client, league, **{"cards-file": upload, "cards-save": "1"})
    assert answer.status_code == 400
    assert "The file cards.json could not be read: not UTF-8 text" in answer.content.decode()
    league.refresh_from_db()
    assert league.options["catalogue"] == "first-reconstruction"  # as made: unchanged


def test_check_answers_the_partial_with_the_preview_and_saves_nothing(
    organiser_client, baseball_league
):
    league, _season, _teams = baseball_league
    answer = post(
        organiser_client,
        league,
        htmx=True,
        **{"cards-text": json.dumps(own_cards()), "cards-check": "1"},
    )
    page = answer.content.decode()
    assert answer.status_code == 200
    assert "<html" not in page
    assert 'id="cards"' in page and "preview-plays" in page
    league.refresh_from_db()
    assert league.options["catalogue"] == "first-reconstruction"  # as made: unchanged


def test_load_fills_the_json_with_a_built_in(organiser_client, baseball_league):
    from games.engines import catalogues

    league, _season, _teams = baseball_league
    name = catalogues.names("quick-baseball")[-1]
    answer = post(organiser_client, league, htmx=True, **{"cards-start": name, "cards-load": "1"})
    assert json.loads(answer.context["cards_form"].text) == catalogues.named("quick-baseball", name)


def test_an_edited_table_row_wins_and_names_its_card_when_refused(
    organiser_client, baseball_league
):
    league, _season, _teams = baseball_league
    shown = organiser_client.get(cards_url(league)).context["cards_form"]
    fields = {"cards-text": "", "cards-shown": shown.shown_key(), "cards-save": "1"}
    rows = shown.module.rows(default_catalogue("quick-baseball"))
    for table in shown.module.TABLES:
        for column in table.columns:
            fields[f"cards-{table.key}-{column.name}"] = [r[column.name] for r in rows[table.key]]
    fields["cards-pitch-borders"][4] = "red blue"  # C1
    assert organiser_client.post(cards_url(league), fields).status_code == 302
    league.refresh_from_db()
    assert league.options["catalogue"]["pitch"][4]["borders"] == ["red", "blue"]

    fields["cards-shown"] = json.dumps({})
    fields["cards-bat-7-9"][1] = "red four"
    answer = organiser_client.post(cards_url(league), fields)
    assert answer.status_code == 400
    assert "Batting card B2: &#x27;hits&#x27; for batters 7-9: &#x27;red four&#x27;" in (
        answer.content.decode()
    )
    assert 'value="red four"' in answer.content.decode()  # the row as typed


def test_backyard_deck_rows_become_the_deck(organiser_client, organiser):
    league, _season, _teams = make_league("backyard-baseball")
    league.organisers.add(organiser)
    fields = {
        "cards-text": "",
        "cards-save": "1",
        "cards-pitcher-card": ["1", "2"],
        "cards-pitcher-number": ["5", "3"],
        "cards-pitcher-pitch": ["curve", "heater"],
        "cards-pitcher-result": ["grounder", "strikeout"],
        "cards-pitcher-space": ["LF", ""],
        "cards-batter-card": ["1"],
        "cards-batter-pitch": ["curve"],
        "cards-batter-result": ["line-drive"],
        "cards-batter-space": ["RF"],
        "cards-batter-runners": ["1"],
    }
    assert organiser_client.post(cards_url(league), fields).status_code == 302
    league.refresh_from_db()
    assert league.options["catalogue"]["deck"] == {
        "pitcher": [
            {"card": "1", "number": 5, "pitch": "curve", "result": "grounder", "space": "LF"},
            {"card": "2", "number": 3, "pitch": "heater", "result": "strikeout"},
        ],
        "batter": [
            {"card": "1", "pitch": "curve", "result": "line-drive", "space": "RF", "runners": 1}
        ],
    }
    page = organiser_client.get(cards_url(league)).content.decode()
    assert 'class="deck-card"' in page and 'value="heater" selected' in page

    saved = dict(league.options)
    fields["cards-pitcher-number"] = ["5", "ten"]
    fields["cards-batter-pitch"] = ["spitter"]
    answer = organiser_client.post(cards_url(league), fields)
    page = answer.content.decode()
    assert answer.status_code == 400
    assert (
        "Pitcher&#x27;s card 2: &#x27;number&#x27; must be a whole number 1-9, not &#x27;ten&#x27;"
        in page
    )
    assert (
        "Batter&#x27;s card 1: &#x27;pitch&#x27; must be one of heater, curve, knuckler, slow"
        in page
    )
    assert 'value="ten"' in page
    league.refresh_from_db()
    assert league.options == saved


def test_only_the_league_organisers_open_the_cards(client, baseball_league, django_user_model):
    league, _season, _teams = baseball_league
    assert client.get(cards_url(league)).status_code == 302  # to log in
    other = django_user_model.objects.create_user("other", password="pw-other-1")
    client.force_login(other)
    assert client.get(cards_url(league)).status_code == 403
    answer = post(client, league, **{"cards-text": json.dumps(own_cards()), "cards-save": "1"})
    assert answer.status_code == 403
    league.refresh_from_db()
    assert league.options["catalogue"] == "first-reconstruction"  # as made: unchanged


def test_a_game_without_cards_has_no_cards_page(organiser_client, organiser):
    league, _season, _teams = make_league("quick-tennis", teams=("Ann", "Bea"))
    league.organisers.add(organiser)
    assert organiser_client.get(cards_url(league)).status_code == 404


def test_the_service_refuses_anyone_but_an_organiser(baseball_league, django_user_model):
    from django.core.exceptions import PermissionDenied

    league, _season, _teams = baseball_league
    other = django_user_model.objects.create_user("other", password="pw-other-1")
    with pytest.raises(PermissionDenied):
        leagues.league_cards_set(league=league, user=other, catalogue=own_cards())


def test_a_built_in_is_kept_by_name_and_digest(organiser_client, baseball_league):
    from games.engines import catalogues

    league, _season, _teams = baseball_league
    older = catalogues.named("quick-baseball", "first-reconstruction")
    text = json.dumps(older)
    assert (
        post(organiser_client, league, **{"cards-text": text, "cards-save": "1"}).status_code == 302
    )
    league.refresh_from_db()
    assert league.options["catalogue"] == catalogues.reference(
        "quick-baseball", "first-reconstruction"
    )
    page = organiser_client.get(cards_url(league))
    assert page.context["cards_form"].start == "first-reconstruction"
    assert json.loads(page.context["cards_form"].text) == older
    assert catalogues.label("quick-baseball", "first-reconstruction") in page.content.decode()


def test_the_default_cards_are_pinned_when_saved(organiser_client, baseball_league):
    from games.engines import catalogues

    league, _season, _teams = baseball_league
    assert post(organiser_client, league, **{"cards-save": "1"}).status_code == 302
    league.refresh_from_db()
    default = catalogues.default_name("quick-baseball")
    assert league.options["catalogue"] == catalogues.reference("quick-baseball", default)


def test_a_deck_card_that_goes_somewhere_needs_its_space(organiser_client, organiser):
    league, _season, _teams = make_league("backyard-baseball")
    league.organisers.add(organiser)
    fields = {
        "cards-text": "",
        "cards-save": "1",
        "cards-pitcher-card": ["K", "G"],
        "cards-pitcher-number": ["2", "4"],
        "cards-pitcher-pitch": ["slow", "knuckler"],
        "cards-pitcher-result": ["strikeout", "fly"],
        "cards-pitcher-space": ["RF", ""],
        "cards-batter-card": ["H"],
        "cards-batter-pitch": ["slow"],
        "cards-batter-result": ["home-run"],
        "cards-batter-space": [""],
        "cards-batter-runners": ["0"],
    }
    answer = organiser_client.post(cards_url(league), fields)
    assert answer.status_code == 400
    assert "Pitcher&#x27;s card G: &#x27;space&#x27; is needed for a fly" in answer.content.decode()
    fields["cards-pitcher-space"] = ["RF", "CF"]
    assert organiser_client.post(cards_url(league), fields).status_code == 302
    league.refresh_from_db()
    # A strikeout goes nowhere: the space tapped with it is left out, as on the scoring screen.
    assert league.options["catalogue"]["deck"]["pitcher"] == [
        {"card": "K", "number": 2, "pitch": "slow", "result": "strikeout"},
        {"card": "G", "number": 4, "pitch": "knuckler", "result": "fly", "space": "CF"},
    ]
