"""The Quick Tennis scoring screen: taps as form fields, the television scoreboard, the court,
the recover toggle and out-of-cards button only when they apply, the public page and record."""

import json
import re

import pytest
from django.http import QueryDict

from games.engines import InvalidPlay
from games.kinds.quick_tennis import screen
from games.models import Game
from games.scoring import services

from .conftest import post_play

pytestmark = pytest.mark.django_db

ACE = {"serve": "Q1", "receive": ["Q2"]}
RETURN_WINNER = [{"serve": "Q1", "receive": ["Q1"]}, {"hit": "Q1", "receive": "Q2"}]


def held(count: int) -> list[dict]:
    """``count`` games, each held to love with aces."""
    return [ACE] * 4 * count


def broken(count: int) -> list[dict]:
    """``count`` games, each won to love by the receiver."""
    return RETURN_WINNER * 4 * count


@pytest.fixture
def match(scorer):
    return services.game_create(
        kind="quick-tennis", options={"sets": 3}, sides=["Ann", "Bea"], user=scorer
    )


def record(game, user, *plays):
    start = game.plays.count() + 1
    for seq, raw in enumerate(plays, start=start):
        services.play_record(game=game, raw=raw, expected_seq=seq, user=user)
    game.refresh_from_db()


def payloads(game):
    return list(game.plays.order_by("seq").values_list("payload", flat=True))


def query(pairs: list[tuple[str, str]]) -> QueryDict:
    data = QueryDict(mutable=True)
    for key, value in pairs:
        data.appendlist(key, value)
    return data


# --- the new game form -------------------------------------------------------------------------


def test_the_new_game_form_asks_for_best_of_three_or_five(scorer_client):
    html = scorer_client.get("/games/new/?kind=quick-tennis").content.decode()
    assert "<h2>Quick Tennis</h2>" in html
    assert re.search(r'<label for="id_visitors">Serves first:?</label>', html)
    assert re.search(r'<label for="id_home">Receives first:?</label>', html)
    assert 'name="option_sets"' in html
    assert "Best of 5 sets" in html


def test_a_new_match_starts_with_side_zero_serving(scorer_client):
    response = scorer_client.post(
        "/games/new/",
        {"kind": "quick-tennis", "option_sets": "5", "visitors": "Ann", "home": "Bea"},
    )
    game = Game.objects.get()
    assert response.status_code == 302
    assert game.options == {"sets": 5}
    assert game.summary["server"] == 0 and game.summary["best_of"] == 5


# --- taps become plays -------------------------------------------------------------------------


def test_read_play_turns_taps_into_play_objects():
    assert screen.read_play(query([("serve", "Q2"), ("receive", "Q1"), ("receive", "Q2")])) == {
        "serve": "Q2",
        "receive": ["Q1", "Q2"],
    }
    assert screen.read_play(query([("hit", "Q3"), ("receive", "Q4"), ("call", "")])) == {
        "hit": "Q3",
        "receive": "Q4",
    }
    assert screen.read_play(
        query([("hit", "Q3"), ("receive", "Q4"), ("recover", "1"), ("call", "lob")])
    ) == {"hit": "Q3", "receive": "Q4", "recover": True, "call": "lob"}
    assert screen.read_play(query([("out_of_cards", "1")])) == {"out_of_cards": True}


@pytest.mark.parametrize(
    ("pairs", "words"),
    [
        ([], "no play was entered"),
        ([("serve", "Q1")], "one to three quadrants"),
        ([("hit", "Q1")], "the receiver's card"),
        ([("receive", "Q1")], "the player with the ball first"),
    ],
)
def test_read_play_says_what_is_missing(pairs, words):
    with pytest.raises(InvalidPlay, match=words):
        screen.read_play(query(pairs))


def test_a_serve_tapped_on_the_screen_is_recorded(scorer_client, match):
    response = scorer_client.post(
        f"/games/{match.pk}/plays/",
        {"expected": 1, "serve": "Q2", "receive": ["Q1", "Q2"]},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert payloads(match) == [{"serve": "Q2", "receive": ["Q1", "Q2"]}]
    html = response.content.decode()
    assert "Serve to Q2, covered by the receiver (Q1 and Q2): the rally is on." in html
    assert 'data-phase="rally"' in html


def test_an_illegal_tap_is_refused_with_the_reason_and_nothing_recorded(scorer_client, match):
    record(match, match.created_by, {"serve": "Q1", "receive": ["Q1"]})
    response = post_play(scorer_client, match, 2, hit="Q1", receive="Q4", recover="1")
    assert response.status_code == 422
    html = response.content.decode()
    assert "Recover: the ball went to Q1 and the receiver to Q4, a diagonal move" in html
    assert match.plays.count() == 1


# --- the screen --------------------------------------------------------------------------------


def test_between_points_the_server_taps_one_card_and_the_receiver_up_to_three(scorer_client, match):
    html = scorer_client.get(f"/games/{match.pk}/score/").content.decode()
    assert 'data-phase="serve"' in html
    top = html.index("half-top")
    bottom = html.index("half-bottom")
    assert top < html.index('class="net"') < bottom
    assert html.count('type="radio" name="serve"') == 4
    assert html.count('type="checkbox" name="receive"') == 4
    assert "Ann serves: tap the serve card" in html
    assert "Bea receives: tap one to three cards" in html
    assert 'name="recover"' not in html and 'name="out_of_cards"' not in html
    # The top half is drawn turned round: back row Q4 Q3, then Q2 Q1 at the net.
    top_half = html[top:bottom]
    order = re.findall(r'data-q="(Q\d)"', top_half)
    assert order == ["Q4", "Q3", "Q2", "Q1"]
    assert re.findall(r'data-q="(Q\d)"', html[bottom:])[:4] == ["Q1", "Q2", "Q3", "Q4"]


def test_in_a_rally_the_hitter_and_receiver_tap_and_recovery_is_offered(scorer_client, match):
    record(match, match.created_by, {"serve": "Q3", "receive": ["Q3"]})
    html = scorer_client.get(f"/games/{match.pk}/score/").content.decode()
    assert 'data-phase="rally"' in html
    assert "Bea hits: tap the shot card" in html
    assert "Ann receives the shot" in html
    assert html.count('type="radio" name="hit"') == 4
    assert html.count('type="radio" name="receive"') == 4
    assert 'name="recover"' in html
    assert 'name="call" value="lob"' in html and 'name="call" value="drop"' in html
    assert "Rally: Bea has the ball in Q3 · shot 2" in html


def test_no_recover_toggle_when_the_receiver_has_no_card_to_spare(scorer_client, match):
    # Receiver 3, server 5; then receiver 2, server 4; server 3, receiver 1: the server hits
    # and the receiver holds one card only.
    record(
        match,
        match.created_by,
        {"serve": "Q1", "receive": ["Q1", "Q2", "Q3"]},
        {"hit": "Q1", "receive": "Q1"},
        {"hit": "Q1", "receive": "Q1"},
    )
    assert match.summary["cards"] == [3, 1] and match.summary["hitter"] == 1
    record(match, match.created_by, {"hit": "Q2", "receive": "Q2"})
    assert match.summary["cards"] == [2, 0]
    html = scorer_client.get(f"/games/{match.pk}/score/").content.decode()
    assert 'data-phase="out_of_cards"' in html
    assert 'name="recover"' not in html
    assert 'name="hit"' not in html
    assert "Out of cards: point against Bea" in html
    response = post_play(scorer_client, match, 5, out_of_cards="1")
    assert response.status_code == 200
    assert payloads(match)[-1] == {"out_of_cards": True}
    match.refresh_from_db()
    assert match.summary["points"] == ["15", "0"]


def test_the_scoreboard_shows_sets_games_points_and_the_server(client, scorer, match):
    # Ann (side 0) holds and breaks to 6-0; side 0 serves first again in set 2 and holds;
    # then Bea serves: Ann wins a point, Bea an ace.
    record(match, scorer, *(held(1) + broken(1)) * 3)
    assert match.summary["sets"] == [[6, 0]]
    record(match, scorer, *held(1), *RETURN_WINNER, ACE)
    summary = match.summary
    assert summary["games"] == [1, 0] and summary["points"] == ["15", "15"]
    assert summary["server"] == 1
    html = client.get(f"/games/{match.pk}/").content.decode()
    rows = dict(re.findall(r'<tr class="tv-player[^"]*" data-side="(\d)">(.*?)</tr>', html, re.S))
    assert 'class="tv-player" data-side="0"' in html
    assert 'class="tv-player serving" data-side="1"' in html
    assert re.findall(r'<td class="tv-set[^"]*"[^>]*>(\d+)', rows["0"]) == ["6", "1"]
    assert re.findall(r'<td class="tv-set[^"]*"[^>]*>(\d+)', rows["1"]) == ["0", "0"]
    assert 'data-points="15"' in rows["0"] and 'data-points="15"' in rows["1"]
    assert "Bea to serve" in html
    assert "Match statistics" in html


def test_deuce_advantage_and_break_point_are_called(client, scorer, match):
    record(match, scorer, ACE, ACE, ACE, *RETURN_WINNER * 3)
    html = client.get(f"/games/{match.pk}/").content.decode()
    assert '<p class="tv-call">Deuce</p>' in html
    record(match, scorer, *RETURN_WINNER)
    html = client.get(f"/games/{match.pk}/").content.decode()
    assert '<p class="tv-call">Advantage Bea · Break point Bea</p>' in html
    assert 'data-points="Ad"' in html


def test_a_finished_match_reads_like_a_result(client, scorer, match):
    # Set 1: every game held (6-6); the tie-break's first twelve points each won by its
    # server (6-6); Bea wins point 13 on Ann's serve and point 14 on her own: 6-8.
    record(match, scorer, *held(12), *[ACE] * 12, *RETURN_WINNER, ACE)
    assert match.summary["sets"] == [[6, 7]] and match.summary["tiebreaks"] == [[6, 8]]
    assert match.summary["server"] == 1  # Ann served the tie-break's first point
    # Set 2 the same, Bea serving first: she serves point 13 (an ace), Ann point 14.
    record(match, scorer, *held(12), *[ACE] * 12, ACE, *RETURN_WINNER)
    assert match.summary["status"] == "final"
    html = client.get(f"/games/{match.pk}/").content.decode()
    assert "Bea wins 7–6(6) 7–6(6)" in html
    assert 'class="tv-player winner" data-side="1"' in html
    assert "data-points" not in html
    client.force_login(scorer)
    score = client.get(f"/games/{match.pk}/score/").content.decode()
    assert "The game is over: Bea wins 7–6(6) 7–6(6)." in score
    assert 'id="play-form"' not in score


# --- the public page and exports ----------------------------------------------------------------


def test_the_public_page_offers_the_record_and_no_baseball_or_cricket_export(client, scorer, match):
    record(match, scorer, ACE)
    html = client.get(f"/games/{match.pk}/").content.decode()
    assert f'href="/games/{match.pk}/record.json"' in html and "Game record (JSON)" in html
    assert "Cricsheet" not in html and "Retrosheet" not in html and "Box score" not in html
    body = client.get(f"/games/{match.pk}/record.json")
    data = json.loads(body.content)
    assert data == {
        "game": "quick-tennis",
        "options": {"sets": 3},
        "sides": ["Ann", "Bea"],
        "plays": [ACE],
    }
    for name in ("boxscore.txt", "gamelog.csv", "cricsheet.json"):
        assert client.get(f"/games/{match.pk}/{name}").status_code == 404


def test_the_game_list_shows_where_a_live_match_stands(client, scorer, match):
    record(match, scorer, ACE, ACE, ACE, ACE, ACE)
    html = client.get("/").content.decode()
    assert "Set 1: 1–0 0–15" in html
