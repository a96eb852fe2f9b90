"""Every legal play in a position, built legal by construction (for random games and demos)."""

from __future__ import annotations

from itertools import product
from typing import Any

from .calls import BOUNCER_QUADRANTS, Appeal, call_for, is_bouncer
from .catalogue import QUADRANTS
from .state import BATTING, BOWLING, NOT_OUT, OUT, Delivery, Match


def candidate_plays(match: Match) -> list[dict[str, Any]]:
    if match.final:
        return []
    innings = match.current
    plays: list[dict[str, Any]] = [{"declare": True}]
    if not innings.spell_started:
        plays += [{"fielder": q} for q in (*QUADRANTS, None)]
    cards = [c for c in match.catalogue.path_ids if c not in innings.paths_used]
    for card, pitch in product(cards, QUADRANTS):
        plays.append({"pitch": pitch, "path_card": card, "no_ball": True})
        for path in QUADRANTS:
            base = {"pitch": pitch, "path_card": card, "path": path}
            for batter in _batter_choices():
                plays += _completions(match, {**base, **batter})
    return plays


def _batter_choices() -> list[dict[str, Any]]:
    return [{"big_hit": True}] + [
        {"move": m, "stroke": s} for m, s in product(QUADRANTS, QUADRANTS)
    ]


def _completions(match: Match, raw: dict[str, Any]) -> list[dict[str, Any]]:
    """The raw play with whatever it still needs: a bouncer choice, umpire cards, a review."""
    delivery = Delivery(**raw)
    if (
        is_bouncer(match, delivery)
        and not delivery.big_hit
        and delivery.move not in BOUNCER_QUADRANTS
    ):
        return [
            p
            for choice in ("duck", "big_hit")
            for p in _completions_of(match, {**raw, "bouncer": choice})
        ]
    return _completions_of(match, raw)


def _completions_of(match: Match, raw: dict[str, Any]) -> list[dict[str, Any]]:
    call = call_for(match, Delivery(**raw))
    if not isinstance(call, Appeal):
        return [raw]
    innings = match.current
    down = innings.umpire_down
    turned = min(call.cards, down)
    plays = []
    for cards in product((OUT, NOT_OUT), repeat=turned):
        if cards.count(OUT) > 1 or (turned == down and OUT not in cards):
            continue
        decided = {**raw, "umpire": list(cards)}
        plays.append(decided)
        side = BATTING if OUT in cards else BOWLING
        index = innings.batting if side == BATTING else innings.bowling
        if down >= 2 and innings.reviews_left[index] > 0:
            plays += [{**decided, "review": card} for card in (OUT, NOT_OUT)]
    return plays
