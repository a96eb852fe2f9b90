"""The umpire pile (three cards, one OUT) and reviews."""

from __future__ import annotations

from dataclasses import dataclass

from ..base import IllegalPlay
from .state import BATTING, BOWLING, NOT_OUT, OUT, UMPIRE_CARDS, Delivery, Innings


@dataclass(frozen=True)
class Decision:
    first: str  # the umpire's decision
    final: str  # after any review
    down_after: int  # face-down cards afterwards
    reviews_left: tuple[int, int]
    review: str | None = None  # who reviewed: "batting" or "bowling"

    @property
    def overturned(self) -> bool:
        return self.first != self.final


def possible_turns(turned: int, down: int) -> list[tuple[str, ...]]:
    """Every way ``turned`` of the ``down`` face-down cards can come up, in the order they
    are turned: at most one OUT, and exactly one when every card left is turned."""
    ways = [(NOT_OUT,) * turned] if turned < down else []
    ways += [tuple(OUT if n == at else NOT_OUT for n in range(turned)) for at in range(turned)]
    return ways


def check_no_umpire(d: Delivery) -> None:
    """A delivery the umpire has no say in carries no turned cards and no review."""
    if d.umpire is not None:
        raise IllegalPlay(f"umpire {list(d.umpire)}: this delivery needs no umpire decision")
    if d.review is not None:
        raise IllegalPlay(f"review {d.review!r}: there is no umpire decision to review")


def decide(innings: Innings, cards_asked: int, d: Delivery) -> Decision:
    """Turn the cards listed in ``d.umpire`` and apply any review. Raises ``IllegalPlay``."""
    down = innings.umpire_down
    turned = min(cards_asked, down)
    cards = d.umpire
    plural = "s" if turned > 1 else ""
    if cards is None:
        raise IllegalPlay(
            f"umpire: this delivery goes to the umpire: list the {turned} card{plural} turned "
            f"({down} face down)"
        )
    if len(cards) != turned:
        raise IllegalPlay(
            f"umpire {list(cards)}: {turned} card{plural} must be turned ({down} face down)"
        )
    outs = cards.count(OUT)
    if outs > 1:
        raise IllegalPlay(f"umpire {list(cards)}: there is only one OUT card")
    if turned == down and outs == 0:
        raise IllegalPlay(
            f"umpire {list(cards)}: the OUT card is among the last {down} face down, "
            "so turning them all must find it"
        )
    first = OUT if outs else NOT_OUT
    if d.review is None:
        down_after = UMPIRE_CARDS if first == OUT else down - turned
        return Decision(first, first, down_after, innings.reviews_left)
    return _review(innings, first, d.review)


def _review(innings: Innings, first: str, card: str) -> Decision:
    side_name = BATTING if first == OUT else BOWLING
    side = innings.batting if side_name == BATTING else innings.bowling
    if innings.reviews_left[side] == 0:
        raise IllegalPlay(f"review: the {side_name} side has no reviews left this innings")
    if innings.umpire_down < 2:
        raise IllegalPlay(
            "review: only one umpire card was available, so there is nothing to review"
        )
    reviews = list(innings.reviews_left)
    if card == first:
        reviews[side] -= 1
    return Decision(first, card, UMPIRE_CARDS, (reviews[0], reviews[1]), side_name)
