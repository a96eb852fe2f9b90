"""A friendly's cards: whoever starts a game with cards (Quick Baseball, Quick Cricket,
Backyard) may enter its catalogue on the new-game form, and the game is played with it."""

from __future__ import annotations

import copy
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.engines import catalogues
from games.engines.catalogues import default_catalogue
from games.models import Game
from tests.web.conftest import post_play

pytestmark = pytest.mark.django_db
NEW = reverse("games:new")


def own_cards() -> dict:
    """C1 with red and blue borders: B2 (red 4 for batters 1-3) hits it only with these."""
    data = copy.deepcopy(default_catalogue("quick-baseball"))
    next(c for c in data["pitch"] if c["id"] == "C1")["borders"] = ["red", "blue"]
    return data


def new_game(client, **fields):
    data = {
        "kind": "quick-baseball",
        "visitors": "Away",
        "home": "Home",
        "option_innings": 9,
        "cards-text": "",
        "cards-start": "default",
        **fields,
    }
    return client.post(NEW, data)


def test_the_form_offers_cards_only_for_games_with_cards(scorer_client):
    assert 'id="cards"' in scorer_client.get(NEW, {"kind": "quick-baseball"}).content.decode()
    assert 'id="cards"' in scorer_client.get(NEW, {"kind": "quick-cricket"}).content.decode()
    assert 'id="cards"' in scorer_client.get(NEW, {"kind": "backyard-baseball"}).content.decode()
    assert 'id="cards"' not in scorer_client.get(NEW, {"kind": "quick-tennis"}).content.decode()


def test_a_friendly_with_its_own_cards_plays_with_them(scorer_client, scorer):
    answer = new_game(scorer_client, **{"cards-text": json.dumps(own_cards())})
    assert answer.status_code == 302
    game = Game.objects.get()
    assert game.options["catalogue"] == own_cards()
    post_play(scorer_client, game, 1, pitch="C1", bat="B2")
    game.refresh_from_db()
    assert game.summary["score"] == [1, 0]  # a home run on C1 that the default cards make out


def test_a_friendly_with_the_default_cards_does_not_hit_there(scorer_client):
    assert new_game(scorer_client).status_code == 302
    game = Game.objects.get()
    post_play(scorer_client, game, 1, pitch="C1", bat="B2")
    game.refresh_from_db()
    assert game.summary["score"] == [0, 0]


def test_refused_cards_start_no_game_and_keep_what_was_typed(scorer_client):
    data = own_cards()
    next(c for c in data["pitch"] if c["id"] == "FLY")["borders"] = ["green", "Yellow!"]
    text = json.dumps(data)
    answer = new_game(scorer_client, **{"cards-text": text, "visitors": "Cats"})
    page = answer.content.decode()
    assert not Game.objects.exists()
    assert (
        "Pitching card FLY: &#x27;borders&#x27;: &#x27;Yellow!&#x27; is not a colour name" in page
    )
    assert answer.context["cards_form"].text == text
    assert 'value="Cats"' in page  # the rest of the form as sent


def test_a_friendly_reads_a_catalogue_file(scorer_client):
    upload = SimpleUploadedFile("ours.json", json.dumps(own_cards()).encode())
    assert new_game(scorer_client, **{"cards-file": upload}).status_code == 302
    assert Game.objects.get().options["catalogue"] == own_cards()


def test_check_previews_the_cards_with_htmx_and_starts_nothing(scorer_client):
    answer = scorer_client.post(
        NEW,
        {"kind": "quick-cricket", "cards-text": "", "cards-check": "1"},
        HTTP_HX_REQUEST="true",
    )
    page = answer.content.decode()
    assert answer.status_code == 200 and "<html" not in page
    assert "Runs charts" in page and "preview-plays" in page
    assert not Game.objects.exists()


def test_a_cricket_friendly_with_a_bad_path_card_names_it(scorer_client):
    data = copy.deepcopy(default_catalogue("quick-cricket"))
    data["path_cards"][2]["runs"] = -3
    answer = scorer_client.post(
        NEW,
        {
            "kind": "quick-cricket",
            "visitors": "A",
            "home": "B",
            "option_overs": 16,
            "option_innings": 1,
            "option_first_style": "pace",
            "cards-text": json.dumps(data),
        },
    )
    assert "Path card 3: &#x27;runs&#x27; is -3" in answer.content.decode()
    assert not Game.objects.exists()


def test_signing_in_comes_first(client):
    assert new_game(client, **{"cards-text": json.dumps(own_cards())}).status_code == 302
    assert not Game.objects.exists()


def test_a_backyard_friendly_left_alone_gets_the_default_cards(scorer_client):
    page = scorer_client.get(NEW, {"kind": "backyard-baseball"})
    shown = page.context["cards_form"].shown_key()
    answer = scorer_client.post(
        NEW,
        {
            "kind": "backyard-baseball",
            "visitors": "Dots",
            "home": "Plains",
            "option_innings": 3,
            "cards-text": "",
            "cards-start": "default",
            "cards-shown": shown,
            # The deck's tables as the page sends them: blank rows only.
            **{
                f"cards-pitcher-{c}": ["", ""]
                for c in ("card", "number", "pitch", "result", "space")
            },
            **{
                f"cards-batter-{c}": ["", ""]
                for c in ("card", "pitch", "result", "space", "runners")
            },
        },
    )
    assert answer.status_code == 302
    default = catalogues.default_name("backyard-baseball")
    assert Game.objects.get().options["catalogue"] == catalogues.reference(
        "backyard-baseball", default
    )
