"""Applying a Quick Cricket play: deliveries, no balls, the fielder, declarations, and how
innings and the match end."""

from __future__ import annotations

from dataclasses import replace

from ..base import IllegalPlay, Outcome
from .calls import Appeal, Result, call_for, is_bouncer, is_yorker
from .state import (
    ALL_OUT,
    BALLS_PER_OVER,
    NOT_OUT,
    OUT,
    OVERS_PER_SPELL,
    UMPIRE_CARDS,
    Ball,
    Declare,
    Delivery,
    Innings,
    Match,
    PlaceFielder,
    Play,
)
from .umpire import Decision, check_no_umpire, decide

NO_BALL_RUNS = 5
WICKET_WORDS = {
    "bowled": "bowled",
    "lbw": "LBW",
    "caught": "caught",
    "big_hit_caught": "caught in the outfield",
}


def apply_play(match: Match, play: Play) -> tuple[Match, Outcome]:
    if match.final:
        raise IllegalPlay("the match is over: no more plays")
    if isinstance(play, PlaceFielder):
        return _place_fielder(match, play)
    if isinstance(play, Declare):
        closed = replace(match.current, declared=True, closed=True)
        innings = match.current
        words = f"Declared at {innings.runs}/{innings.wickets} after {innings.overs_text} overs."
        after, ending = _close_innings(_with_current(match, closed))
        return after, Outcome(" ".join([words, *ending]), tags=("declare",))
    return _deliver(match, play)


def _with_current(match: Match, innings: Innings) -> Match:
    return replace(match, innings=match.innings[:-1] + (innings,))


def _place_fielder(match: Match, play: PlaceFielder) -> tuple[Match, Outcome]:
    innings = match.current
    if innings.spell_started:
        raise IllegalPlay(
            f"fielder {play.quadrant}: the fielder moves only at the start of a spell, before "
            f"anything is bowled in it (now {innings.overs_text} overs)"
        )
    words = f"Fielder placed beside {play.quadrant}." if play.quadrant else "Fielder taken away."
    return _with_current(match, replace(innings, fielder=play.quadrant)), Outcome(
        words, tags=("fielder",)
    )


def _deliver(match: Match, d: Delivery) -> tuple[Match, Outcome]:
    innings = match.current
    if d.path_card in innings.paths_used:
        raise IllegalPlay(f"path card {d.path_card} has already been used this over")
    if d.no_ball:
        return _no_ball(match, d)
    call = call_for(match, d)
    if isinstance(call, Appeal):
        decision = decide(innings, call.cards, d)
        result = Result(wicket=call.wicket) if decision.final == OUT else call.not_out
    else:
        check_no_umpire(d)
        decision, result = None, call
    ball = Ball(
        over=innings.completed_overs,
        runs=result.runs,
        partnership=innings.wickets,
        style=match.style(),
        wicket=result.wicket,
        big_hit=d.big_hit or d.bouncer == "big_hit",
        appeal=decision.first if decision else None,
        review=decision.review if decision else None,
        overturned=decision.overturned if decision else False,
    )
    innings = _score(innings, ball, decision)
    innings = _count_delivery(innings, d.path_card)
    tags = _tags(match, d, ball)
    words = [_call_words(call, decision, result), f"— {innings.runs}/{innings.wickets}."]
    after, ending = _after_ball(match, innings)
    return after, Outcome(" ".join(words + ending), tags=tags, runs=ball.runs)


def _no_ball(match: Match, d: Delivery) -> tuple[Match, Outcome]:
    if d.umpire is not None or d.bouncer is not None or d.review is not None:
        raise IllegalPlay(
            "no ball: nothing else is decided on a no ball (no umpire, bouncer or review)"
        )
    innings = match.current
    over = innings.completed_overs
    log = tuple(
        replace(b, counted=False) if b.over == over and b.counted and not b.no_ball else b
        for b in innings.log
    )
    ball = Ball(
        over=over, runs=NO_BALL_RUNS, partnership=innings.wickets, style=match.style(), no_ball=True
    )
    innings = replace(
        _score(innings, ball, None),
        log=log + (ball,),
        balls=over * BALLS_PER_OVER,
        paths_used=frozenset(),
        spell_started=True,
    )
    words = [
        f"No ball (Path card {d.path_card} on green): {NO_BALL_RUNS} runs; the over starts again",
        f"— {innings.runs}/{innings.wickets}.",
    ]
    after, ending = _after_ball(match, innings)
    return after, Outcome(" ".join(words + ending), tags=("no-ball",), runs=NO_BALL_RUNS)


def _score(innings: Innings, ball: Ball, decision: Decision | None) -> Innings:
    """Add the ball to the innings: runs to the partnership, or a wicket; the umpire pile."""
    down = decision.down_after if decision else innings.umpire_down
    reviews = decision.reviews_left if decision else innings.reviews_left
    innings = replace(innings, log=innings.log + (ball,), reviews_left=reviews, umpire_down=down)
    if ball.wicket is None:
        partnerships = innings.partnerships[:-1] + (innings.partnerships[-1] + ball.runs,)
        return replace(innings, runs=innings.runs + ball.runs, partnerships=partnerships)
    wickets = innings.wickets + 1
    partnerships = innings.partnerships + ((0,) if wickets < ALL_OUT else ())
    return replace(
        innings,
        wickets=wickets,
        fall_of_wickets=innings.fall_of_wickets + (innings.runs,),
        partnerships=partnerships,
        umpire_down=UMPIRE_CARDS,
    )


def _count_delivery(innings: Innings, path_card: str) -> Innings:
    balls = innings.balls + 1
    innings = replace(
        innings, balls=balls, paths_used=innings.paths_used | {path_card}, spell_started=True
    )
    if balls % BALLS_PER_OVER:
        return innings
    spell_over = (balls // BALLS_PER_OVER) % OVERS_PER_SPELL == 0
    return replace(innings, paths_used=frozenset(), spell_started=not spell_over)


def _after_ball(match: Match, innings: Innings) -> tuple[Match, list[str]]:
    """Has the chase been won, the side all out or the last over bowled? Say so."""
    match = _with_current(match, innings)
    if len(match.innings) == match.total_innings and _chase_won(match):
        margin = ALL_OUT - innings.wickets
        match = _with_current(match, replace(innings, closed=True))
        won = replace(match, final=True, winner=innings.batting, margin=("wickets", margin))
        return won, [f"Target passed: won by {margin} wicket{'s' if margin != 1 else ''}."]
    if innings.all_out:
        after, ending = _close_innings(_with_current(match, replace(innings, closed=True)))
        return after, [f"All out for {innings.runs}.", *ending]
    if match.overs is not None and innings.completed_overs >= match.overs:
        after, ending = _close_innings(_with_current(match, replace(innings, closed=True)))
        return after, [f"End of the innings: {match.overs} overs bowled.", *ending]
    if (
        innings.balls % BALLS_PER_OVER == 0
        and innings.log[-1].counted
        and not innings.log[-1].no_ball
    ):
        return match, [_over_words(match, innings)]
    return match, []


def _over_words(match: Match, innings: Innings) -> str:
    words = f"End of over {innings.completed_overs}."
    if innings.completed_overs % OVERS_PER_SPELL == 0:
        words += f" End of the spell: {match.style()} from the next over."
    return words


def _chase_won(match: Match) -> bool:
    last = match.current.batting
    return match.aggregate(last) > match.aggregate(1 - last)


def _close_innings(match: Match) -> tuple[Match, list[str]]:
    """The current innings is closed: the match ends, or the next innings begins at once."""
    done = len(match.innings)
    first, second = match.aggregate(0), match.aggregate(1)
    if done == match.total_innings:
        if first == second:
            return replace(match, final=True, margin=("tie", None)), ["Match tied."]
        winner = 0 if first > second else 1
        margin = abs(first - second)
        return replace(match, final=True, winner=winner, margin=("runs", margin)), [
            f"Match over: won by {margin} run{'s' if margin != 1 else ''}."
        ]
    if match.innings_per_side == 2 and done == 3 and second > first:
        margin = second - first
        return replace(match, final=True, winner=1, margin=("innings", margin)), [
            f"Match over: won by an innings and {margin} run{'s' if margin != 1 else ''}."
        ]
    started = replace(match, innings=match.innings + (Innings(batting=done % 2),))
    target = started.target
    return started, [f"Target: {target}."] if target is not None else ["Next innings."]


def _call_words(call: Result | Appeal, decision: Decision | None, result: Result) -> str:
    if decision is None:
        assert isinstance(call, Result)
        return _result_words(call)
    assert isinstance(call, Appeal)
    words = f"{call.words}: {decision.first.upper()}"
    if decision.review:
        verdict = "overturned" if decision.overturned else "decision stands"
        words += f"; {decision.review} side reviews: {decision.final.upper()}, {verdict}"
    if result.wicket:
        return f"{words} — {WICKET_WORDS[result.wicket]}"
    return f"{words} — {_result_words(result)}"


def _result_words(result: Result) -> str:
    if result.wicket and result.words:
        return result.words
    return result.words or "dot ball"


def _tags(match: Match, d: Delivery, ball: Ball) -> tuple[str, ...]:
    tags = []
    if ball.wicket:
        tags += ["wicket", ball.wicket]
    elif ball.runs == 0:
        tags.append("dot")
    else:
        tags.append("runs")
    if ball.big_hit:
        tags.append("big-hit")
    if is_bouncer(match, d):
        tags.append("bouncer")
    if is_yorker(match, d):
        tags.append("yorker")
    if ball.appeal:
        tags.append("appeal")
    if ball.review:
        tags.append("review")
    if ball.appeal == NOT_OUT and not ball.overturned:
        tags.append("not-out")
    return tuple(tags)
