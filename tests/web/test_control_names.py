"""Every control on each game's scoring screen has a name a screen reader says: its
aria-label, or its label's or button's text; the names are distinct on the screen, and the card
and quadrant controls say what they are (from each game's catalogue where it has one)."""

from collections import Counter
from html.parser import HTMLParser

import pytest

from games.scoring import services

from .conftest import post_play

pytestmark = pytest.mark.django_db

VOID = {"input", "br", "img", "meta", "link", "hr", "source", "wbr", "col", "area"}


class Controls(HTMLParser):
    """The named controls inside #board: (tag, name, value, accessible name)."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0  # elements open inside #board (0: outside)
        self.labels: list[dict] = []  # open <label>s: text and the inputs inside
        self.button: dict | None = None
        self.found: list[dict] = []
        self.labelled: dict[str, str] = {}  # <label for=id>: its text

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if self.depth == 0:
            if attrs.get("id") == "board":
                self.depth = 1
            return
        if tag not in VOID:
            self.depth += 1
        if "hidden" in attrs and tag != "input":
            return
        if tag == "label":
            self.labels.append({"text": "", "inputs": [], "for": attrs.get("for")})
        elif tag == "input" and attrs.get("type") not in ("hidden",):
            control = {"tag": tag, **attrs, "said": attrs.get("aria-label") or ""}
            self.found.append(control)
            if self.labels and not control["said"]:
                self.labels[-1]["inputs"].append(control)
        elif tag in ("button", "select", "textarea"):
            control = {"tag": tag, **attrs, "said": attrs.get("aria-label") or ""}
            self.found.append(control)
            if tag == "button":
                self.button = control

    def handle_endtag(self, tag):
        if self.depth == 0:
            return
        if tag not in VOID:
            self.depth -= 1
        if tag == "label" and self.labels:
            label = self.labels.pop()
            for control in label["inputs"]:
                control["said"] = " ".join(label["text"].split())
            if label["for"]:
                self.labelled[label["for"]] = " ".join(label["text"].split())
        elif tag == "button" and self.button is not None:
            if not self.button["said"]:
                self.button["said"] = " ".join(self.button.get("text", "").split())
            self.button = None

    def handle_data(self, data):
        if self.depth == 0:
            return
        for label in self.labels:
            label["text"] += data
        if self.button is not None:
            self.button["text"] = self.button.get("text", "") + data


def controls(html: str) -> list[dict]:
    parser = Controls()
    parser.feed(html)
    for control in parser.found:
        if not control["said"] and control.get("id") in parser.labelled:
            control["said"] = parser.labelled[control["id"]]
    return parser.found


def check_names(html: str) -> list[dict]:
    found = controls(html)
    assert found, "no controls on the board"
    unnamed = [c for c in found if not c["said"].strip()]
    assert not unnamed, f"controls without a name: {unnamed}"
    # Radios and checkboxes are told apart by name and value; buttons and fields by name.
    repeated = [said for said, n in Counter(c["said"] for c in found).items() if n > 1]
    assert not repeated, f"names said more than once: {repeated}"
    return found


def said(found: list[dict], name: str, value: str) -> str:
    return next(c["said"] for c in found if c.get("name") == name and c.get("value") == value)


def screen(client, game) -> str:
    response = client.get(f"/games/{game.pk}/score/")
    assert response.status_code == 200
    return response.content.decode()


def create(scorer, kind, options=None):
    return services.game_create(
        kind=kind, options=options or {}, sides=["Owls", "Herons"], user=scorer
    )


def test_quick_baseball_controls_are_named(scorer_client, scorer):
    found = check_names(screen(scorer_client, create(scorer, "quick-baseball", {"innings": 3})))
    # The default cards, as the rulings give them.
    assert said(found, "bat", "B3") == (
        "B3: batters 1-3 single on blue or yellow; 4-6 double on blue or yellow; "
        "7-9 single on yellow"
    )


def test_quick_cricket_controls_are_named_from_the_catalogue(scorer_client, scorer):
    match = create(scorer, "quick-cricket", {"overs": 2})
    found = check_names(screen(scorer_client, match))
    assert said(found, "pitch", "B") == "Pitch in quadrant B (top left)"
    assert said(found, "move", "A") == "Batter moves to quadrant A (bottom left)"
    # The runs chart at no wicket down: A 8, B 12, C 10, D 5.
    assert said(found, "stroke", "B") == "Stroke into quadrant B (top left): 12 runs on the chart"
    assert (
        said(found, "stroke", "D") == "Stroke into quadrant D (bottom right): 5 runs on the chart"
    )
    assert said(found, "path", "C") == "Path card in quadrant C (top right)"
    assert said(found, "path_card", "4") == "Path card 4: adds 4 runs"
    assert said(found, "path_card", "1") == "Path card 1: adds 1 run"
    assert said(found, "big_hit", "1") == "Big Hit: both Stroke cards, no move"
    assert said(found, "fielder", "B") == "Beside B: place the fielder there"

    # A Path card played this over says so; the umpire's answers say what the card said.
    post_play(scorer_client, match, 1, pitch="A", path="B", move="B", stroke="D", path_card="4")
    html = post_play(
        scorer_client, match, 2, pitch="A", path="B", move="C", stroke="A", path_card="1"
    ).content.decode()
    found = check_names(html)
    answers = [c["said"] for c in found if c.get("name") == "umpire_turned"]
    assert answers == ["Umpire card says NOT OUT", "Umpire card says OUT"]


def test_quick_cricket_used_path_card_is_named_so(scorer_client, scorer):
    match = create(scorer, "quick-cricket", {"overs": 2})
    post_play(scorer_client, match, 1, pitch="A", path="B", move="B", stroke="D", path_card="4")
    found = check_names(screen(scorer_client, match))
    assert said(found, "path_card", "4") == "Path card 4: adds 4 runs, used this over"
    # 9 runs at no wicket down: the chart stays that of 0 wickets.
    assert said(found, "stroke", "C").endswith(": 10 runs on the chart")


@pytest.mark.parametrize("deck", ["colour", "standard"])
def test_bedard_cards_are_named_with_suit_rank_and_part(scorer_client, scorer, deck):
    options = {"innings": 3} if deck == "colour" else {"innings": 3, "deck": "standard"}
    found = check_names(screen(scorer_client, create(scorer, "bedard-baseball", options)))
    if deck == "colour":
        assert said(found, "bat", "R7") == "Lead the Red 7"
        assert said(found, "field", "R7") == "Answer with the Red 7 and pitch"
    else:
        assert said(found, "bat", "QH") == "Lead the Queen of Hearts"
        assert said(found, "field", "AS") == "Answer with the Ace of Spades and pitch"


def test_solitaire_cards_are_named_with_what_is_left(scorer_client, scorer):
    found = check_names(screen(scorer_client, create(scorer, "solitaire-baseball")))
    assert said(found, "cards", "AD") == "Ace of diamonds (AD), the batter due's number, 1 left"
    assert said(found, "cards", "7H") == "7 of hearts (7H), 2 left"


def test_quick_tennis_quadrants_are_named(scorer_client, scorer):
    found = check_names(screen(scorer_client, create(scorer, "quick-tennis", {"sets": 3})))
    assert said(found, "serve", "Q2") == "Owls's serve card: Q2, at the net"
    assert said(found, "receive", "Q4") == "Herons's card: Q4, back court"


def test_backyard_controls_are_named(scorer_client, scorer):
    found = check_names(screen(scorer_client, create(scorer, "backyard-baseball")))
    assert said(found, "pitcher_pitch", "heater") == "Pitcher's card pitch: Heater"
    assert said(found, "batter_pitch", "heater") == "Batter's card pitch: Heater"
    assert said(found, "batter_result", "line-drive") == "Batter's card result: Line drive"
    assert said(found, "pitcher_space", "LF").startswith("Pitcher's card space: LF, ")
    assert said(found, "fielder", "CF").startswith("Fielder in CF, ")
    assert said(found, "die", "6") == "Die rolled 6"
