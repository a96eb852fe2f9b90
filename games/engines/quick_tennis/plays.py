"""Every play worth trying in a position, and the legal ones built legal by construction (for
random matches, demos and the tests that compare the two)."""

from __future__ import annotations

from itertools import combinations, product
from typing import Any

from .state import CALLS, MAX_RECEIVE, QUADRANTS, Match, diagonal


def _serves() -> list[dict[str, Any]]:
    return [
        {"serve": serve, "receive": list(cards)}
        for serve in QUADRANTS
        for count in range(1, MAX_RECEIVE + 1)
        for cards in combinations(QUADRANTS, count)
    ]


def _hits(recoveries: bool) -> list[dict[str, Any]]:
    plays = []
    for hit, receive, call in product(QUADRANTS, QUADRANTS, (None, *CALLS)):
        base: dict[str, Any] = {"hit": hit, "receive": receive}
        if call:
            base["call"] = call
        plays.append(base)
        if recoveries and hit != receive and not diagonal(hit, receive):
            plays.append({**base, "recover": True})
    return plays


def candidate_plays(match: Match) -> list[dict[str, Any]]:
    """Serves, hits (with and without recovery and calls) and out_of_cards: a superset of the
    legal plays."""
    if match.final:
        return []
    hits = _hits(recoveries=False)
    return _serves() + [{"out_of_cards": True}] + hits + [{**p, "recover": True} for p in hits]


def legal_plays(match: Match) -> list[dict[str, Any]]:
    """Between points every serve; in a rally every hit the cards allow, or out_of_cards when
    a player who must play has no card left."""
    if match.final:
        return []
    rally = match.rally
    if rally is None:
        return _serves()
    if 0 in rally.cards:
        return [{"out_of_cards": True}]
    return _hits(recoveries=rally.cards[rally.receiver] >= 2)
