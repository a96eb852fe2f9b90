"""Applying a pitch: the deal, the call, the count, forced runners, outs and the end."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..base import IllegalPlay, Outcome
from ..baseball import EMPTY, advance_all
from ..baseball.forces import push_runners
from .deck import suit_name
from .resolution import (
    BALK,
    BALL,
    FLY_OUT,
    FOUL,
    FOUL_FLY_OUT,
    HIT,
    HOME_RUN,
    STRIKE,
    Call,
    resolve,
)
from .state import CARDS_PER_DEAL, Pitch, State

BALLS_FOR_A_WALK = 4
STRIKES_FOR_AN_OUT = 3
FOULS_COUNT_UP_TO = 2  # a foul ball is a strike only while the batter has fewer strikes
HIT_VERBS = {1: "singles", 2: "doubles", 3: "triples", 4: "homers"}
NUMBER_WORDS = ("no", "one", "two", "three", "four")


@dataclass(frozen=True)
class _Result:
    """What the call did to the batter's turn, before the deal and the half-inning settle."""

    state: State
    headline: str
    tags: tuple[str, ...]


def apply_play(state: State, play: Pitch) -> tuple[State, Outcome]:
    if state.innings.final:
        raise IllegalPlay("the game is over: no more plays")
    _check_cards(state, play)
    call = resolve(play.lead, play.answer, play.had_suit)
    result = _called(state, call)
    after = _settle(state, _dealt(result.state, play))
    runs = sum(after.innings.score) - sum(state.innings.score)
    words = f"{result.headline} ({_cards_text(state, play, call)}){_runs_text(runs)}."
    ending, end_tags = _ending(state, after)
    text = " ".join([words] + ([ending] if ending else []))
    return after, Outcome(text, tags=result.tags + end_tags, runs=runs)


def _check_cards(state: State, play: Pitch) -> None:
    deck = state.deck
    if play.lead == play.answer:
        title = play.lead.title(deck)
        raise IllegalPlay(f"card {title} cannot be both the batter's lead and the fielder's answer")
    for key, card in (("bat", play.lead), ("field", play.answer)):
        if card in state.played:
            raise IllegalPlay(
                f"{key} {card.title_with_name(deck)}: card {card.title(deck)} has already "
                f"been played in this deal ({_deal_words(state)})"
            )


def _deal_words(state: State) -> str:
    return f"deal {state.deal} of {state.innings.describe_half()}, pitch {state.pitches + 1}"


# --- the call ------------------------------------------------------------------------------


def _called(state: State, call: Call) -> _Result:
    batter = state.batter
    if call.kind == STRIKE:
        strikes = state.strikes + 1
        if strikes >= STRIKES_FOR_AN_OUT:
            return _Result(
                _out(state),
                f"Strike three: batter {batter} strikes out",
                ("strike", "strikeout", "out"),
            )
        return _Result(
            replace(state, strikes=strikes), f"Strike {NUMBER_WORDS[strikes]}", ("strike",)
        )
    if call.kind == FOUL:
        if state.strikes < FOULS_COUNT_UP_TO:
            strikes = state.strikes + 1
            return _Result(
                replace(state, strikes=strikes),
                f"Foul ball, strike {NUMBER_WORDS[strikes]}",
                ("foul",),
            )
        return _Result(state, "Foul ball with two strikes: the count stays", ("foul",))
    if call.kind == BALL:
        balls = state.balls + 1
        if balls >= BALLS_FOR_A_WALK:
            return _Result(_reach(state, 1), f"Ball four: batter {batter} walks", ("ball", "walk"))
        return _Result(replace(state, balls=balls), f"Ball {NUMBER_WORDS[balls]}", ("ball",))
    if call.kind == BALK:
        return _Result(_reach(state, 1), f"Balk: batter {batter} takes first", ("balk",))
    if call.kind == HIT:
        return _Result(
            _reach(state, call.base), f"Batter {batter} {HIT_VERBS[call.base]}", ("hit",)
        )
    if call.kind == HOME_RUN:
        return _Result(_reach(state, 4), f"Batter {batter} homers", ("hit", "home-run"))
    if call.kind == FLY_OUT:
        return _Result(_out(state), f"Batter {batter} flies out", ("fly-out", "out"))
    assert call.kind == FOUL_FLY_OUT
    return _Result(_out(state), f"Foul fly out: batter {batter} is out", ("foul-fly-out", "out"))


def _reach(state: State, base: int) -> State:
    """The batter reaches ``base`` (4 = home run); runners move only when forced."""
    if base >= 4:
        bases, runs = advance_all(state.bases, 4)
    else:
        bases, runs = push_runners(state.bases, base)
    return replace(_next_batter(state), bases=bases, innings=state.innings.add_runs(runs))


def _out(state: State) -> State:
    """The batter is out; runners never advance on outs."""
    return replace(_next_batter(state), innings=state.innings.add_out())


def _next_batter(state: State) -> State:
    """The batter's turn is over: the count resets and the next batter is due."""
    side = state.innings.batting
    order = tuple((n + 1) % 9 if i == side else n for i, n in enumerate(state.next_batter))
    return replace(state, next_batter=order, balls=0, strikes=0)


# --- after the call ------------------------------------------------------------------------


def _dealt(state: State, play: Pitch) -> State:
    """Both cards leave the players' hands; after eleven pitches a new deal begins."""
    pitches = state.pitches + 1
    if pitches >= CARDS_PER_DEAL:
        return replace(state, deal=state.deal + 1, pitches=0, played=frozenset())
    return replace(state, pitches=pitches, played=state.played | {play.lead, play.answer})


def _settle(before: State, after: State) -> State:
    """A new half-inning starts with empty bases, no count and a new deal; a final stays."""
    if after.innings.final or _half_key(before) == _half_key(after):
        return after
    return replace(after, bases=EMPTY, balls=0, strikes=0, deal=1, pitches=0, played=frozenset())


def _half_key(state: State) -> tuple[int, int]:
    return state.innings.inning, state.innings.half


def _ending(before: State, after: State) -> tuple[str, tuple[str, ...]]:
    innings = after.innings
    if innings.final:
        if innings.outs < 3 and innings.half == 1:
            return "Walk-off: game over.", ("walk-off", "final")
        if innings.outs >= 3:
            return f"Three outs: end of {before.innings.describe_half()}. Game over.", ("final",)
        return "Game over.", ("final",)
    if _half_key(before) != _half_key(after):
        return f"Three outs: end of {before.innings.describe_half()}.", ("half-over",)
    if after.deal != before.deal:
        return "Eleven pitches: a new deal.", ("new-deal",)
    return "", ()


# --- words ---------------------------------------------------------------------------------


def _cards_text(state: State, play: Pitch, call: Call) -> str:
    """The cards in words, as the scoring screen titles them: "Red 2 against Red 4"."""
    deck = state.deck
    lead, answer = play.lead.title(deck), play.answer.title(deck)
    text = f"{answer} against {lead}"
    if call.kind in (BALL, BALK):
        suit = suit_name(deck, play.lead.suit).lower()
        holding = "holding" if call.kind == BALK else "holding no"
        text += f", the fielder {holding} {suit}"
    return text


def _runs_text(runs: int) -> str:
    if runs == 0:
        return ""
    word = NUMBER_WORDS[runs] if runs < len(NUMBER_WORDS) else str(runs)
    return f": {word} run{'s' if runs > 1 else ''} score{'' if runs > 1 else 's'}"
