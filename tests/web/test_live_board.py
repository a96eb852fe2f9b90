"""The scoring screen follows the game live (its poll is answered 304 while the board is
unchanged), names who entered each play, and says in words what another tablet did when a
tap is refused."""

import re

import pytest
from django.test import Client

from games.scoring import services

from .conftest import post_play

pytestmark = pytest.mark.django_db

TAG = re.compile(r'<div id="board" class="board scoring" data-live-tag="([^"]*)"')


@pytest.fixture
def ann(django_user_model, game):
    user = django_user_model.objects.create_user("ann", password="pw-ann-1")
    services.scorer_add(game=game, username="ann", user=game.created_by)
    return user


@pytest.fixture
def ann_client(ann):
    """Ann's tablet (``client`` is the scorer's: ``scorer_client`` logs it in)."""
    tablet = Client()
    tablet.force_login(ann)
    return tablet


def shown_tag(html: str) -> str:
    return TAG.search(html).group(1).replace("&quot;", '"')


def poll(client, game, tag=""):
    headers = {"HX-Request": "true"}
    if tag:
        headers["If-None-Match"] = tag
    return client.get(f"/games/{game.pk}/score/", headers=headers)


def test_the_poll_is_not_modified_until_another_tablet_writes(scorer_client, ann_client, game):
    post_play(scorer_client, game, 1, pitch="SO1", bat="B4")
    page = scorer_client.get(f"/games/{game.pk}/score/").content.decode()
    tag = shown_tag(page)

    unchanged = poll(scorer_client, game, tag)
    assert unchanged.status_code == 304
    assert unchanged.content == b""

    # Ann, on the other tablet, enters play 2.
    assert post_play(ann_client, game, 2, pitch="SO2", call="leave").status_code == 200

    changed = poll(scorer_client, game, tag)
    assert changed.status_code == 200
    html = changed.content.decode()
    assert "<html" not in html and 'id="board"' in html
    assert 'id="play-2"' in html and "· ann" in html  # the whole list, with who entered it
    assert shown_tag(html) != tag
    assert poll(scorer_client, game, shown_tag(html)).status_code == 304


def test_the_poll_is_for_scorers_only(client, game, stranger):
    client.force_login(stranger)
    assert poll(client, game).status_code == 403


def test_each_play_line_names_its_scorer_and_a_tap_sends_only_its_line(scorer_client, game, ann):
    post_play(scorer_client, game, 1, pitch="SO1", bat="B4")
    page = scorer_client.get(f"/games/{game.pk}/score/").content.decode()
    reply = post_play(
        scorer_client,
        game,
        2,
        after=game.plays.get(seq=1).pk,
        revision=re.search(r'name="revision" value="([^"]*)"', page).group(1),
        pitch="SO2",
        call="leave",
    )
    html = reply.content.decode()
    assert 'hx-swap-oob="afterbegin:#play-list"' in html
    assert re.findall(r'<li id="play-(\d+)"', html) == ["2"]
    assert '<span class="play-by">· scorer</span>' in html
    public = scorer_client.get(f"/games/{game.pk}/").content.decode()
    assert public.count('<span class="play-by">· scorer</span>') == 2


def test_a_play_undone_and_entered_again_by_another_scorer_shows_the_new_scorer(
    scorer_client, ann_client, game
):
    post_play(scorer_client, game, 1, pitch="SO1", bat="B4")
    first = game.plays.get(seq=1).pk
    scorer_client.post(f"/games/{game.pk}/undo/", {"expected": 1, "after": first})
    post_play(ann_client, game, 1, after=0, pitch="SO1", bat="B4")  # the same play, by ann
    html = scorer_client.get(f"/games/{game.pk}/").content.decode()
    assert "· ann" in html and "· scorer" not in html


def test_a_refused_tap_says_what_the_other_tablet_entered(scorer_client, ann_client, game):
    assert post_play(ann_client, game, 1, pitch="SO1", bat="B4").status_code == 200
    reply = post_play(scorer_client, game, 1, pitch="SO2", call="leave")
    assert reply.status_code == 409
    error = re.search(r'<p class="error" role="alert">([^<]*)</p>', reply.content.decode())
    assert error.group(1) == (
        "Ann&#x27;s tablet entered play 1 first: Batter 1 singles on Strike Out. "
        "Your tap (pitch SO2, call leave) was not recorded. "
        "The board below is up to date; tap again if you still want it."
    )
    assert "position" not in error.group(1) and "log" not in error.group(1)


def test_a_refused_tap_names_several_plays_and_an_undo(scorer_client, ann_client, game):
    post_play(ann_client, game, 1, pitch="SO1", bat="B4")
    post_play(ann_client, game, 2, pitch="SO2", call="leave")
    html = post_play(scorer_client, game, 1, pitch="C1", bat="B1").content.decode()
    assert "Ann&#x27;s tablet entered plays 1 to 2 first: Batter 1 singles" in html
    last = game.plays.get(seq=2).pk
    ann_client.post(f"/games/{game.pk}/undo/", {"expected": 2, "after": last})
    reply = scorer_client.post(f"/games/{game.pk}/undo/", {"expected": 2, "after": last})
    assert reply.status_code == 409
    assert "Another tablet undid play 2 first. Your undo was not recorded." in (
        reply.content.decode()
    )


def test_a_refused_tap_by_the_same_scorer_on_another_screen(scorer_client, game):
    post_play(scorer_client, game, 1, pitch="SO1", bat="B4")
    html = post_play(scorer_client, game, 1, pitch="SO2", call="leave").content.decode()
    assert "Your other screen entered play 1 first" in html


CHAIN = re.compile(r'data-chain="([0-9a-f]*)"')
LINE = re.compile(r'<li id="play-(\d+)" class="play-line')
WHOLE = 'id="plays" class="plays" aria-label="Play by play" hx-swap-oob="true"'


def follow(client, game, html):
    """The live poll of a screen showing ``html``, as scoring.js sends it."""
    seen = int(re.search(r'name="expected" value="(\d+)"', html).group(1)) - 1
    return client.get(
        f"/games/{game.pk}/score/",
        {"seen": seen, "chain": CHAIN.search(html).group(1)},
        headers={"HX-Request": "true", "If-None-Match": shown_tag(html)},
    )


def test_the_poll_sends_only_the_lines_added_since(scorer_client, ann_client, game):
    from games.bench.players import generate

    plays = generate("quick-baseball", game.options, limit=40, seed=3).plays
    ann = game.scorers.get()
    for seq, raw in enumerate(plays[:15], start=1):
        services.play_record(game=game, raw=raw, expected_seq=seq, user=ann)
    html = scorer_client.get(f"/games/{game.pk}/score/").content.decode()
    # Two plays on the other tablet, across the end of a chunk of the play-by-play.
    for seq, raw in enumerate(plays[15:17], start=16):
        services.play_record(game=game, raw=raw, expected_seq=seq, user=ann)
    reply = follow(scorer_client, game, html)
    assert reply.status_code == 200
    answer = reply.content.decode()
    assert 'hx-swap-oob="afterbegin:#play-list"' in answer and WHOLE not in answer
    assert LINE.findall(answer) == ["17", "16"]  # newest first, as the list is
    assert answer.count("· ann") == 2
    assert '<p class="said">Ann&#x27;s tablet entered plays 16 to 17: ' in answer
    assert follow(scorer_client, game, answer).status_code == 304


def test_the_poll_sends_the_whole_list_when_the_shown_plays_changed(
    scorer_client, ann_client, game
):
    post_play(scorer_client, game, 1, pitch="SO1", bat="B4")
    html = scorer_client.get(f"/games/{game.pk}/score/").content.decode()
    first = game.plays.get(seq=1).pk
    ann_client.post(f"/games/{game.pk}/undo/", {"expected": 1, "after": first})
    post_play(ann_client, game, 1, after=0, pitch="SO1", bat="B4")
    post_play(ann_client, game, 2, pitch="SO2", call="leave")
    answer = follow(scorer_client, game, html).content.decode()
    assert WHOLE in answer  # play 1 is another play now (ann's): the list is drawn again
    assert LINE.findall(answer) == ["2", "1"]
    forged = scorer_client.get(
        f"/games/{game.pk}/score/", {"seen": 1, "chain": "0" * 32}, headers={"HX-Request": "true"}
    )
    assert WHOLE in forged.content.decode()


def test_an_unchanged_poll_costs_four_queries_and_renders_nothing(
    scorer_client, ann_client, game, django_assert_max_num_queries
):
    post_play(scorer_client, game, 1, pitch="SO1", bat="B4")
    html = ann_client.get(f"/games/{game.pk}/score/").content.decode()
    follow(ann_client, game, html)  # warm
    # The session, the user, the game and whether the user scores it: no board is drawn.
    with django_assert_max_num_queries(4):
        assert follow(ann_client, game, html).status_code == 304
