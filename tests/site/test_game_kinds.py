"""Each game is one declaration (``games.kinds``): every engine has exactly one, and what the
site asks of it (standings family, exports, caching, league points, score texts) is what the
site did before the declarations, when it guessed the game from its summary's shape."""

import random

import pytest
from django.template import Context, Template

from games.archive.exports import has_cricsheet, has_retrosheet
from games.engines import all_engines, get
from games.kinds import GameKind, UnknownKind, all_kinds, kind
from games.leagues.standings import family_of
from games.scoring import services
from games.templatetags.fragments import is_public_view

KINDS = [
    # id, family, exports, public board cached, league points
    ("quick-baseball", "baseball", ("retrosheet",), True, False),
    ("quick-cricket", "cricket", ("cricsheet",), True, True),
    ("backyard-baseball", "baseball", ("retrosheet",), True, False),
    ("bedard-baseball", "baseball", ("retrosheet",), True, False),
    ("solitaire-baseball", "solitaire", (), False, False),
    ("quick-tennis", "tennis", (), True, False),
]


def test_every_engine_has_exactly_one_kind_and_every_kind_an_engine():
    engines = [engine.id for engine in all_engines()]
    kinds = [declared.id for declared in all_kinds()]
    assert kinds == engines  # same games, same order, none twice
    assert len(set(kinds)) == len(kinds)
    assert [row[0] for row in KINDS] == engines


@pytest.mark.parametrize("declared", all_kinds(), ids=lambda k: k.id)
def test_each_kind_declares_its_modules(declared: GameKind):
    assert isinstance(declared, GameKind)
    assert kind(declared.id) is declared
    assert callable(declared.screen.context)
    assert callable(declared.screen.read_play)
    assert callable(declared.stats.side_stats)
    package = declared.id.replace("-", "_")
    assert declared.screen.__name__ == f"games.kinds.{package}.screen"
    assert declared.stats.__name__ == f"games.kinds.{package}.stats"


def test_an_unknown_kind_is_named_in_the_error():
    with pytest.raises(UnknownKind, match=r"'nope'.*quick-cricket") as raised:
        kind("nope")
    assert isinstance(raised.value, LookupError)


@pytest.mark.parametrize("game_id, family, exports, cached, points", KINDS)
def test_declarations_match_what_the_site_did(game_id, family, exports, cached, points):
    declared = kind(game_id)
    assert declared.family == family == family_of(game_id)
    assert declared.exports == exports
    assert declared.public_board_cached is cached
    assert declared.league_points is points


# What the old ``score_text`` and ``progress_text`` filters (which guessed the game from its
# summary) printed for these summaries: random legal plays (seed 3) from each game's default
# options, ``plays`` of them or (None) to the end.
TEXTS = [
    ("quick-baseball", 0, "0–0", "Top 1"),
    ("quick-baseball", 7, "3–0", "Top 1"),
    ("quick-baseball", 60, "7–6", "Top 3"),
    ("quick-baseball", None, "34–24", "Bottom 9"),
    ("quick-cricket", 0, "0/0", "Innings 1: 0/0 (0.0 ov)"),
    ("quick-cricket", 7, "30/5", "Innings 1: 30/5 (1.3 ov)"),
    ("quick-cricket", None, "43/5", "Innings 2: 43/5 (2.2 ov)"),
    ("backyard-baseball", 7, "3–0", "Top 1"),
    ("backyard-baseball", None, "6–6", "Bottom 3"),
    ("bedard-baseball", 7, "0–0", "Top 1"),
    ("bedard-baseball", 60, "31–0", "Top 1"),
    ("solitaire-baseball", 0, "0", "Inning 1"),
    ("solitaire-baseball", 7, "4", "Inning 1"),
    ("solitaire-baseball", None, "14", "Inning 9"),
    ("quick-tennis", 0, "0–0 0–0", "Set 1: 0–0 0–0"),
    ("quick-tennis", 7, "0–0 30–0", "Set 1: 0–0 30–0"),
    ("quick-tennis", 60, "3–3 15–15", "Set 1: 3–3 15–15"),
    ("quick-tennis", None, "6–4 6–3", "Set 2: "),
]


# The figures above were printed for Quick Baseball's first reconstruction of the cards.
OPTIONS = {"quick-baseball": {"catalogue": "first-reconstruction"}}


def _summary(game_id: str, plays: int | None) -> dict:
    rng = random.Random(3)
    engine = get(game_id)
    state = engine.initial_state(engine.options(OPTIONS.get(game_id, {})))
    played = 0
    while not engine.is_over(state) and (plays is None or played < plays):
        legal = [
            p
            for p in engine.legal_plays(state)
            if "declare" not in p and "rain" not in p and set(p) != {"fielder"}
        ]
        state, _ = engine.play(state, rng.choice(legal))
        played += 1
    return engine.summary(state)


@pytest.mark.parametrize("game_id, plays, score, progress", TEXTS)
def test_score_and_progress_texts_are_what_the_old_filters_printed(game_id, plays, score, progress):
    summary = _summary(game_id, plays)
    declared = kind(game_id)
    assert declared.score_text(summary) == score
    assert declared.progress_text(summary) == progress
    drawn = Template(
        "{% load scorekeeping %}{{ summary|score_text:kind }}|{{ summary|progress_text:kind }}"
    ).render(Context({"summary": summary, "kind": game_id}))
    assert drawn == f"{score}|{progress}"


@pytest.mark.django_db
@pytest.mark.parametrize("game_id, family, exports, cached, points", KINDS)
def test_exports_and_public_boards_ask_the_declaration(
    django_user_model, game_id, family, exports, cached, points
):
    user = django_user_model.objects.create_user("scorer", password="pw")
    sides = ["Ann"] if family == "solitaire" else ["Ann", "Bob"]
    game = services.game_create(kind=game_id, options={}, sides=sides, user=user)
    # As before: Cricsheet for cricket only; a box score for two-sided baseball games only.
    assert has_cricsheet(game) is (game_id == "quick-cricket")
    assert has_retrosheet(game) is (family == "baseball")
    assert is_public_view(game, None) is cached
