"""What the tablet's engine answers besides the play: the cards no play can use now (drawn off
the board as the server's screens draw them) and a question put as answers to tap, each of
which, added to the play's fields, answers it as the server's question form does."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from games.engines import get
from games.engines.baseball.bases import steal_candidate
from games.engines.players import Played, play_out
from games.kinds import taps
from games.kinds.bedard_baseball.screen import picker_rows
from games.kinds.quick_baseball.screen import _bat_cards, _pitch_cards
from games.kinds.solitaire_baseball.screen import _picker
from tests.answering import entries

OPTIONS = {
    "quick-baseball": {"innings": 3},
    "quick-cricket": {"overs": 4},
    "backyard-baseball": {"innings": 3},
    "bedard-baseball": {"innings": 3},
    "solitaire-baseball": {},
    "quick-tennis": {},
}
GAMES = sorted(OPTIONS)


@cache
def played(game: str, seed: int) -> Played:
    return play_out(game, OPTIONS[game], seed=seed)


def drawn_off(game: str, state: Any) -> dict[str, set[str]]:
    """The controls the server's screen draws off in ``state`` (disabled, or gone)."""
    if game == "quick-baseball":
        return {
            "pitch": {card.id for card in _pitch_cards(state) if not card.playable},
            "bat": {card.id for card in _bat_cards(state) if not card.playable},
        }
    if game == "quick-cricket":
        return {"path_card": set(state.current.paths_used)}
    if game == "bedard-baseball":
        gone = {c.id for row in picker_rows(state.deck, state.played) for c in row.cells if c.gone}
        return {"bat": gone, "field": gone}
    if game == "solitaire-baseball":
        return {"cards": {card.id for _, row in _picker(state) for card in row if not card.left}}
    return {}


@pytest.mark.parametrize("game", GAMES)
def test_the_cards_closed_are_the_cards_the_screen_draws_off(game: str) -> None:
    game_played = played(game, 5)
    engine = get(game)
    for state in game_played.states:
        closed = taps.closed(game, state)
        if engine.is_over(state):
            assert closed == {}
            continue
        expected = drawn_off(game, state)
        assert {name: set(closed[name]) for name in expected} == expected
        if game == "quick-baseball":
            # the steal call is closed exactly when the screen disables it
            can_steal = steal_candidate(state.bases) is not None
            assert ("steal" in closed["call"]) is not can_steal


@pytest.mark.parametrize("game", ["quick-cricket", "backyard-baseball", "bedard-baseball"])
@pytest.mark.parametrize("typed", [False, True], ids=["taps", "typed"])
def test_answering_the_questions_on_the_tablet_plays_the_play_the_table_played(
    game: str, typed: bool
) -> None:
    """Every play of plausible games entered without its answers: each question asked is
    answered by tapping one of the answers drawn, and the play applied is the one played."""
    asked: set[str] = set()
    for seed in (5, 6):
        game_played = played(game, seed)
        engine = get(game)
        for number, entry in enumerate(entries(game, OPTIONS[game], game_played.plays, typed)):
            assert entry.answer["ok"], (number, entry.play, entry.answer.get("refusal"))
            assert entry.answer["summary"] == engine.summary(game_played.states[number + 1])
            for asking, _ in entry.asked:
                asked.add(asking["ask"])
                assert asking["title"] and asking["answers"], asking
    expected = {
        "quick-cricket": {"umpire"},
        "backyard-baseball": {"extend"},
        "bedard-baseball": {"had_suit"},
    }[game]
    assert expected <= asked, asked
