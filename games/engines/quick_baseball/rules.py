"""Applying a Quick Baseball play: the resolution rules of ``RULES.md`` in order."""

from __future__ import annotations

from dataclasses import replace

from ..base import IllegalPlay, Outcome
from ..baseball import EMPTY, advance_all, base_name, steal_candidate, walk
from .catalogue import BatCard, PitchCard
from .state import BATTER, LEAVE, PITCHER, STEAL, Pitch, Play, Refresh, State

HIT_VERBS = {1: "singles", 2: "doubles", 3: "triples", 4: "homers"}
OUT_WORDS = {
    "strikeout": "strikes out",
    "fly": "flies out",
    "run_out": "is run out at first base",
    "caught": "is caught",
}
NUMBER_WORDS = ("no", "one", "two", "three", "four")
BALLS_FOR_A_WALK = 4


def apply_play(state: State, play: Play) -> tuple[State, Outcome]:
    if state.innings.final:
        raise IllegalPlay("the game is over: no more plays")
    if isinstance(play, Refresh):
        return _refresh(state, play)
    return _pitch(state, play)


# --- hands -------------------------------------------------------------------------------


def full_hand(state: State, who: str) -> frozenset[str]:
    return state.catalogue.bat_ids if who == BATTER else state.catalogue.pitch_ids


def refresh_allowed(state: State, who: tuple[str, ...]) -> bool:
    """A refresh is legal when one of the named players is down to one card (PO not counted)."""
    return not state.innings.final and any(state.hand_size(w) <= 1 for w in who)


def _take_back(state: State, who: str) -> tuple[State, str, bool]:
    """Refresh one player's hand. Returns the state, a sentence, and whether relief came in."""
    if who == BATTER:
        return replace(state, batter_hand=full_hand(state, BATTER)), "the batter refreshes", False
    state = replace(state, pitcher_hand=full_hand(state, PITCHER))
    side = state.innings.fielding
    if state.relief[side]:
        return state, "the pitcher refreshes", False
    relief = tuple(True if i == side else r for i, r in enumerate(state.relief))
    return replace(state, relief=relief), "the pitcher refreshes: the relief pitcher comes in", True


def _refresh(state: State, play: Refresh) -> tuple[State, Outcome]:
    if not refresh_allowed(state, play.who):
        held = " and ".join(f"the {w} holds {state.hand_size(w)} cards" for w in play.who)
        raise IllegalPlay(
            f"refresh: {held}; a refresh needs a hand down to one card (Pitch Out not counted)"
        )
    notes, tags = [], ["refresh"]
    for who in play.who:
        state, note, relief = _take_back(state, who)
        notes.append(note)
        if relief:
            tags.append("relief")
    return state, Outcome(_sentence("; ".join(notes)), tags=tuple(tags))


# --- a pitch -------------------------------------------------------------------------------


def _pitch(state: State, play: Pitch) -> tuple[State, Outcome]:
    card = state.catalogue.pitch(play.pitch)
    assert card is not None  # parse checked the id
    notes: list[str] = []
    tags: list[str] = []
    if card.result != "pitch_out" and not state.pitcher_cards():
        state, note, relief = _take_back(state, PITCHER)
        notes.append(f"Pitcher's hand empty: {note}.")
        tags += ["refresh", "relief"] if relief else ["refresh"]
    if play.pitch not in state.pitcher_hand:
        raise IllegalPlay(f"card {play.pitch} is not in the pitcher's hand")
    if play.call is None:
        if not state.batter_hand:
            state, note, _ = _take_back(state, BATTER)
            notes.append(f"Batter's hand empty: {note}.")
            tags.append("refresh")
        if play.bat not in state.batter_hand:
            raise IllegalPlay(f"card {play.bat} is not in the batter's hand")
    if play.call == STEAL and steal_candidate(state.bases) is None:
        raise IllegalPlay(f"steal with {play.pitch}: no runner can steal ({_why_no_steal(state)})")

    if card.result == "pitch_out":
        new, text, more = _pitch_out(state, play)
    elif play.call == STEAL:
        new, text, more = _steal(state, card)
    elif play.call == LEAVE:
        new, text, more = _leave(state, card)
    else:
        bat = state.catalogue.bat(play.bat or "")
        assert bat is not None
        new, text, more = _revealed(state, card, bat)
    runs = sum(new.innings.score) - sum(state.innings.score)
    ending, end_tags = _ending(state, new)
    words = " ".join(notes + [_sentence(text)] + ([ending] if ending else []))
    return _settle(state, new), Outcome(words, tags=tuple(tags + more + end_tags), runs=runs)


def _why_no_steal(state: State) -> str:
    if not any(state.bases):
        return "the bases are empty"
    return "a runner needs an empty base ahead and nobody steals home"


def _pitch_out(state: State, play: Pitch) -> tuple[State, str, list[str]]:
    """Rule 1: the stealing runner is out, or a ball (four balls walk). Both cards go back."""
    if play.call == STEAL:
        base = steal_candidate(state.bases)
        assert base is not None
        bases = tuple(False if i == base - 1 else b for i, b in enumerate(state.bases))
        new = replace(state, bases=bases, innings=state.innings.add_out())
        return (
            new,
            f"Pitch Out: runner caught stealing {base_name(base + 1)}",
            [
                "caught-stealing",
                "out",
            ],
        )
    balls = state.balls + 1
    if balls < BALLS_FOR_A_WALK:
        return replace(state, balls=balls), f"Pitch Out: ball {balls}", ["ball"]
    bases, runs = walk(state.bases)
    new = replace(_next_batter(state), bases=bases, balls=0, innings=state.innings.add_runs(runs))
    return new, f"Ball four: batter {state.batter} walks{_runs_text(runs)}", ["walk"]


def _steal(state: State, card: PitchCard) -> tuple[State, str, list[str]]:
    """Rule 2: the runner moves up one; the pitch card is discarded; the batter stays."""
    base = steal_candidate(state.bases)
    assert base is not None
    bases = tuple(
        True if i == base else False if i == base - 1 else b for i, b in enumerate(state.bases)
    )
    new = replace(state, bases=bases, pitcher_hand=state.pitcher_hand - {card.id})
    return new, f"Runner steals {base_name(base + 1)} against {card.name}", ["steal"]


def _leave(state: State, card: PitchCard) -> tuple[State, str, list[str]]:
    """Rule 3: a blue-bordered card strikes the batter out; otherwise nothing happens."""
    state = replace(state, pitcher_hand=state.pitcher_hand - {card.id})
    batter = state.batter
    if state.catalogue.strikes_out_on_leave(card):
        new = replace(_next_batter(state), innings=state.innings.add_out())
        colour = state.catalogue.leave_out_colour
        return (
            new,
            f"Batter {batter} leaves {card.name}, a {colour}-bordered card: strike out",
            ["leave", "out", "strikeout"],
        )
    return state, f"Batter {batter} leaves {card.name}: no harm done", ["leave"]


def _revealed(state: State, card: PitchCard, bat: BatCard) -> tuple[State, str, list[str]]:
    """Rule 4: a match is a hit and every runner moves as far; otherwise the card's out."""
    state = replace(
        state,
        pitcher_hand=state.pitcher_hand - {card.id},
        batter_hand=state.batter_hand - {bat.id},
    )
    batter = state.batter
    base = bat.best_base(batter, card.active_colours(state.pitching_relief))
    if base is not None:
        bases, runs = advance_all(state.bases, base)
        new = replace(_next_batter(state), bases=bases, innings=state.innings.add_runs(runs))
        text = f"Batter {batter} {HIT_VERBS[base]} on {card.name}{_runs_text(runs)}"
        return new, text, ["hit", "home-run"] if base == 4 else ["hit"]
    if card.result == "fly" and state.innings.outs == 2:
        return state, f"Fly ball with two out: no out, batter {batter} bats again", ["reprieve"]
    new = replace(_next_batter(state), innings=state.innings.add_out())
    tags = ["out", "strikeout"] if card.result == "strikeout" else ["out"]
    return new, f"Batter {batter} {OUT_WORDS[card.result]}", tags


# --- after the play ------------------------------------------------------------------------


def _next_batter(state: State) -> State:
    side = state.innings.batting
    order = tuple((n + 1) % 9 if i == side else n for i, n in enumerate(state.next_batter))
    return replace(state, next_batter=order)


def _settle(before: State, after: State) -> State:
    """A new half-inning starts with empty bases, no balls and full hands; a final stays put."""
    if after.innings.final or _half_key(before) == _half_key(after):
        return after
    return replace(
        after,
        bases=EMPTY,
        balls=0,
        batter_hand=full_hand(after, BATTER),
        pitcher_hand=full_hand(after, PITCHER),
    )


def _half_key(state: State) -> tuple[int, int]:
    return state.innings.inning, state.innings.half


def _ending(before: State, after: State) -> tuple[str, list[str]]:
    innings = after.innings
    if innings.final:
        if innings.outs < 3 and innings.half == 1:
            return "Walk-off: game over.", ["walk-off", "final"]
        if innings.outs >= 3:
            return f"Three outs: end of {before.innings.describe_half()}. Game over.", ["final"]
        return "Game over.", ["final"]
    if _half_key(before) != _half_key(after):
        return f"Three outs: end of {before.innings.describe_half()}.", ["half-over"]
    return "", []


def _runs_text(runs: int) -> str:
    if runs == 0:
        return ""
    word = NUMBER_WORDS[runs] if runs < len(NUMBER_WORDS) else str(runs)
    return f": {word} run{'s' if runs > 1 else ''} score{'' if runs > 1 else 's'}"


def _sentence(text: str) -> str:
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!")) else text + "."
