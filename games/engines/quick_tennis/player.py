"""A plausible Quick Tennis player for both sides: it chooses the next play as two
people at the table would, with what each can know.

The hands follow the rulings: both players pick up all six cards at the start of every point
and every card played is used up for the rest of the point. The card faces are lost, so any
card may name any quadrant (``RULES.md``): a hand is six cards, and the engine's state already
counts what is left of it (``Rally.cards``). Nothing is hidden that the state does not hold,
so the table deals nothing more; all randomness comes from the table's ``rng``.

- **Quadrants** (serve, shot, receiving card): uniformly at random. Cards go down face down
  and are revealed together, so choosing a quadrant is a guessing game (the seed's advice:
  the hitter aims where the receiver cannot get, the receiver moves to where the ball goes);
  its only equilibrium is to be unpredictable, and any favourite would be read at once.
- **Covering the serve** (the one real decision): two cards (the receiver then wins about
  29% of points against 27% with three and 15% with one, see ``point_chances``); one time in
  five three cards (the tempting cover that leaves too few cards for the rally); never one.
- **Recovery**: always when it leaves a card to hit with (the receiver held three or more
  before the shot); never when it would use the last card (the point is lost either way).
- **Out of cards**: only when a player who must play has none (the only legal play then).
- **Calls**: rarely (one shot in 25 where it fits): a lob over a receiver standing at the
  net (Q1/Q2) into the back court, a drop shot short (Q1/Q2) to a receiver standing at the
  back. Calls are recorded only and change nothing.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from .state import DROP, HAND, LOB, QUADRANTS, Match, diagonal

NET = ("Q1", "Q2")  # the front court; Q3 and Q4 are behind
COVER = 2  # the receiver's usual cover against a serve (the best, see point_chances)
COVER_WIDE = 3  # the occasional wider cover
WIDE_SHARE = 0.2  # how often the receiver covers three quadrants
CALL_SHARE = 0.04  # how often a shot that fits a lob or a drop shot is called one


@cache
def hitter_wins(hitter: int, receiver: int) -> float:
    """The chance that the hitter wins the point, holding ``hitter`` cards against the
    receiver's ``receiver``, when both choose quadrants uniformly and the receiver recovers
    whenever that leaves a card (one shot in four is reached, one in four is diagonal, two in
    four can be recovered)."""
    if hitter == 0:
        return 0.0
    if receiver == 0:
        return 1.0
    reached = 1.0 - hitter_wins(receiver - 1, hitter - 1)
    recovered = 1.0 - hitter_wins(receiver - 2, hitter - 1) if receiver >= 3 else 1.0
    return 0.25 * reached + 0.25 * 1.0 + 0.5 * recovered


def point_chances() -> dict[int, float]:
    """The receiver's chance of winning the point for each cover (one to three cards): the
    serve is covered ``cover`` times in four, then the receiver hits first holding
    ``HAND - cover`` cards against the server's ``HAND - 1``."""
    return {cover: cover / 4 * hitter_wins(HAND - cover, HAND - 1) for cover in (1, 2, 3)}


def should_recover(receiver_cards: int) -> bool:
    """Recover from a missed (non-diagonal) shot when the receiver, holding
    ``receiver_cards`` before the shot, keeps a card to hit with after the receiving card and
    the recovery card."""
    return receiver_cards >= 3


def call_for(hit: str, receiver_at: str | None) -> str | None:
    """The call that fits a shot, or ``None``: a lob over a receiver at the net into the back
    court, a drop shot into the front court to a receiver at the back."""
    if receiver_at is None:
        return None
    if receiver_at in NET and hit not in NET:
        return LOB
    if receiver_at not in NET and hit in NET:
        return DROP
    return None


class Table:
    """Both players of one match. The table remembers the last shot of the point under way, so
    that a hitter knows where the receiver stands (the quadrant they hit from)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.last: tuple[Any, str] | None = None  # (the point's place and shot count, ball)

    def choose(self, state: Match) -> dict[str, Any]:
        """The next play object, chosen by the two plausible players."""
        rally = state.rally
        if rally is None:
            self.last = None
            return self.serve()
        if 0 in rally.cards:
            return {"out_of_cards": True}
        key = (len(state.sets), state.games, state.points, rally.shots)
        receiver_at = None
        if self.last is not None and self.last[0] == (*key[:3], rally.shots - 1):
            receiver_at = self.last[1]
        if rally.shots == 1:
            receiver_at = None  # where the server stands after serving is not known
        self.last = (key, rally.ball)
        return self.shot(rally.cards[rally.receiver], receiver_at)

    def serve(self) -> dict[str, Any]:
        cover = COVER_WIDE if self.rng.random() < WIDE_SHARE else COVER
        receive = sorted(self.rng.sample(QUADRANTS, cover))
        return {"serve": self.rng.choice(QUADRANTS), "receive": receive}

    def shot(self, receiver_cards: int, receiver_at: str | None) -> dict[str, Any]:
        rng = self.rng
        hit = rng.choice(QUADRANTS)
        receive = rng.choice(QUADRANTS)
        play: dict[str, Any] = {"hit": hit, "receive": receive}
        call = call_for(hit, receiver_at)
        if call and rng.random() < CALL_SHARE:
            play["call"] = call
        if hit != receive and not diagonal(hit, receive) and should_recover(receiver_cards):
            play["recover"] = True
        return play
