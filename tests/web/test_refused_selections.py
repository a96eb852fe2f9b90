"""A refused tap comes back with the scorer's choices still chosen: the screen
module reads the posted fields as a selection and the controls draw it ticked, every game."""

import re

import pytest

from games.scoring import services

from .conftest import post_play
from .test_backyard_baseball_views import HIT

pytestmark = pytest.mark.django_db

INPUT = re.compile(r"<input\b[^>]*>")
BUTTON = re.compile(r"<button\b[^>]*>")


def _attr(tag: str, name: str) -> str | None:
    found = re.search(rf'\s{name}="([^"]*)"', tag)
    return found.group(1) if found else None


def ticked(html: str) -> set[tuple[str, str]]:
    """(name, value) of every checked input of the scoring form."""
    form = html[html.index('id="play-form"') :]
    form = form[: form.index("</form>")]
    return {
        (_attr(tag, "name"), _attr(tag, "value"))
        for tag in INPUT.findall(form)
        if re.search(r"\schecked\b", tag)
    }


def pressed(html: str) -> set[tuple[str, str]]:
    """(name, value) of every button the form marks as chosen."""
    return {
        (_attr(tag, "name"), _attr(tag, "value"))
        for tag in BUTTON.findall(html)
        if 'aria-pressed="true"' in tag
    }


def new_game(user, kind, options, sides):
    return services.game_create(kind=kind, options=options, sides=sides, user=user)


def test_quick_baseball_keeps_the_pitch_and_marks_the_call(scorer_client, scorer):
    game = new_game(scorer, "quick-baseball", {"innings": 3}, ["Giants", "Yankees"])
    response = post_play(scorer_client, game, 1, pitch="SO1", call="steal")
    assert response.status_code == 422
    html = response.content.decode()
    assert 'class="error"' in html
    assert ticked(html) == {("pitch", "SO1")}
    assert pressed(html) == {("call", "steal")}


def test_quick_baseball_marks_the_bat_card_refused(scorer_client, scorer):
    game = new_game(scorer, "quick-baseball", {"innings": 3}, ["Giants", "Yankees"])
    post_play(scorer_client, game, 1, pitch="SO1", bat="B4")
    response = post_play(scorer_client, game, 2, pitch="SO1", bat="B1")
    assert response.status_code == 422
    html = response.content.decode()
    assert ticked(html) == {("pitch", "SO1")}
    assert pressed(html) == {("bat", "B1")}


def test_a_missing_log_position_keeps_the_choices_too(scorer_client, scorer):
    game = new_game(scorer, "quick-baseball", {"innings": 3}, ["Giants", "Yankees"])
    response = scorer_client.post(
        f"/games/{game.pk}/plays/", {"pitch": "SO2"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 400
    assert ticked(response.content.decode()) == {("pitch", "SO2")}


def test_quick_cricket_keeps_every_quadrant_and_toggle(scorer_client, scorer):
    match = new_game(scorer, "quick-cricket", {"overs": 2}, ["Hornets", "Wasps"])
    response = post_play(
        scorer_client, match, 1, pitch="A", move="C", stroke="A", path="B", no_ball="1"
    )
    assert response.status_code == 422
    html = response.content.decode()
    assert "Choose the Path card" in html
    assert ticked(html) == {
        ("pitch", "A"),
        ("move", "C"),
        ("stroke", "A"),
        ("path", "B"),
        ("no_ball", "1"),
    }


def test_quick_cricket_keeps_the_path_card_and_big_hit(scorer_client, scorer):
    match = new_game(scorer, "quick-cricket", {"overs": 2}, ["Hornets", "Wasps"])
    response = post_play(scorer_client, match, 1, path_card="3", big_hit="1", path="D")
    assert response.status_code == 422
    assert ticked(response.content.decode()) == {
        ("path_card", "3"),
        ("big_hit", "1"),
        ("path", "D"),
    }


def test_backyard_keeps_the_field_and_both_card_faces(scorer_client, scorer):
    yard = new_game(scorer, "backyard-baseball", {}, ["Owls", "Herons"])
    fields = {k: v for k, v in HIT.items() if k != "die"}
    response = post_play(scorer_client, yard, 1, **fields)  # no die
    assert response.status_code == 422
    html = response.content.decode()
    assert "Tap the die" in html
    assert ticked(html) == set(fields.items())


def test_bedard_keeps_the_lead_and_marks_the_answer(scorer_client, scorer):
    bedard = new_game(scorer, "bedard-baseball", {"innings": 3}, ["Owls", "Herons"])
    response = post_play(scorer_client, bedard, 1, bat="B1", field="R5", field_had_suit="perhaps")
    assert response.status_code == 422
    html = response.content.decode()
    # The phone's suit tabs show the lead's suit and the answer's.
    assert ticked(html) == {("bat", "B1"), ("lead_suit", "B"), ("answer_suit", "R")}
    assert pressed(html) == {("field", "R5")}


def test_solitaire_lays_the_cards_down_again(scorer_client, scorer):
    solo = new_game(scorer, "solitaire-baseball", {}, ["Player"])
    response = post_play(scorer_client, solo, 1, cards=["5H", "6H"])
    assert response.status_code == 422
    html = response.content.decode()
    tray = html[html.index('class="laid-cards"') :]
    tray = tray[: tray.index("</ol>")]
    assert re.findall(r'name="cards" value="([^"]+)"', tray) == ["5H", "6H"]
    assert "5♥" in tray and "6♥" in tray
    play = re.search(r'<button type="submit" class="button button-big play-cards"[^>]*>', html)
    assert play and "disabled" not in play.group(0)


def test_quick_tennis_keeps_the_shot_the_receiver_and_the_call(scorer_client, scorer):
    match = new_game(scorer, "quick-tennis", {"sets": 3}, ["Ann", "Bea"])
    services.play_record(
        game=match, raw={"serve": "Q1", "receive": ["Q1"]}, expected_seq=1, user=scorer
    )
    response = post_play(scorer_client, match, 2, hit="Q1", receive="Q4", recover="1", call="lob")
    assert response.status_code == 422
    html = response.content.decode()
    chosen = ticked(html)
    assert {("hit", "Q1"), ("receive", "Q4"), ("call", "lob")} <= chosen
    assert ("call", "") not in chosen  # "No call" is not ticked over the lob


def test_quick_tennis_keeps_the_receivers_cards_against_a_serve(scorer_client, scorer):
    match = new_game(scorer, "quick-tennis", {"sets": 3}, ["Ann", "Bea"])
    response = post_play(scorer_client, match, 1, receive=["Q1", "Q3"])  # no serve
    assert response.status_code == 422
    assert ticked(response.content.decode()) == {("receive", "Q1"), ("receive", "Q3")}


def test_a_good_tap_comes_back_with_nothing_chosen(scorer_client, scorer):
    game = new_game(scorer, "quick-baseball", {"innings": 3}, ["Giants", "Yankees"])
    response = post_play(scorer_client, game, 1, pitch="SO1", bat="B4")
    assert response.status_code == 200
    html = response.content.decode()
    assert ticked(html) == set() and pressed(html) == set()
