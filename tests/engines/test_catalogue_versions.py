"""Card catalogues are versioned data: named, digested, never changed once named; a game
keeps the one it was started with; Quick Baseball's default is the rulings' one-border
catalogue and the first reconstruction stays available by name, both as the rulings
transcribe them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.engines import InvalidOptions, catalogues, get
from games.engines.quick_baseball import catalogue_for

HERE = Path(catalogues.__file__).parent

# The rulings' tables (../shared/rules/quick-baseball.md), transcribed.
ONE_BORDER_PITCHES = {
    "SO1": ["blue"],
    "SO2": ["green"],
    "FLY": ["yellow"],
    "RUN": ["blue"],
    "C1": ["green"],
    "C2": ["yellow"],
    "PO": [],
}
ONE_BORDER_BATS = {
    "B1": ({"green": 1, "yellow": 1}, {"green": 2, "blue": 1}, {"green": 1}),
    "B2": ({"red": 4}, {"red": 4}, {"red": 4, "blue": 1}),
    "B3": ({"yellow": 1, "blue": 1}, {"yellow": 2, "blue": 2}, {"yellow": 1}),
    "B4": ({"blue": 1, "green": 1}, {"blue": 1, "green": 1}, {"blue": 1}),
    "B5": ({"yellow": 2}, {"yellow": 2, "green": 1}, {"yellow": 1}),
}
FIRST_PITCHES = {
    "SO1": ["blue"],
    "SO2": ["blue", "green"],
    "FLY": ["green", "yellow"],
    "RUN": ["yellow", "blue"],
    "C1": ["green", "yellow"],
    "C2": ["yellow"],
    "PO": [],
}
FIRST_BATS = {
    "B1": (
        {"green": 1, "yellow": 1, "blue": 1},
        {"green": 2, "yellow": 2},
        {"blue": 1, "green": 1},
    ),
    "B2": ({"red": 4}, {"red": 4}, {"red": 4, "blue": 1}),
    "B3": ({"yellow": 1}, {"yellow": 2, "green": 2, "blue": 2}, {"green": 1}),
    "B4": ({"blue": 1, "green": 1},) * 3,
    "B5": ({"yellow": 2},) * 3,
}


def _tables(catalogue) -> tuple[dict, dict]:
    pitches = {card.id: sorted(card.borders) for card in catalogue.pitches}
    bats = {card.id: tuple(dict(group) for group in card.hits) for card in catalogue.bats}
    return pitches, bats


@pytest.mark.parametrize(
    ("options", "pitches", "bats"),
    [
        ({}, ONE_BORDER_PITCHES, ONE_BORDER_BATS),
        ({"catalogue": "one-border"}, ONE_BORDER_PITCHES, ONE_BORDER_BATS),
        ({"catalogue": "first-reconstruction"}, FIRST_PITCHES, FIRST_BATS),
    ],
)
def test_quick_baseball_catalogues_are_the_rulings_tables(options, pitches, bats):
    catalogue = catalogue_for(get("quick-baseball").options(options))
    found_pitches, found_bats = _tables(catalogue)
    assert found_pitches == {card: sorted(colours) for card, colours in pitches.items()}
    assert found_bats == bats
    assert catalogue.pitch("C2").inner == ("red",)


def test_no_batting_card_of_the_default_hits_every_pitch():
    catalogue = catalogue_for({})
    pitches = [card for card in catalogue.pitches if card.result != "pitch_out"]
    for relief in (False, True):
        for bat in catalogue.bats:
            for batter in (1, 4, 7):
                hits = [p for p in pitches if bat.best_base(batter, p.active_colours(relief))]
                assert len(hits) < len(pitches), (bat.id, batter, relief)


def test_the_index_names_every_file_with_its_digest_and_a_default():
    index = json.loads((HERE / "index.json").read_text(encoding="utf-8"))
    files = {f"{path.parent.name}/{path.stem}" for path in HERE.glob("*/*.json")}
    listed = {f"{game}/{name}" for game, entry in index.items() for name in entry["catalogues"]}
    assert files == listed
    for game, entry in index.items():
        assert entry["default"] in entry["catalogues"]
        for name, about in entry["catalogues"].items():
            assert catalogues.digest(catalogues.named(game, name)) == about["digest"]
            assert about["label"]
    assert catalogues.default_name("quick-baseball") == "one-border"
    assert catalogues.names("quick-baseball") == ("one-border", "first-reconstruction")
    assert catalogues.names("bedard-baseball") == ()


def test_an_edited_named_catalogue_is_refused_not_used(monkeypatch):
    catalogues._text.cache_clear()
    real = Path.read_text

    def edited(path: Path, *args, **kwargs) -> str:
        text = real(path, *args, **kwargs)
        if path.name == "first-reconstruction.json":
            return text.replace('"borders": ["blue", "green"]', '"borders": ["green"]')
        return text

    monkeypatch.setattr(Path, "read_text", edited)
    try:
        with pytest.raises(ValueError, match="has changed"):
            catalogues.named("quick-baseball", "first-reconstruction")
    finally:
        monkeypatch.undo()
        catalogues._text.cache_clear()


def test_pinned_keeps_a_reference_or_the_data():
    first = catalogues.reference("quick-baseball", "first-reconstruction")
    assert catalogues.pinned("quick-baseball", None) == catalogues.reference(
        "quick-baseball", "one-border"
    )
    assert catalogues.pinned("quick-baseball", "first-reconstruction") == first
    data = catalogues.named("quick-baseball", "first-reconstruction")
    assert catalogues.pinned("quick-baseball", data) == first  # equal data: its name
    data["pitch"][0]["borders"] = ["red"]
    assert catalogues.pinned("quick-baseball", data) == data  # a group's own cards: inline
    assert catalogues.name_of("quick-baseball", data) is None
    assert catalogues.name_of("quick-baseball", first) == "first-reconstruction"
    assert catalogues.pinned("bedard-baseball", None) is None  # no catalogue to keep


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("second-guess", "no quick-baseball catalogue named 'second-guess'"),
        ({"name": "one-border", "digest": "0000000000000000"}, "has digest"),
        ({"name": 3, "digest": "x"}, "both text"),
    ],
)
def test_a_bad_reference_is_invalid_options(value, message):
    with pytest.raises(InvalidOptions, match=message):
        get("quick-baseball").options({"catalogue": value})


def test_a_game_keeps_its_catalogue_when_the_default_changes(monkeypatch):
    """A game started with the default stores a reference; when the index names another
    default, the stored game plays as before and a game with no catalogue takes the new
    default."""
    engine = get("quick-baseball")
    stored = engine.options({"catalogue": catalogues.pinned("quick-baseball", None), "innings": 3})
    play = {"pitch": "SO2", "bat": "B4"}  # both catalogues: B4 hits SO2 for batter 1

    def first_play() -> dict:
        return engine.summary(engine.play(engine.initial_state(stored), play)[0])

    before = first_play()
    index = json.loads(json.dumps(catalogues._index()))
    index["quick-baseball"]["default"] = "first-reconstruction"
    monkeypatch.setattr(catalogues, "_index", lambda: index)
    assert first_play() == before
    assert engine.initial_state(stored).catalogue.pitch("SO2").borders == ("green",)
    assert catalogue_for({}).pitch("SO2").borders == ("blue", "green")
