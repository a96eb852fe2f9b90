"""Applying a Quick Tennis play: the serve, the rally, recovery and running out of cards.

Every card a player plays is used up for the rest of the point; both players pick up all
six cards again for the next point (see ``RULES.md``).
"""

from __future__ import annotations

from dataclasses import replace

from ..base import IllegalPlay, Outcome
from .scoring import win_point
from .state import HAND, Hit, Match, Play, Rally, Serve, diagonal
from .words import cards_text, role, score_call, shot_text


def apply_play(match: Match, play: Play) -> tuple[Match, Outcome]:
    if match.final:
        raise IllegalPlay("the match is over: no more plays")
    if isinstance(play, Serve):
        return _serve(match, play)
    if isinstance(play, Hit):
        return _hit(match, play)
    return _out_of_cards(match)


def _point(match: Match, side: int, text: str, tags: list[str]) -> tuple[Match, Outcome]:
    """``side`` wins the point: the score moves on and the call follows the shot's words."""
    after, won = win_point(match, side)
    tags.append("point")
    if won.game:
        tags.append("game")
    if won.broke_serve:
        tags.append("break")
    if won.tiebreak and won.game:
        tags.append("tiebreak")
    if won.set is not None:
        tags.append("set")
    if won.match:
        tags.append("final")
    return after, Outcome(f"{text} {score_call(after, won)}", tags=tuple(tags))


def _serve(match: Match, play: Serve) -> tuple[Match, Outcome]:
    if match.rally is not None:
        raise IllegalPlay(
            f"serve {play.serve}: a point is under way; the hitter plays a 'hit' "
            "(or 'out_of_cards')"
        )
    server = match.point_server
    receiver = 1 - server
    covered = cards_text(play.receive)
    if play.serve not in play.receive:
        text = f"Ace: the serve to {play.serve} beats the receiver's {covered}."
        return _point(match, server, text, ["serve", "ace"])
    cards = [HAND, HAND]
    cards[server] -= 1
    cards[receiver] -= len(play.receive)
    rally = Rally(hitter=receiver, cards=(cards[0], cards[1]), shots=1, ball=play.serve)
    text = f"Serve to {play.serve}, covered by the receiver ({covered}): the rally is on."
    return replace(match, rally=rally), Outcome(text, tags=("serve", "returned"))


def _hit(match: Match, play: Hit) -> tuple[Match, Outcome]:
    rally = match.rally
    if rally is None:
        raise IllegalPlay(f"hit {play.hit}: no point is under way; a point starts with a serve")
    hitter, receiver = rally.hitter, rally.receiver
    if rally.cards[hitter] == 0:
        raise IllegalPlay(
            f"hit {play.hit}: the hitter has no card left; record 'out_of_cards' (the hitter "
            "loses the point)"
        )
    if rally.cards[receiver] == 0:
        raise IllegalPlay(
            f"receive {play.receive}: the receiver has no card left; record 'out_of_cards' "
            "(the receiver loses the point)"
        )
    cards = [rally.cards[0] - 1, rally.cards[1] - 1]
    shot = shot_text(hitter, match.point_server, play.call, play.hit)
    other = role(receiver, match.point_server)
    tags = ["shot", play.call] if play.call else ["shot"]
    if play.hit == play.receive:
        if play.recover:
            raise IllegalPlay(
                f"recover: the receiver's {play.receive} reached the ball; there is nothing "
                "to recover"
            )
        text = f"{shot}; the {other} gets there: roles swap."
        return _swap(match, rally, cards, play.hit, text, tags + ["reached"])
    if diagonal(play.hit, play.receive):
        if play.recover:
            raise IllegalPlay(
                f"recover: the ball went to {play.hit} and the receiver to {play.receive}, a "
                "diagonal move; there is no recovery (the hitter wins the point)"
            )
        text = f"{shot}; the {other} went to {play.receive}: a diagonal, no recovery."
        return _point(match, hitter, text, tags + ["diagonal"])
    if not play.recover:
        text = f"{shot}; the {other} went to {play.receive} and does not recover."
        return _point(match, hitter, text, tags + ["missed"])
    if cards[receiver] == 0:
        raise IllegalPlay(
            f"recover: the receiver played their last card, {play.receive}, and has none "
            "left to recover with (the hitter wins the point)"
        )
    cards[receiver] -= 1
    text = f"{shot}; the {other} went to {play.receive} and recovers with another card: roles swap."
    return _swap(match, rally, cards, play.hit, text, tags + ["recovery"])


def _swap(
    match: Match, rally: Rally, cards: list[int], ball: str, text: str, tags: list[str]
) -> tuple[Match, Outcome]:
    """The receiver reached the ball and becomes the hitter."""
    swapped = Rally(
        hitter=rally.receiver, cards=(cards[0], cards[1]), shots=rally.shots + 1, ball=ball
    )
    return replace(match, rally=swapped), Outcome(text, tags=tuple(tags))


def _out_of_cards(match: Match) -> tuple[Match, Outcome]:
    rally = match.rally
    if rally is None:
        raise IllegalPlay(
            f"out_of_cards: no point is under way; both players hold {HAND} cards at the serve"
        )
    server = match.point_server
    if rally.cards[rally.hitter] == 0:
        text = f"The {role(rally.hitter, server)} has no card left to play the ball."
        return _point(match, rally.receiver, text, ["out-of-cards"])
    if rally.cards[rally.receiver] == 0:
        text = f"The {role(rally.receiver, server)} has no card left to answer the shot."
        return _point(match, rally.hitter, text, ["out-of-cards"])
    raise IllegalPlay(
        f"out_of_cards: the hitter holds {_cards(rally.cards[rally.hitter])} and the receiver "
        f"{_cards(rally.cards[rally.receiver])}"
    )


def _cards(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"
