"""Applying a Backyard Baseball play: an at-bat (result, extension, next batter), a swap, or
an event note."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..base import IllegalPlay, Outcome
from ..baseball import TOP, Innings, ordinal
from ..baseball.pawn_runners import NOBODY, Runners, base_of, clear, move_up, put, remove, trade
from .extension import Throw, throw_for, why_not
from .resolve import HIT, HOMER, OUT, Result, describe, resolve
from .state import GHOST, AtBat, Event, Extend, Play, State, Swap, other
from .words import base, plural, runner_name, runs_text, sentence


@dataclass(frozen=True)
class Step:
    """The game after a play's result, before any extension and the next batter."""

    runners: Runners
    innings: Innings
    runs: int
    words: tuple[str, ...]
    tags: tuple[str, ...]
    half_over: bool


def apply_play(state: State, play: Play) -> tuple[State, Outcome]:
    if state.innings.final:
        raise IllegalPlay("the game is over: no more plays")
    if isinstance(play, Swap):
        return _swap(state)
    if isinstance(play, Event):
        return _event(state, play)
    return _at_bat(state, play)


def play_result(state: State, play: AtBat) -> tuple[Result, Step]:
    """Rules 1-6 for ``play`` in ``state`` (no extension). Raises ``IllegalPlay``."""
    result = resolve(play, state.field)
    return result, _settle(state, result)


def extension_throw(state: State, result: Result, step: Step) -> Throw:
    """The lead runner's try for ``step``. Raises ``IllegalPlay`` when no extension is allowed."""
    reason = why_not(result, state.runners, step.runners, step.half_over)
    if reason:
        raise IllegalPlay(f"extend: {reason}")
    return throw_for(result, step.runners, state.field)


# --- an at-bat ------------------------------------------------------------------------------


def _at_bat(state: State, play: AtBat) -> tuple[State, Outcome]:
    result, step = play_result(state, play)
    if play.extend is not None:
        step = _extend(step, extension_throw(state, result, step), play.extend)
    new, after = _next_batter(state, step)
    # The fielder pawn stays where it was placed until the sides change.
    same_half = (new.innings.inning, new.innings.half) == (state.innings.inning, state.innings.half)
    new = replace(new, fielder=play.fielder if same_half else None)
    runs = sum(new.innings.score) - sum(state.innings.score)
    text = " ".join(sentence(w) for w in (*step.words, *after))
    return new, Outcome(text, tags=step.tags + _ending_tags(state, new), runs=runs)


def _settle(state: State, result: Result) -> Step:
    batter = state.at_bat
    innings = state.innings
    runners = state.runners
    words = [result.choice, describe(result, batter)]
    tags = ["bobble"] if result.bobble is not None else []
    runs = 0
    if result.verdict == OUT:
        tags += ["out", result.kind]
        if innings.outs + 1 >= 3:  # the third out: nobody moves or scores
            innings = innings.add_out()
        else:
            if result.runners_move and any(runners):
                runners, scored = move_up(runners)
                runs = len(scored)
                words[-1] += f", {_moved(state.runners)}{runs_text(runs)}"
            innings = innings.add_out().add_runs(runs)
    elif result.verdict == HIT:
        tags += ["hit"]
        runners, scored = move_up(runners, batter)
        runs = len(scored)
        moved = f", {_moved(state.runners)}" if any(state.runners) else ""
        words[-1] += f"; {batter} takes first{moved}{runs_text(runs)}"
        innings = innings.add_runs(runs)
    else:
        assert result.verdict == HOMER
        tags += ["hit", "home-run"]
        runners, scored = clear(runners, batter)
        runs = len(scored)
        words[-1] += runs_text(runs)
        innings = innings.add_runs(runs)
    half_over = innings.final or (innings.inning, innings.half) != (
        state.innings.inning,
        state.innings.half,
    )
    return Step(runners, innings, runs, tuple(words), tuple(tags), half_over)


def _moved(runners: Runners) -> str:
    """``"dot moves up to third"`` for one runner, ``"the runners move up"`` for more."""
    on = [index for index, runner in enumerate(runners) if runner is not None]
    if len(on) != 1:
        return "the runners move up"
    runner = runner_name(runners[on[0]])
    return f"{runner} scores" if on[0] == 2 else f"{runner} moves up to {base(on[0] + 1)}"


def _extend(step: Step, throw: Throw, extend: Extend) -> Step:
    """The lead runner tries for the next base: out, or every runner moves up one."""
    runner = runner_name(throw.runner)
    number = extend.pitcher_number
    icons = plural(extend.runners, "runner icon")
    if number is None:
        arithmetic = "no pitcher card"
        out = False
    else:
        total = throw.total(number)
        out = total >= extend.runners
        arithmetic = (
            f"{number} − {plural(throw.connections, 'connection')} − {throw.throw} throw "
            f"= {total} {'≥' if out else '<'} {icons}"
        )
    if out:
        innings = step.innings.add_out()
        words = f"Extend: {arithmetic}: {runner} is out at {throw.target}"
        return replace(
            step,
            runners=remove(step.runners, throw.base),
            innings=innings,
            words=(*step.words, words),
            tags=(*step.tags, "extend", "extend-out", "out"),
            half_over=(innings.inning, innings.half) != (step.innings.inning, step.innings.half)
            or innings.final,
        )
    runners, scored = move_up(step.runners)
    others = " and every runner moves up" if sum(r is not None for r in step.runners) > 1 else ""
    words = f"Extend: {arithmetic}: {runner} is safe at {throw.target}{others}"
    return replace(
        step,
        runners=runners,
        innings=step.innings.add_runs(len(scored)),
        runs=step.runs + len(scored),
        words=(*step.words, words + runs_text(len(scored))),
        tags=(*step.tags, "extend", "extend-safe"),
    )


def _next_batter(state: State, step: Step) -> tuple[State, tuple[str, ...]]:
    """The other pawn comes to bat (a ghost takes its base); a new half-inning starts clean."""
    innings = step.innings
    if innings.final:
        new = replace(state, runners=step.runners, innings=innings, new_ghost=None)
        return new, (f"Three outs: end of {state.innings.describe_half()}", _game_over(innings))
    if step.half_over:
        event = None if innings.half == TOP else state.event  # events last one inning
        new = replace(
            state, runners=NOBODY, innings=innings, at_bat="dot", new_ghost=None, event=event
        )
        return new, (f"Three outs: end of {state.innings.describe_half()}",)
    at_bat = other(state.at_bat)
    runners = step.runners
    ghost = base_of(runners, at_bat)
    words: tuple[str, ...] = ()
    if ghost is not None:
        runners = put(runners, ghost, GHOST)
        words = (f"{at_bat} comes to bat: a ghost runner takes {at_bat}'s place on {base(ghost)}",)
    new = replace(state, runners=runners, innings=innings, at_bat=at_bat, new_ghost=ghost)
    return new, words


def _game_over(innings: Innings) -> str:
    visitors, home = innings.score
    if visitors == home:
        return f"Game over: a {visitors}–{home} tie"
    return f"Game over, {visitors}–{home}"


def _ending_tags(before: State, after: State) -> tuple[str, ...]:
    if after.innings.final:
        return ("final",)
    if (after.innings.inning, after.innings.half) != (before.innings.inning, before.innings.half):
        return ("half-over",)
    return ()


# --- between plays ---------------------------------------------------------------------------


def swap_allowed(state: State) -> bool:
    return (
        not state.innings.final
        and state.new_ghost is not None
        and base_of(state.runners, state.swap_pawn) is not None
    )


def _swap(state: State) -> tuple[State, Outcome]:
    pawn = state.swap_pawn
    if state.new_ghost is None:
        raise IllegalPlay(
            "swap: a swap is allowed only right after a ghost runner has taken the place of "
            f"the pawn at bat ({state.at_bat} is not on base)"
        )
    where = base_of(state.runners, pawn)
    if where is None:
        raise IllegalPlay(f"swap: {pawn}, the other pawn, is not on base")
    ghost = state.new_ghost
    new = replace(state, runners=trade(state.runners, ghost, where), new_ghost=None)
    text = (
        f"Swap: {pawn} trades places with the ghost runner: {pawn} to {base(ghost)}, "
        f"the ghost to {base(where)} (the batter discards a card)."
    )
    return new, Outcome(text, tags=("swap",))


def _event(state: State, play: Event) -> tuple[State, Outcome]:
    text = f"Event for the {ordinal(state.innings.inning)} inning: “{play.name}”."
    return replace(state, event=play.name), Outcome(text, tags=("event",))
