"""Backyard Baseball's deck: the catalogue's optional ``deck`` lists each card's face under the
label the scorer taps. A good deck is read as it is written; every bad field is refused by a
message naming the deck, the card and the field; the game's options refuse a bad deck; and a
play entered by label carries the labels under ``cards``, which the rules ignore."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines import InvalidOptions, get
from games.engines.backyard_baseball import catalogue
from games.engines.backyard_baseball.state import PITCHER_RESULTS, PITCHES

ENGINE = get("backyard-baseball")
SPACES = list(catalogue.FIELD_SPACES)

DECK = {
    "pitcher": [
        {"card": "1", "number": 5, "pitch": "curve", "result": "grounder", "space": "LF"},
        {"card": "7", "number": 6, "pitch": "heater", "result": "strikeout"},
        {"card": "K", "number": 2, "pitch": "slow", "result": "fly", "space": "CF"},
    ],
    "batter": [
        {"card": "1", "pitch": "curve", "result": "line-drive", "space": "RF", "runners": 1},
        {"card": "3", "pitch": "slow", "result": "home-run", "runners": 0},
        {"card": "B2", "pitch": "heater", "result": "grounder", "space": "IL", "runners": 9},
        {"card": "4", "pitch": "knuckler", "result": "bunt", "runners": 2},
    ],
}


def with_deck(deck) -> dict:
    data = catalogue.default_catalogue("backyard-baseball")
    data["deck"] = deck
    return data


def test_a_catalogue_without_a_deck_has_none():
    assert catalogue.DEFAULT.deck is None
    assert catalogue.from_data(with_deck(None)).deck is None


def test_a_good_deck_is_read_as_written():
    deck = catalogue.from_data(with_deck(DECK)).deck
    assert [c.card for c in deck.pitcher] == ["1", "7", "K"]
    seven = deck.pitcher_card("7")
    assert (seven.face.number, seven.face.pitch, seven.face.result, seven.face.space) == (
        6,
        "heater",
        "strikeout",
        None,
    )
    b2 = deck.batter_card("B2")
    assert (b2.face.result, b2.face.space, b2.runners) == ("grounder", "IL", 9)
    assert deck.batter_card("3").face.space is None
    assert deck.pitcher_card("nope") is None


def _changed(who: str, index: int, **fields) -> dict:
    deck = copy.deepcopy(DECK)
    for key, value in fields.items():
        if value is ...:
            deck[who][index].pop(key, None)
        else:
            deck[who][index][key] = value
    return deck


# (the deck, the words the message must hold: the deck and card, then the field)
BAD = [
    (_changed("pitcher", 0, space="XX"), "pitcher card 1: 'space' must be one of IL, IR"),
    (_changed("pitcher", 0, space=...), "pitcher card 1: 'space' must be one of"),
    (_changed("pitcher", 1, space="LF"), "pitcher card 7: 'space' must be left out"),
    (_changed("pitcher", 0, number=0), "pitcher card 1: 'number' must be a whole number 1-9"),
    (_changed("pitcher", 0, number=10), "pitcher card 1: 'number'"),
    (_changed("pitcher", 0, number="5"), "pitcher card 1: 'number'"),
    (_changed("pitcher", 0, number=True), "pitcher card 1: 'number'"),
    (_changed("pitcher", 0, number=...), "pitcher card 1: 'number'"),
    (_changed("pitcher", 2, pitch="sinker"), "pitcher card K: 'pitch' must be one of heater"),
    (_changed("pitcher", 2, result="line-drive"), "pitcher card K: 'result' must be one of"),
    (_changed("pitcher", 2, colour="red"), "pitcher card K: unknown field 'colour'"),
    (_changed("pitcher", 2, runners=1), "pitcher card K: unknown field 'runners'"),
    (_changed("pitcher", 2, card="1"), "pitcher card 1: 'card' '1' is listed twice"),
    (_changed("pitcher", 2, card=""), "pitcher card #3 in the list: 'card'"),
    (_changed("pitcher", 2, card=7), "pitcher card #3 in the list: 'card'"),
    (_changed("pitcher", 2, card="x" * 13), "pitcher card #3 in the list: 'card'"),
    (_changed("pitcher", 2, card=...), "pitcher card #3 in the list: 'card'"),
    (_changed("batter", 0, space="IL"), "batter card 1: 'space' must be one of LF, CF, RF"),
    (_changed("batter", 0, space=...), "batter card 1: 'space' must be one of LF, CF, RF"),
    (_changed("batter", 2, space="MOUND"), "batter card B2: 'space' must be one of IL, IR"),
    (_changed("batter", 1, space="CF"), "batter card 3: 'space' must be left out"),
    (_changed("batter", 3, space="IL"), "batter card 4: 'space' must be left out"),
    (_changed("batter", 0, runners=10), "batter card 1: 'runners' must be a whole number 0-9"),
    (_changed("batter", 0, runners=-1), "batter card 1: 'runners'"),
    (_changed("batter", 0, runners=...), "batter card 1: 'runners'"),
    (_changed("batter", 0, runners=1.5), "batter card 1: 'runners'"),
    (_changed("batter", 0, pitch=None), "batter card 1: 'pitch' must be one of"),
    (_changed("batter", 0, result="fly"), "batter card 1: 'result' must be one of grounder"),
    (_changed("batter", 0, number=3), "batter card 1: unknown field 'number'"),
    (_changed("batter", 3, card="B2"), "batter card B2: 'card' 'B2' is listed twice"),
    ({**DECK, "pitcher": []}, "the pitcher deck must be a list of cards"),
    ({**DECK, "batter": "1,2,3"}, "the batter deck must be a list of cards"),
    ({**DECK, "batter": [DECK["batter"][0], 5]}, "batter card #2 in the list must be an object"),
    ({"pitcher": DECK["pitcher"]}, "'deck' must be an object with the 'pitcher' and 'batter'"),
    ({**DECK, "umpire": []}, "'deck' must be an object"),
    ([], "'deck' must be an object"),
    (
        {**DECK, "pitcher": [{**DECK["pitcher"][0], "card": str(n)} for n in range(101)]},
        "the pitcher deck lists 101 cards: at most 100",
    ),
]


@pytest.mark.parametrize(("deck", "words"), BAD, ids=[words for _, words in BAD])
def test_a_bad_deck_is_refused_naming_the_deck_card_and_field(deck, words):
    with pytest.raises(ValueError) as refused:
        catalogue.from_data(with_deck(deck))
    assert words in str(refused.value)


@pytest.mark.parametrize(("deck", "words"), BAD[:4], ids=[words for _, words in BAD[:4]])
def test_the_options_refuse_a_bad_deck_as_invalid_options(deck, words):
    with pytest.raises(InvalidOptions) as refused:
        ENGINE.options({"catalogue": with_deck(deck)})
    assert words in str(refused.value)


pitcher_cards = st.builds(
    lambda number, pitch, result, space: {
        "number": number,
        "pitch": pitch,
        "result": result,
        **({} if result == "strikeout" else {"space": space}),
    },
    st.integers(1, 9),
    st.sampled_from(PITCHES),
    st.sampled_from(PITCHER_RESULTS),
    st.sampled_from(SPACES),
)
batter_cards = st.builds(
    lambda pitch, result, space, runners: {
        "pitch": pitch,
        "result": result,
        **({"space": space} if result == "grounder" else {}),
        **(
            {"space": space if space in catalogue.OUTFIELD else "CF"}
            if result == "line-drive"
            else {}
        ),
        "runners": runners,
    },
    st.sampled_from(PITCHES),
    st.sampled_from(["grounder", "line-drive", "home-run", "bunt"]),
    st.sampled_from(SPACES),
    st.integers(0, 9),
)
labels = st.text(
    alphabet=st.characters(codec="utf-8", categories=["L", "N"]), min_size=1, max_size=12
)


def _labelled(cards, names):
    return [{"card": name, **card} for card, name in zip(cards, names, strict=False)]


decks = st.builds(
    lambda p, pn, b, bn: {"pitcher": _labelled(p, pn), "batter": _labelled(b, bn)},
    st.lists(pitcher_cards, min_size=1, max_size=6),
    st.lists(labels, min_size=6, max_size=6, unique=True),
    st.lists(batter_cards, min_size=1, max_size=6),
    st.lists(labels, min_size=6, max_size=6, unique=True),
)
BAD_VALUES = {
    "number": [0, 10, "3", None, 2.5],
    "pitch": ["fastball", 3, None],
    "result": ["walk", None, 1],
    "space": ["MOUND", "XX", 4],
    "runners": [-1, 10, "2", None, False],
}


@settings(max_examples=80, deadline=None)
@given(deck=decks, data=st.data())
def test_every_good_deck_reads_back_and_every_bad_field_is_named(deck, data):
    read = catalogue.from_data(with_deck(deck)).deck
    for written, card in zip(deck["pitcher"], read.pitcher, strict=True):
        assert card.card == written["card"]
        assert card.face.number == written["number"]
        assert card.face.space == written.get("space")
    for written, card in zip(deck["batter"], read.batter, strict=True):
        assert (card.face.result, card.face.space, card.runners) == (
            written["result"],
            written.get("space"),
            written["runners"],
        )
    who = data.draw(st.sampled_from(["pitcher", "batter"]))
    index = data.draw(st.integers(0, len(deck[who]) - 1))
    field = data.draw(st.sampled_from(catalogue.DECK_FIELDS[who][1:]))
    value = data.draw(st.sampled_from(BAD_VALUES[field]))
    bad = copy.deepcopy(deck)
    bad[who][index][field] = value
    label = deck[who][index]["card"]
    with pytest.raises(ValueError) as refused:
        catalogue.from_data(with_deck(bad))
    assert str(refused.value).startswith(f"{who} card {label}: '{field}'")


PLAY = {
    "fielder": "IL",
    "pitcher": {"number": 5, "pitch": "curve", "result": "grounder", "space": "LF"},
    "batter": {"pitch": "curve", "result": "line-drive", "space": "RF"},
    "die": 4,
}


def test_a_play_entered_by_label_carries_the_labels_which_the_rules_ignore():
    labelled = {**PLAY, "cards": {"pitcher": "1", "batter": "1"}}
    ENGINE.check_play(labelled)
    state = ENGINE.initial_state(ENGINE.options({}))
    assert ENGINE.play(state, labelled) == ENGINE.play(state, PLAY)
    with pytest.raises(Exception, match="unknown key 'colour' in cards"):
        ENGINE.check_play({**PLAY, "cards": {"pitcher": "1", "colour": "red"}})


def test_a_game_with_a_deck_plays_as_one_without():
    with_cards = ENGINE.options({"catalogue": with_deck(DECK)})
    state = ENGINE.initial_state(with_cards)
    assert state.field.deck.pitcher_card("1").face.space == "LF"
    after, _ = ENGINE.play(state, PLAY)
    plain, _ = ENGINE.play(ENGINE.initial_state(ENGINE.options({})), PLAY)
    assert ENGINE.summary(after) == ENGINE.summary(plain)
    assert ENGINE.state_from_json(ENGINE.state_to_json(after)) == after
