"""What a refused card catalogue says: every message names the card (or chart) and the field,
so a group typing in its printed cards knows which one to fix."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from games.engines.quick_baseball.catalogue import from_data as baseball_catalogue
from games.engines.quick_cricket.catalogue import from_data as cricket_catalogue

DATA = Path(__file__).resolve().parents[2] / "games" / "engines" / "catalogues"


def baseball() -> dict[str, Any]:
    return json.loads(
        (DATA / "quick-baseball" / "first-reconstruction.json").read_text(encoding="utf-8")
    )


def cricket() -> dict[str, Any]:
    return json.loads((DATA / "quick-cricket" / "reconstruction.json").read_text(encoding="utf-8"))


def card(data: dict[str, Any], key: str, card_id: str) -> dict[str, Any]:
    return next(c for c in data[key] if c["id"] == card_id)


def refused(build, data: Any) -> str:
    with pytest.raises(ValueError) as info:
        build(data)
    return str(info.value)


def test_the_transcribed_catalogues_are_accepted():
    assert len(baseball_catalogue(baseball()).bats) == len(baseball()["bat"])
    assert cricket_catalogue(cricket()).path_ids == ("1", "2", "3", "4")


def _baseball_change(change) -> dict[str, Any]:
    data = copy.deepcopy(baseball())
    change(data)
    return data


BASEBALL_CASES = [
    (lambda d: card(d, "pitch", "C1").update(result="caught out"), "pitching card C1: 'result'"),
    (lambda d: card(d, "pitch", "FLY").update(borders="green"), "pitching card FLY: 'borders'"),
    (
        lambda d: card(d, "pitch", "C2").update(inner=["red; color: red"]),
        "pitching card C2: 'inner': 'red; color: red' is not a colour name",
    ),
    (lambda d: card(d, "pitch", "RUN").update(name=7), "pitching card RUN: 'name' must be text"),
    (lambda d: d["pitch"][2].pop("id"), "pitching card 3 of the list: 'id' must be text"),
    (lambda d: d["bat"].__setitem__(1, "B2"), "batting card 2 of the list must be an object"),
    (lambda d: card(d, "bat", "B3").update(hits=[]), "batting card B3: 'hits' must be an object"),
    (
        lambda d: card(d, "bat", "B4")["hits"].pop("4-6"),
        "batting card B4: 'hits' needs the groups 1-3, 4-6, 7-9 (missing 4-6)",
    ),
    (
        lambda d: card(d, "bat", "B5")["hits"]["7-9"].update(yellow=5),
        "batting card B5: 'hits' for batters 7-9: yellow → 5; a base is 1, 2, 3 or 4",
    ),
    (
        lambda d: card(d, "bat", "B1")["hits"].update({"1-3": ["green"]}),
        "batting card B1: 'hits' for batters 1-3 must be an object",
    ),
    (
        lambda d: card(d, "bat", "B2").update(id="B1"),
        "batting card B1: 'id' is used by two cards",
    ),
    (
        lambda d: card(d, "pitch", "C2").update(result="pitch_out"),
        "exactly one Pitch Out card ('result': \"pitch_out\"); cards C2, PO are",
    ),
    (
        lambda d: card(d, "pitch", "PO").update(result="caught"),
        "exactly one Pitch Out card ('result': \"pitch_out\"); no card is",
    ),
    (lambda d: d.update(leave_out_colour=3), "'leave_out_colour': 3 is not a colour name"),
    (lambda d: d.update(bat=[]), "the catalogue needs batting cards"),
    (lambda d: d.pop("pitch"), "the catalogue needs a list 'pitch'"),
    (
        lambda d: d.update(bat=[dict(card(d, "bat", "B1"), id=f"X{n}") for n in range(41)]),
        "41 batting cards; at most 40",
    ),
]


@pytest.mark.parametrize(("change", "message"), BASEBALL_CASES)
def test_quick_baseball_messages_name_the_card_and_the_field(change, message):
    assert message in refused(baseball_catalogue, _baseball_change(change))


def _cricket_change(change) -> dict[str, Any]:
    data = copy.deepcopy(cricket())
    change(data)
    return data


CRICKET_CASES = [
    (
        lambda d: d["runs_charts"][1].update(wickets=[2, 1]),
        "runs chart 2 of 'runs_charts': 'wickets' is [2, 1]",
    ),
    (
        lambda d: d["runs_charts"][2]["runs"].update(C=-1),
        "runs chart for 3-4 wickets down: 'runs' at C is -1",
    ),
    (
        lambda d: d["runs_charts"][0]["runs"].pop("D"),
        "runs chart for 0-0 wickets down: 'runs' must give A, B, C and D (missing D)",
    ),
    (
        lambda d: d["runs_charts"][0].update(wickets=[0, 1]),
        "'runs_charts': two charts cover 1 wickets down",
    ),
    (lambda d: d["runs_charts"].pop(), "'runs_charts': no chart covers 7, 8, 9 wickets down"),
    (lambda d: d["runs_charts"].__setitem__(0, 8), "runs chart 1 of 'runs_charts' must be"),
    (lambda d: d["path_cards"][2].update(runs="3"), "Path card 3: 'runs' is '3'"),
    (lambda d: d["path_cards"][1].update(id=""), "Path card 2 of 'path_cards': 'id' must be"),
    (lambda d: d["path_cards"][3].update(id="1"), "Path card 1: 'id' is used by two cards"),
    (lambda d: d["path_cards"].pop(), "'path_cards' has 3 cards; the game has exactly four"),
    (lambda d: d.pop("path_cards"), "the catalogue needs lists 'runs_charts' and 'path_cards'"),
]


@pytest.mark.parametrize(("change", "message"), CRICKET_CASES)
def test_quick_cricket_messages_name_the_chart_or_card_and_the_field(change, message):
    assert message in refused(cricket_catalogue, _cricket_change(change))


@pytest.mark.parametrize("build", [baseball_catalogue, cricket_catalogue])
def test_a_catalogue_that_is_not_an_object_is_refused(build):
    assert refused(build, ["pitch"]) == "the catalogue must be a JSON object"
