"""Applying a solitaire play: what the cards make for the batter due, how the runners move,
and what the rain does (``RULES.md``, "Plays", "Runners", "End of the game")."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ..base import IllegalPlay, Outcome
from ..baseball.marked_runners import NO_RUNNERS, Runners, advance, clear, on_base, place
from .deck import SUIT_NAMES, TEN, Card, copies, value_name, value_word
from .innings import WIN
from .parse import WALK_CARDS
from .state import AtBat, Play, State

HIT, WALK, SACRIFICE, OUT = "hit", "walk", "sacrifice", "out"
HIT_VERBS = {1: "singles", 2: "doubles", 3: "triples", 4: "homers"}
NUMBER_WORDS = ("no", "one", "two", "three", "four")


def apply_play(state: State, play: Play) -> tuple[State, Outcome]:
    if state.innings.final:
        raise IllegalPlay("the game is over: no more plays")
    if isinstance(play, AtBat):
        return _at_bat(state, play)
    return _rain(state)


def what_the_cards_make(batter: int, cards: tuple[Card, ...]) -> str:
    """``hit``, ``walk``, ``sacrifice`` or ``out`` for batter ``batter`` (1-9).

    Raises ``IllegalPlay`` for several cards that are not all of the batter's number.
    """
    if all(card.value == batter for card in cards):
        return HIT
    if len(cards) == WALK_CARDS and all(card.is_face for card in cards):
        return WALK
    if len(cards) == 1:
        return SACRIFICE if cards[0].value == TEN else OUT
    names = ", ".join(card.face for card in cards)
    laid = value_name(cards[0].value, len(cards))
    raise IllegalPlay(
        f"cards {names}: batter {batter} is up, and {laid} make no hit for him "
        f"(a hit needs {value_word(batter)}s)"
    )


def check_deck(state: State, cards: tuple[Card, ...]) -> None:
    """Raise ``IllegalPlay`` when a card would be played more times than the deck holds."""
    for card, count in Counter(cards).items():
        left = state.left(card)
        if count <= left:
            continue
        named = card.face_and_id
        if copies(card) == 1:
            raise IllegalPlay(f"card {named}: the deck's only {card.face} has already been played")
        if left == 0:
            raise IllegalPlay(f"card {named}: both copies have already been played")
        raise IllegalPlay(f"card {named}: one copy has already been played, one is left")


# --- an at-bat -------------------------------------------------------------------------------


def _at_bat(state: State, play: AtBat) -> tuple[State, Outcome]:
    check_deck(state, play.cards)
    kind = what_the_cards_make(state.batter, play.cards)
    batter = state.batter
    innings = state.innings
    runners = state.runners
    scored: tuple[str, ...] = ()
    suit = play.top.suit
    if kind == HIT:
        runners, scored, text = _hit(runners, len(play.cards), suit, batter)
        tags = ["hit", "home-run"] if len(play.cards) == 4 else ["hit"]
    elif kind == WALK:
        runners, scored = place(runners, 1, suit)
        text, tags = f"Batter {batter} walks ({SUIT_NAMES[suit]})", ["walk"]
    elif kind == SACRIFICE:
        innings = innings.add_out()
        runners, scored, text = _sacrifice(state, play.top)
        tags = ["sacrifice", "out"]
    else:
        innings = innings.add_out()
        text, tags = f"Batter {batter} is out on the {play.top.face}", ["out"]
    innings = innings.add_runs(len(scored))
    new = replace(
        state,
        innings=innings,
        runners=runners,
        next_batter=(state.next_batter + 1) % 9,
        played=state.played + play.cards,
    )
    if not innings.final and innings.inning != state.innings.inning:
        new = replace(new, runners=NO_RUNNERS)  # a new inning starts with the bases empty
    words = [_sentence(text + _runs_text(len(scored)))]
    ending, end_tags = _ending(state, new)
    if ending:
        words.append(ending)
    tags += end_tags
    if not new.innings.final and new.cards_left == 0:
        new, rain = _rain(new)
        words.append("The deck is used up.")
        words.append(rain.text)
        tags += rain.tags
    return new, Outcome(" ".join(words), tags=tuple(tags), runs=len(scored))


def _hit(
    runners: Runners, bases: int, suit: str, batter: int
) -> tuple[Runners, tuple[str, ...], str]:
    """Single or double: every runner moves as far, one more when his suit matches; a triple
    or home run clears the bases."""
    text = f"Batter {batter} {HIT_VERBS[bases]} ({SUIT_NAMES[suit]})"
    if bases >= 3:
        cleared, scored = clear(runners)
        if bases == 4:
            return cleared, scored + (suit,), text
        return (None, None, suit), scored, text
    extra = sum(1 for mark in runners if mark == suit)
    moved, scored = advance(runners, lambda mark: bases + (mark == suit))
    moved, batter_scored = place(moved, bases, suit)
    if extra:
        who = "a runner" if extra == 1 else f"{NUMBER_WORDS[extra]} runners"
        text += f"; {who} in {SUIT_NAMES[suit]} take{'s' if extra == 1 else ''} an extra base"
    return moved, scored + batter_scored, text


def _sacrifice(state: State, ten: Card) -> tuple[Runners, tuple[str, ...], str]:
    """The batter is out; every runner moves up one only if all match the ten's suit. No run
    scores on the third out."""
    batter = state.batter
    text = f"Batter {batter} lays down a sacrifice bunt ({ten.face}) and is out"
    on = on_base(state.runners)
    if not on:
        return state.runners, (), text + ", nobody on"
    if state.innings.outs == 2:
        return state.runners, (), text  # the third out: nobody moves, no run scores
    if all(mark == ten.suit for mark in on):
        moved, scored = advance(state.runners, lambda mark: 1)
        return moved, scored, text + "; the runners move up"
    return state.runners, (), text + f"; not every runner is in {SUIT_NAMES[ten.suit]}: none move"


def _ending(before: State, after: State) -> tuple[str, list[str]]:
    innings = after.innings
    if innings.final and innings.outs < 3:  # the second run of an extra inning
        return f"The second run of {innings.describe()}: game over, a win.", ["final", WIN]
    if not innings.final and innings.inning == before.innings.inning:
        return "", []
    words = f"Three outs: end of {before.innings.describe()}."
    if innings.final:
        if innings.extra:
            return f"{words} No run in it: game over, a loss.", ["final", innings.result]
        runs, played = _count(innings.runs, "run"), _count(innings.scheduled, "inning")
        return (
            f"{words} Game over: {runs} in {played}, a {innings.result}.",
            ["final", innings.result],
        )
    if innings.extra and before.innings.extra:
        return f"{words} One run in it: another extra inning.", ["half-over", "extra-innings"]
    if innings.extra:
        runs, played = _count(innings.runs, "run"), _count(innings.scheduled, "inning")
        return (
            f"{words} {runs} in {played}: extra innings.",
            ["half-over", "extra-innings"],
        )
    return words, ["half-over"]


# --- rain ------------------------------------------------------------------------------------


def _rain(state: State) -> tuple[State, Outcome]:
    innings = state.innings
    untouched = innings.outs == 0 and innings.line[-1] == 0 and not on_base(state.runners)
    called = innings.call_for_rain(untouched)
    completed = innings.inning - 1
    runs, done = _count(called.runs, "run"), _count(completed, "completed inning")
    text = f"Rain: the game is called after {done} with {runs}, a {called.result}."
    return replace(state, innings=called), Outcome(text, tags=("rain", "final", called.result))


# --- words -------------------------------------------------------------------------------------


def _runs_text(runs: int) -> str:
    if runs == 0:
        return ""
    word = NUMBER_WORDS[runs] if runs < len(NUMBER_WORDS) else str(runs)
    return f": {word} run{'s' if runs > 1 else ''} score{'' if runs > 1 else 's'}"


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'' if number == 1 else 's'}"


def _sentence(text: str) -> str:
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!")) else text + "."
