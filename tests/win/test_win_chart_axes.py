"""The game page's win-probability chart read as a fan reads it: 0, 50 and 100% up the side,
each game's innings, overs or sets along the bottom where its states say they begin, the
sides' names at their ends, and the same figures in a table of chances."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from games.engines.players import play_out
from games.engines.win_probability.build import build_table
from games.kinds import chart_axis
from games.kinds.records import replay_game
from games.scoring import services
from games.win import chances as win_chances
from games.win import chart as win_chart
from games.win import tables as win_tables

EMPTY = {"line", "polyline", "polygon", "circle", "input", "br", "meta", "link", "img"}


class _Elements(HTMLParser):
    """Every element's tag, attributes and text, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, dict[str, str], list[str]]] = []
        self.open: list[list[str]] = []

    def handle_starttag(self, tag, attrs):
        texts: list[str] = []
        self.found.append((tag, {k: v or "" for k, v in attrs}, texts))
        if tag not in EMPTY:
            self.open.append(texts)

    def handle_startendtag(self, tag, attrs):
        self.found.append((tag, {k: v or "" for k, v in attrs}, []))

    def handle_endtag(self, tag):
        if tag not in EMPTY and self.open:
            self.open.pop()

    def handle_data(self, data):
        for texts in self.open:
            texts.append(data)


def _elements(html: str, tag: str, cls: str = "") -> list[tuple[dict[str, str], str]]:
    parser = _Elements()
    parser.feed(html)
    return [
        (attrs, "".join(texts).strip())
        for found, attrs, texts in parser.found
        if found == tag and (not cls or cls in attrs.get("class", "").split())
    ]


def _texts(html: str, tag: str, cls: str = "") -> list[str]:
    return [text for _, text in _elements(html, tag, cls)]


def _part(html: str, start: str, end: str) -> str:
    begin = html.index(start)
    return html[begin : html.index(end, begin) + len(end)]


def _labels(html: str) -> list[tuple[dict[str, str], str]]:
    """The labels under the chart, with their attributes."""
    return _elements(_part(html, '<svg class="win-x"', "</svg>"), "text")


def _ticks(html: str, cls: str = "win-tick") -> list[str]:
    return [attrs["x1"] for attrs, _ in _elements(html, "line", cls)]


def _x(seq: int, plays: int) -> str:
    return str(round(600 * seq / plays, 1))


def _firsts(states, value_of) -> dict:
    """Each value ``value_of`` gives a state (``None`` skipped): the first state giving it."""
    firsts: dict = {}
    for seq, state in enumerate(states):
        value = value_of(state)
        if value is not None and value not in firsts:
            firsts[value] = seq
    return firsts


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user("scorer", password="pw-scorer-1")


def _played(user, kind, options, sides, seed=1):
    win_tables.store(build_table(kind, options, games=40, seed=0))
    game = services.game_create(kind=kind, options=options, sides=sides, user=user)
    played = play_out(kind, options, seed)
    for seq, raw in enumerate(played.plays, start=1):
        services.play_record(game=game, raw=raw, expected_seq=seq, user=user)
    game.refresh_from_db()
    return game


def _page(client, game) -> str:
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert 'class="win-line"' in html
    return html


def _assert_side_and_ends(html: str, top: str, bottom: str) -> None:
    assert _texts(html, "span", "win-y-top") == ["100%"]
    assert _texts(html, "span", "win-y-middle") == ["50%"]
    assert _texts(html, "span", "win-y-bottom") == ["0%"]
    grid = [attrs["y1"] for attrs, _ in _elements(html, "line", "win-grid")]
    assert grid == ["0.0", "80.0", "160.0"]  # 100%, 50% and 0% across the plot's 160 units
    assert _texts(html, "span", "win-end-first") == [top]
    assert _texts(html, "span", "win-end-second") == [bottom]


def _assert_table(html: str, game, headings: list[str]) -> None:
    """The table of chances: a row per point, each with the chart's figures."""
    table = _part(html, '<details class="win-table">', "</details>")
    assert _texts(table, "summary") == ["Table of chances"]
    assert _texts(table, "th")[: len(headings)] == headings
    chances = win_chances.for_game(game)
    rows = _elements(table, "tr")[1:]
    assert len(rows) == game.plays.count() + 1 == len(chances.points)
    sides = len(game.sides)
    for (_, text), point in zip(rows, chances.points, strict=True):
        for side in range(sides):
            assert f"{point.percent(side)}%" in text
        if point.seq:
            assert text.startswith(str(point.seq)) and point.text in text


@pytest.mark.django_db
@pytest.mark.parametrize(
    "kind,options",
    [("bedard-baseball", {"innings": 3}), ("quick-baseball", {}), ("backyard-baseball", {})],
)
def test_baseball_marks_the_top_of_each_inning(client, user, kind, options):
    game = _played(user, kind, options, ["Reds", "Blues"])
    html = _page(client, game)
    states = replay_game(game).states
    plays = len(states) - 1
    innings = len(game.summary["line_score"][0])
    tops = _firsts(states, lambda s: None if s.innings.final else s.innings.inning)
    assert sorted(tops) == list(range(1, innings + 1))
    assert all(states[seq].innings.half == 0 for seq in tops.values())  # each at its top
    assert _ticks(html) == [_x(tops[n], plays) for n in range(1, innings + 1)]
    labels = [text for _, text in _labels(html)]
    assert labels[0] == "1" and labels == sorted(labels, key=int)
    assert set(labels) <= {str(n) for n in range(1, innings + 1)}
    assert len(labels) >= min(innings, 3)
    assert _texts(html, "span", "win-x-title") == ["Innings"]
    _assert_side_and_ends(html, "Reds", "Blues")
    _assert_table(html, game, ["Play", "Inning", "What happened", "Reds", "Blues"])
    where = _texts(_part(html, '<details class="win-table">', "</details>"), "td", "win-where")
    assert where[0] == "" and where[1] == "Top 1" and "Bottom 1" in where


@pytest.mark.django_db
def test_solitaire_marks_its_innings_and_a_win_and_a_loss(client, user):
    game = _played(user, "solitaire-baseball", {}, ["Sol"])
    html = _page(client, game)
    states = replay_game(game).states
    plays = len(states) - 1
    starts = _firsts(states, lambda s: None if s.innings.final else s.innings.inning)
    innings = len(game.summary["line_score"][0])
    assert _ticks(html) == [_x(starts[n], plays) for n in range(1, innings + 1)]
    labels = [text for _, text in _labels(html)]
    assert labels[0] == "1" and set(labels) <= {str(n) for n in range(1, innings + 1)}
    _assert_side_and_ends(html, "Sol wins", "Sol loses")
    _assert_table(html, game, ["Play", "Inning", "What happened", "Chance of a win"])


@pytest.mark.django_db
def test_cricket_marks_the_overs_and_the_innings_break(client, user):
    game = _played(user, "quick-cricket", {"overs": 16}, ["Lions", "Tigers"])
    html = _page(client, game)
    states = replay_game(game).states
    plays = len(states) - 1
    second = _firsts(states, lambda m: len(m.innings) if not m.final else None)[2]
    assert _ticks(html, "win-break") == [_x(0, plays), _x(second, plays)]
    overs = _firsts(
        states, lambda m: None if m.final else (len(m.innings), m.current.completed_overs)
    )
    assert _ticks(html) == [_x(seq, plays) for seq in sorted(overs.values())]
    labels = _labels(html)
    assert [text for _, text in labels if text.startswith("Inns")] == ["Inns 1", "Inns 2"]
    break_label = next(attrs for attrs, text in labels if text == "Inns 2")
    assert break_label["x"] == f"{round(100 * float(_x(second, plays)) / 600, 2)}%"
    # sixteen overs an innings: every fifth over labelled, none crowding the break's label
    numbers = [int(text) for _, text in labels if text.isdigit()]
    assert numbers and all(n % 5 == 0 for n in numbers)
    assert _texts(html, "span", "win-x-title") == ["Overs"]
    _assert_side_and_ends(html, "Lions", "Tigers")
    _assert_table(html, game, ["Play", "Over", "What happened", "Lions", "Tigers"])
    where = _texts(_part(html, '<details class="win-table">', "</details>"), "td", "win-where")
    assert where[1] == "Innings 1, over 1" and where[-1].startswith("Innings 2, over ")


@pytest.mark.django_db
def test_tennis_marks_each_set_and_each_game(client, user):
    game = _played(user, "quick-tennis", {}, ["Ann", "Bea"])
    html = _page(client, game)
    states = replay_game(game).states
    plays = len(states) - 1
    sets = _firsts(states, lambda m: None if m.final else len(m.sets) + 1)
    assert _ticks(html, "win-break") == [_x(sets[n], plays) for n in sorted(sets)]
    games = sum(sum(score) for score in game.summary["sets"])
    assert len(_ticks(html)) == games  # a mark where each game begins
    labels = [text for _, text in _labels(html)]
    assert labels == [f"Set {n}" for n in sorted(sets)]
    assert _texts(html, "span", "win-x-title") == ["Sets"]
    _assert_side_and_ends(html, "Ann", "Bea")
    _assert_table(html, game, ["Play", "Game", "What happened", "Ann", "Bea"])


def test_a_game_that_says_nothing_gets_its_plays_counted():
    axis = chart_axis.plays_axis(range(48))  # a start and 47 plays
    assert [tick.label for tick in axis.ticks] == [str(n) for n in range(0, 47, 5)]
    assert axis.title == "Plays" and len(axis.stages) == 47


def test_crowded_labels_give_way_to_the_breaks():
    ticks = (
        chart_axis.Tick(0, "Inns 1", "Innings 1", True),
        chart_axis.Tick(40, "10", "Innings 1, 10 overs", False),
        chart_axis.Tick(44, "Inns 2", "Innings 2", True),
        chart_axis.Tick(60, "5", "Innings 2, 5 overs", False),
    )
    placed = win_chart._ticks(ticks, 100)
    assert [tick.label for tick in placed] == ["Inns 1", "", "Inns 2", "5"]
    assert [tick.anchor for tick in placed] == ["start", "middle", "middle", "middle"]
    assert [tick.x for tick in placed] == [0.0, 240.0, 264.0, 360.0]
