"""The cards form's shared pieces (games/kinds/catalogue_forms.py): what each game's tables
make of its catalogue and back, reading typed JSON, and the preview of a few plays."""

from __future__ import annotations

import json

import pytest
from django.http import QueryDict

from games.engines import catalogues
from games.kinds import catalogue_forms as forms

CARD_GAMES = ("quick-baseball", "quick-cricket", "backyard-baseball")
DECK = {
    "pitcher": [{"card": "7", "number": 4, "pitch": "slow", "result": "fly", "space": "CF"}],
    "batter": [{"card": "A", "pitch": "heater", "result": "home-run", "runners": 0}],
}


def test_the_games_with_cards_are_the_ones_with_a_catalogue_option():
    from games.engines import all_engines

    with_cards = {e.id for e in all_engines() if forms.has_catalogue(e.id)}
    assert with_cards == set(CARD_GAMES)


@pytest.mark.parametrize("kind", CARD_GAMES)
@pytest.mark.parametrize("name_index", [0, -1])
def test_every_built_in_goes_through_its_tables_unchanged(kind, name_index):
    name = catalogues.names(kind)[name_index]
    data = catalogues.named(kind, name)
    if kind == "backyard-baseball":
        data["deck"] = DECK
    module = forms.cards_module(kind)
    merged, errors = module.merge(data, module.rows(data))
    assert errors == []
    assert merged == data


@pytest.mark.parametrize("kind", CARD_GAMES)
def test_the_preview_is_the_same_ten_plays_each_time(kind):
    first = forms.preview(kind, None)
    assert len(first) == 10
    assert first == forms.preview(kind, None)
    assert all(line.outcome and line.score for line in first)


def test_other_cards_preview_other_plays():
    one = forms.preview("quick-baseball", catalogues.named("quick-baseball", "one-border"))
    two = forms.preview(
        "quick-baseball", catalogues.named("quick-baseball", "first-reconstruction")
    )
    assert [p.outcome for p in one] != [p.outcome for p in two]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('{"pitch": [}', "The JSON could not be read: not JSON:"),
        ("[" * 100 + "]" * 100, "The JSON could not be read: JSON nested too deeply"),
        ('{"n": NaN}', "NaN is not a number JSON allows"),
        ('"' + "x" * (70 * 1024) + '"', "The JSON is longer than 64 KiB."),
    ],
)
def test_typed_json_that_cannot_be_read_says_why(text, said):
    with pytest.raises(ValueError) as info:
        forms.read_text(text)
    assert said in str(info.value)


def test_blank_text_is_the_default_cards():
    assert forms.read_text("  \n") is None


def test_a_form_sent_without_its_fields_keeps_what_it_had():
    form = forms.CatalogueForm("quick-cricket", QueryDict("kind=quick-cricket"))
    assert form.is_valid() and form.catalogue is None


def test_a_refused_row_is_shown_as_typed_and_nothing_is_merged():
    data = QueryDict(mutable=True)
    data["cards-text"] = ""
    data.setlist("cards-path-id", ["1", "2", "3", "4"])
    data.setlist("cards-path-runs", ["1", "two", "3", "4"])
    form = forms.CatalogueForm("quick-cricket", data)
    assert not form.is_valid()
    assert form.errors == ["Path card 2: 'runs' must be a whole number 0-99, not 'two'"]
    path_rows = dict((t.key, rows) for t, rows in form.tables())["path"]
    assert [value for _column, value in path_rows[1]] == ["2", "two"]
    assert form.text == ""


def test_an_edited_row_replaces_its_part_of_the_typed_json():
    data = QueryDict(mutable=True)
    typed = catalogues.named("quick-cricket", "reconstruction")
    typed["runs_charts"][0]["runs"]["A"] = 3  # typed in the JSON; the table below wins
    data["cards-text"] = json.dumps(typed)
    data["cards-shown"] = "{}"
    data.setlist("cards-path-id", ["1", "2", "3", "4"])
    data.setlist("cards-path-runs", ["1", "2", "3", "6"])
    form = forms.CatalogueForm("quick-cricket", data)
    assert form.is_valid(), form.errors
    assert form.catalogue["path_cards"][3] == {"id": "4", "runs": 6}
    assert form.catalogue["runs_charts"][0]["runs"]["A"] == 3
    assert json.loads(form.text) == form.catalogue
