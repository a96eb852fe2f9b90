"""The tap readers (games/kinds/taps/): each game's taps become the same play in the browser as
on the server. They import with no Django (from the packed copy the browser loads), ``Fields``
answers as Django's ``QueryDict`` does, and the worker's "tap" reads the fields and plays them
on the open game, or refuses them in the reader's words."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from django.http import QueryDict

from games.engines import InvalidPlay, all_engines, tablet
from games.engines.catalogues import default_catalogue
from games.engines.players import play_out
from games.kinds import taps
from games.kinds.taps import Fields
from games.plumbing import browser_engine
from games.scoring import screens

# Small games, so a plausible game is quick to play out.
OPTIONS = {
    "quick-baseball": {"innings": 2},
    "quick-cricket": {"overs": 4},
    "backyard-baseball": {"innings": 3},
    "bedard-baseball": {"innings": 2},
    "solitaire-baseball": {},
    "quick-tennis": {},
}
# Every question the games ask: a play tapped with these answered is applied.
ANSWERED = ["bobble", "bouncer", "extend", "had_suit", "review", "umpire"]
GAMES = sorted(OPTIONS)

# A Backyard deck, tapped by the labels written on its cards.
DECK = {
    "pitcher": [
        {"card": "P2", "number": 2, "pitch": "curve", "result": "fly", "space": "LF"},
        {"card": "P9", "number": 9, "pitch": "slow", "result": "strikeout"},
    ],
    "batter": [
        {"card": "B1", "pitch": "heater", "result": "line-drive", "space": "RF", "runners": 1},
    ],
}

# Run with Django made unimportable, from the packed engines extracted to a folder (argv[1])
# first on the path, exactly as the browser's worker finds them.
PROBE = """
import sys
sys.modules["django"] = None
sys.path.insert(0, sys.argv[1])
before = set(sys.modules)
import games.kinds.taps as taps
from games.kinds.taps import Fields, read_play
assert taps.__file__.startswith(sys.argv[1]), taps.__file__
for game in sys.argv[2:]:
    __import__("games.kinds.taps." + game.replace("-", "_"))
play = read_play("quick-baseball", Fields([["pitch", "SO1"], ["bat", "B4"]]))
assert play == {"pitch": "SO1", "bat": "B4"}, play
outside = sorted(
    m for m in set(sys.modules) - before
    if m.split(".")[0] not in sys.stdlib_module_names
    and m not in ("games", "games.kinds", "games.engines")
    and not m.startswith(("games.engines.", "games.kinds.taps"))
)
assert not outside, outside
print("pure")
"""


def test_every_game_has_a_reader() -> None:
    assert GAMES == sorted(engine.id for engine in all_engines())


def test_the_packed_readers_import_and_read_with_no_django(tmp_path: Path) -> None:
    with zipfile.ZipFile(io.BytesIO(browser_engine.engines_zip())) as packed:
        packed.extractall(tmp_path)
    assert (tmp_path / "games" / "kinds" / "__init__.py").read_bytes() == b""
    result = subprocess.run(
        [sys.executable, "-c", PROBE, str(tmp_path), *GAMES],
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "pure"


PAIRS = [["cards", "7H"], ["cards", ""], ["cards", "KS"], ["rain", ""], ["bat", "B4"]]


def query_dict(pairs: list[list[str]]) -> QueryDict:
    data = QueryDict(mutable=True)
    for name, value in pairs:
        data.appendlist(name, value)
    return data


def test_fields_answer_as_a_query_dict_does() -> None:
    fields, django = Fields(PAIRS), query_dict(PAIRS)
    for name in ("cards", "rain", "bat", "missing"):
        assert fields.get(name) == django.get(name)
        assert fields.get(name, "x") == django.get(name, "x")
        assert fields.getlist(name) == django.getlist(name)
        assert (name in fields) == (name in django)
    assert fields["cards"] == django["cards"] == "KS"
    with pytest.raises(KeyError):
        fields["missing"]
    with pytest.raises(KeyError):
        django["missing"]


def test_an_unknown_game_has_no_reader() -> None:
    with pytest.raises(InvalidPlay, match="no game reads taps as 'chess'"):
        taps.read_play("chess", Fields())


def serve(request: dict[str, Any]) -> dict[str, Any]:
    return json.loads(taps.serve(json.dumps(request)))


def test_a_tap_with_no_game_open_fails(monkeypatch) -> None:
    monkeypatch.setattr(tablet, "_open", [])
    assert serve({"op": "tap", "fields": [["pitch", "SO1"]]}) == {"failed": "no game is open"}


def test_other_requests_are_the_tablets(monkeypatch) -> None:
    monkeypatch.setattr(tablet, "_open", [])
    opened = serve({"op": "open", "kind": "quick-baseball", "options": {"innings": 3}})
    game = tablet.Tablet("quick-baseball", {"innings": 3})
    closed = taps.closed("quick-baseball", game.states[-1])
    assert opened == {**game.view(), "closed": closed}
    assert serve({"op": "view"}) == opened


def test_a_legal_tap_is_read_and_played(monkeypatch) -> None:
    monkeypatch.setattr(tablet, "_open", [])
    serve({"op": "open", "kind": "quick-baseball", "options": {"innings": 3}})
    answer = serve({"op": "tap", "fields": [["pitch", "SO1"], ["bat", "B4"]], "answered": []})
    game = tablet.Tablet("quick-baseball", {"innings": 3})
    expected = game.play({"pitch": "SO1", "bat": "B4"})
    closed = taps.closed("quick-baseball", game.states[-1])
    assert answer == {**expected, "play": {"pitch": "SO1", "bat": "B4"}, "closed": closed}
    assert answer["ok"] and answer["length"] == 1
    assert serve({"op": "view"})["length"] == 1


def test_a_tap_that_names_no_play_is_refused_in_the_readers_words(monkeypatch) -> None:
    monkeypatch.setattr(tablet, "_open", [])
    opened = serve({"op": "open", "kind": "quick-baseball", "options": {"innings": 3}})
    answer = serve({"op": "tap", "fields": [["call", ""]], "answered": []})
    assert answer == {
        **opened,
        "ok": False,
        "refusal": "No play was entered: tap the cards first",
        "error": "InvalidPlay",
        "play": None,
    }
    assert serve({"op": "view"}) == opened


def test_a_tap_waiting_on_a_question_is_asked_not_played(monkeypatch) -> None:
    monkeypatch.setattr(tablet, "_open", [])
    catalogue = {**default_catalogue("backyard-baseball"), "deck": DECK}
    serve({"op": "open", "kind": "backyard-baseball", "options": {"catalogue": catalogue}})
    fields = [["fielder", "IL"], ["pitcher_card", "P2"], ["batter_card", "B1"], ["die", "5"]]
    asked = serve({"op": "tap", "fields": fields, "answered": []})
    assert not asked["ok"] and asked["question"]["ask"] == "extend"
    assert asked["length"] == 0


def test_a_backyard_tap_by_labels_reads_the_faces_from_the_games_deck(monkeypatch) -> None:
    monkeypatch.setattr(tablet, "_open", [])
    catalogue = {**default_catalogue("backyard-baseball"), "deck": DECK}
    serve({"op": "open", "kind": "backyard-baseball", "options": {"catalogue": catalogue}})
    fields = [["fielder", "IL"], ["pitcher_card", "P2"], ["batter_card", "B1"], ["die", "5"]]
    answer = serve({"op": "tap", "fields": fields, "answered": ["extend"]})
    assert answer["ok"], answer["refusal"]
    assert answer["play"] == {
        "fielder": "IL",
        "pitcher": {"number": 2, "pitch": "curve", "result": "fly", "space": "LF"},
        "batter": {"pitch": "heater", "result": "line-drive", "space": "RF"},
        "die": 5,
        "cards": {"pitcher": "P2", "batter": "B1"},
    }
    unknown = [["fielder", "IL"], ["pitcher_card", "P7"], ["batter_card", "B1"], ["die", "5"]]
    refused = serve({"op": "tap", "fields": unknown, "answered": ["extend"]})
    assert refused["refusal"] == "The pitcher's deck has no card 'P7': tap one of its cards"
    assert refused["play"] is None and refused["length"] == 1


def tapped(game: str) -> tuple[list[list[str]], int, Any]:
    """The first play of a plausible game that its controls post, as a form posts its fields;
    the plays before it, counted; and the game it was played out in."""
    played = play_out(game, OPTIONS[game], seed=3)
    writer = screens.screen(game).play_fields
    for before, play in enumerate(played.plays):
        fields = writer(play)
        if fields is not None:
            pairs = [
                [name, str(value)]
                for name, values in fields.items()
                for value in values
                if value not in ("", None)
            ]
            return pairs, before, played
    raise AssertionError(f"{game}: no play its controls post")


@pytest.mark.parametrize("game", GAMES)
def test_the_browser_reads_a_tap_as_the_server_does(game: str) -> None:
    pairs, before, played = tapped(game)
    state = played.states[before]
    on_the_server = screens.read_play(game, query_dict(pairs), state)
    assert taps.read_play(game, Fields(pairs), state) == on_the_server == played.plays[before]


@pytest.mark.parametrize("game", GAMES)
def test_a_tap_is_played_on_the_open_game(game: str, monkeypatch) -> None:
    monkeypatch.setattr(tablet, "_open", [])
    pairs, before, played = tapped(game)
    plays = list(played.plays[:before])
    serve({"op": "open", "kind": game, "options": OPTIONS[game], "plays": plays})
    answer = serve({"op": "tap", "fields": pairs, "answered": ANSWERED})
    on_the_server = tablet.Tablet(game, OPTIONS[game], plays)
    expected = on_the_server.play(played.plays[before], ANSWERED)
    closed = taps.closed(game, on_the_server.states[-1])
    assert answer == {**expected, "play": played.plays[before], "closed": closed}
    assert answer["ok"] and answer["length"] == before + 1
