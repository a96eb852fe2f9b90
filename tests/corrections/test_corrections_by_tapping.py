"""Correcting a play by tapping: the correction form draws the game's own scoring
controls as they stood before the play, with the play chosen, and builds the new play from the
posted controls exactly as a scoring tap does; the JSON form stays as an advanced fallback."""

import re

import pytest

from games.engines import get
from games.scoring import screens, services

from .conftest import PLAYS

pytestmark = pytest.mark.django_db

INPUT = re.compile(r"<input\b[^>]*>")
BUTTON = re.compile(r"<button\b[^>]*>")
DELIVERY = {"pitch": "A", "path_card": "3", "path": "B", "move": "A", "stroke": "A"}


@pytest.fixture
def scorer_client(client, scorer):
    client.force_login(scorer)
    return client


def _attr(tag: str, name: str) -> str | None:
    found = re.search(rf'\s{name}="([^"]*)"', tag)
    return found.group(1) if found else None


def controls(html: str) -> str:
    """The correction form drawn with the game's controls."""
    start = html.index('id="play-form"')
    return html[start : html.index("</form>", start)]


def ticked(html: str) -> set[tuple[str, str]]:
    return {
        (_attr(tag, "name"), _attr(tag, "value"))
        for tag in INPUT.findall(controls(html))
        if re.search(r"\schecked\b", tag)
    }


def pressed(html: str) -> set[tuple[str, str]]:
    return {
        (_attr(tag, "name"), _attr(tag, "value"))
        for tag in BUTTON.findall(controls(html))
        if 'aria-pressed="true"' in tag
    }


def position(game) -> dict:
    game.refresh_from_db()
    last = game.plays.order_by("-seq").first()
    return {
        "expected": game.plays.count(),
        "after": last.pk if last else 0,
        "revision": game.corrections.count(),
    }


def log(game) -> list:
    return list(game.plays.order_by("seq").values_list("payload", flat=True))


def test_the_form_draws_the_controls_with_the_play_chosen(scorer_client, game):
    url = f"/games/{game.pk}/plays/2/correct/"
    html = scorer_client.get(url).content.decode()
    assert ticked(html) == {("pitch", "C2")}
    assert pressed(html) == {("call", "leave")}
    form = controls(html)
    assert f'action="{url}"' in form and "hx-post" not in form  # posts to the correction
    assert 'name="reason"' in form
    assert re.search(r'name="expected" value="6"', form)
    # The board before play 2: play 1 took C1 from the pitcher's hand, so it cannot be chosen.
    c1 = re.search(r'<input type="radio" name="pitch" value="C1"[^>]*>', form).group(0)
    assert "disabled" in c1
    assert "Refresh" not in form  # the refreshes are not this play's kind
    assert "<details" in html and "Advanced" in html  # the JSON fallback, folded


def test_a_quick_baseball_correction_made_by_tapping(scorer_client, game):
    response = scorer_client.post(
        f"/games/{game.pk}/plays/1/correct/",
        {**position(game), "reason": "misread the card", "pitch": "C1", "call": "leave"},
    )
    assert response.status_code == 302
    assert log(game)[0] == {"pitch": "C1", "call": "leave"}
    assert log(game)[1:] == PLAYS[1:]
    correction = game.corrections.get()
    assert correction.reason == "misread the card"


def test_an_incomplete_tap_is_refused_with_the_choices_kept(scorer_client, game):
    response = scorer_client.post(
        f"/games/{game.pk}/plays/1/correct/",
        {**position(game), "reason": "misread", "bat": "B2"},
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "Choose the pitcher&#x27;s card first" in html
    assert pressed(html) == {("bat", "B2")} and ticked(html) == set()
    assert 'value="misread"' in controls(html)
    assert log(game) == PLAYS


def test_a_tapped_correction_the_replay_refuses_keeps_the_choices(scorer_client, game):
    response = scorer_client.post(
        f"/games/{game.pk}/plays/1/correct/",
        {**position(game), "reason": "r", "pitch": "C2", "call": "leave"},
    )
    assert response.status_code == 422
    html = response.content.decode()
    assert "Play 2 would no longer be legal" in html
    assert ticked(html) == {("pitch", "C2")} and pressed(html) == {("call", "leave")}
    assert log(game) == PLAYS


def test_a_play_the_controls_cannot_draw_is_corrected_as_json(scorer_client, scorer):
    match = services.game_create(
        kind="quick-cricket", options={"overs": 2}, sides=["Hornets", "Wasps"], user=scorer
    )
    services.play_record(game=match, raw={"fielder": "A"}, expected_seq=1, user=scorer)
    html = scorer_client.get(f"/games/{match.pk}/plays/1/correct/").content.decode()
    assert 'id="play-form"' not in html and "<details" not in html
    assert "&quot;fielder&quot;: &quot;A&quot;" in html  # the JSON form, open


@pytest.fixture
def cricket(scorer):
    match = services.game_create(
        kind="quick-cricket", options={"overs": 2}, sides=["Hornets", "Wasps"], user=scorer
    )
    services.play_record(game=match, raw=DELIVERY, expected_seq=1, user=scorer)
    return match


def test_the_cricket_form_shows_the_delivery_chosen(scorer_client, cricket):
    html = scorer_client.get(f"/games/{cricket.pk}/plays/1/correct/").content.decode()
    assert ticked(html) == {
        ("pitch", "A"),
        ("path_card", "3"),
        ("path", "B"),
        ("move", "A"),
        ("stroke", "A"),
    }
    assert "Declare" not in controls(html) and "fielder-button" not in html


def test_a_quick_cricket_correction_made_by_tapping(scorer_client, cricket):
    state = get("quick-cricket").initial_state({"overs": 2})
    wanted = next(
        p
        for p in get("quick-cricket").legal_plays(state)
        if set(p) == set(DELIVERY) and p["pitch"] == "B" and p["stroke"] == "D"
    )
    fields = {**wanted, "reason": "wrong quadrants"}
    response = scorer_client.post(
        f"/games/{cricket.pk}/plays/1/correct/", {**position(cricket), **fields}
    )
    assert response.status_code == 302, response.content.decode()[-2000:]
    assert log(cricket) == [wanted]


def test_a_cricket_delivery_keeps_its_umpire_answers_when_corrected(scorer_client, scorer):
    match = services.game_create(
        kind="quick-cricket", options={"overs": 2}, sides=["Hornets", "Wasps"], user=scorer
    )
    state = get("quick-cricket").initial_state({"overs": 2})
    asked = next(
        p
        for p in get("quick-cricket").legal_plays(state)
        if p.get("umpire") and "move" in p and "review" not in p
    )
    services.play_record(game=match, raw=asked, expected_seq=1, user=scorer)
    html = scorer_client.get(f"/games/{match.pk}/plays/1/correct/").content.decode()
    form = controls(html)
    for number, said in enumerate(asked["umpire"], start=1):
        assert f'<input type="hidden" name="umpire_{number}" value="{said}">' in form
    response = scorer_client.post(
        f"/games/{match.pk}/plays/1/correct/",
        {
            **position(match),
            "reason": "same again",
            **{k: v for k, v in asked.items() if k != "umpire"},
            **{f"umpire_{n}": said for n, said in enumerate(asked["umpire"], start=1)},
        },
    )
    # Rebuilt from the controls and the carried answers, it is the very play recorded.
    assert response.status_code == 422
    assert "The corrected play is the same as the play it replaces." in response.content.decode()
    assert log(match) == [asked]


@pytest.mark.parametrize(
    "kind, options, sides",
    [
        ("backyard-baseball", {}, ["Owls", "Herons"]),
        ("bedard-baseball", {"innings": 3}, ["Owls", "Herons"]),
        ("solitaire-baseball", {}, ["Player"]),
        ("quick-tennis", {"sets": 3}, ["Ann", "Bea"]),
    ],
)
def test_every_game_draws_its_correction_controls(scorer_client, scorer, kind, options, sides):
    """The other games too: the recorded play comes back chosen, and posting the controls'
    fields as drawn rebuilds the very same play."""
    match = services.game_create(kind=kind, options=options, sides=sides, user=scorer)
    engine = get(kind)
    play = next(
        p
        for p in engine.legal_plays(engine.initial_state(match.options))
        if screens.play_selection(kind, p) and "rain" not in p
    )
    services.play_record(game=match, raw=play, expected_seq=1, user=scorer)
    url = f"/games/{match.pk}/plays/1/correct/"
    html = scorer_client.get(url).content.decode()
    chosen = screens.play_selection(kind, play)
    laid = set(
        re.findall(
            r'<li class="laid[^"]*"><input type="hidden" name="(cards)" value="([^"]+)"', html
        )
    )
    drawn = ticked(html) | pressed(html) | laid  # solitaire lays its cards in the tray
    assert drawn >= {(name, value) for name, values in chosen.items() for value in values} - {
        (name, value)
        for name in ("field_had_suit", "bobble", "extend_runners", "extend_pitcher")
        for value in chosen[name]
    }
    fields = {name: list(values) for name, values in chosen.items()}
    response = scorer_client.post(url, {**position(match), "reason": "same", **fields})
    assert "The corrected play is the same as the play it replaces." in response.content.decode()


def test_the_json_form_still_corrects(scorer_client, game):
    response = scorer_client.post(
        f"/games/{game.pk}/plays/1/correct/",
        {**position(game), "reason": "json", "play": '{"pitch": "C1", "call": "leave"}'},
    )
    assert response.status_code == 302
    assert log(game)[0] == {"pitch": "C1", "call": "leave"}
