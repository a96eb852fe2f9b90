"""A plausible Backyard Baseball table: both players choose as people at the table
would, with what each can know, and the table rolls the die (uniformly, from ``rng``).

The sheet's card lists are missing from the scan, so the two decks are reconstructed from the
sheet's words (``PITCHER_DECK``, ``BATTER_DECK``, 24 cards each: heaters to the right side,
curves to the left, pitcher numbers 2-6, two home runs and three bunts, 1-3 runner icons).
Each half-inning both decks are shuffled and three cards dealt to each player; hands are
refilled to three after each play and, when both draw piles are out, the discards are
reshuffled (the sheet's rule). Over 500 three-inning games: about 1.1 runs per team per
inning and 35 plays a game, a few ms a game (``tests/engines/test_backyard_baseball_player.py``).

- Pitcher: the highest number in hand (the likeliest to beat the die; a strikeout, then a
  grounder, then a fly on a tie), but with a pawn on base the second best when it is still a
  4 or more, keeping the best to throw. The fielder goes where that card sends the ball (on a
  grounder's space; on a fly its space or, half the time, one space over on a side that
  suggests another pitch: the seed's bluff); on a strikeout, on a side suggesting another
  pitch.
- Batter: reads the fielder as the seed advises (right side: heater, left: curve, centre:
  knuckler or slow ball, a guess) and plays a home run if held, else a grounder or line drive
  away from the fielder, preferring the guessed pitch and keeping cards with more runner
  icons; a bunt to score a runner from third with fewer than two outs, or to move runners up
  when every other card goes straight to the fielder; never with the bases empty while
  holding another card.
- Extension: the batter sends the lead pawn when the chance that the pitcher's two cards hold
  a number big enough to throw it out is under 70% (home), 50% (third) or 45% (second),
  playing the card with most runner icons; the pitcher throws with the lowest card that
  beats any card, else the highest if it beats a 1-icon card, else plays none.
- Swap: only when the new ghost would lead a pawn that is on base (a ghost lead runner
  forbids extensions); the batter discards a bunt or the card with fewest icons.
- Bobble (asked only when an event is noted for the inning): the table rolls the die.
- Events are never drawn: the Events variation is optional.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from ..base import IllegalPlay
from ..baseball.pawn_runners import base_of, lead
from .catalogue import FIELD_SPACES, Field
from .parse import parse_play
from .rules import extension_throw, play_result, swap_allowed
from .state import BUNT, FLY, GHOST, GROUNDER, HOME_RUN, LINE_DRIVE, STRIKEOUT, AtBat, State

# (number, pitch, result, space): heaters go right (IR, RF), curves left (IL, LF), knucklers
# anywhere in the outfield, slow balls stay in the infield or centre.
PITCHER_DECK: tuple[tuple[int, str, str, str | None], ...] = (
    (2, "heater", GROUNDER, "IR"),
    (3, "heater", FLY, "RF"),
    (4, "heater", STRIKEOUT, None),
    (4, "heater", GROUNDER, "RF"),
    (5, "heater", FLY, "IR"),
    (6, "heater", STRIKEOUT, None),
    (2, "curve", GROUNDER, "IL"),
    (3, "curve", FLY, "LF"),
    (4, "curve", STRIKEOUT, None),
    (4, "curve", GROUNDER, "LF"),
    (5, "curve", FLY, "IL"),
    (6, "curve", STRIKEOUT, None),
    (2, "knuckler", FLY, "CF"),
    (3, "knuckler", GROUNDER, "CF"),
    (4, "knuckler", FLY, "LF"),
    (4, "knuckler", STRIKEOUT, None),
    (5, "knuckler", GROUNDER, "RF"),
    (6, "knuckler", FLY, "CF"),
    (2, "slow", GROUNDER, "CF"),
    (3, "slow", FLY, "IL"),
    (4, "slow", GROUNDER, "IR"),
    (4, "slow", FLY, "CF"),
    (5, "slow", STRIKEOUT, None),
    (6, "slow", GROUNDER, "IL"),
)

# (pitch, result, space, runner icons)
BATTER_DECK: tuple[tuple[str, str, str | None, int], ...] = (
    ("heater", GROUNDER, "IR", 1),
    ("heater", GROUNDER, "RF", 2),
    ("heater", LINE_DRIVE, "RF", 1),
    ("heater", LINE_DRIVE, "CF", 3),
    ("heater", LINE_DRIVE, "RF", 2),
    ("heater", HOME_RUN, None, 1),
    ("curve", GROUNDER, "IL", 1),
    ("curve", GROUNDER, "LF", 2),
    ("curve", LINE_DRIVE, "LF", 1),
    ("curve", LINE_DRIVE, "CF", 3),
    ("curve", LINE_DRIVE, "LF", 2),
    ("curve", HOME_RUN, None, 1),
    ("knuckler", GROUNDER, "CF", 1),
    ("knuckler", GROUNDER, "IR", 2),
    ("knuckler", LINE_DRIVE, "CF", 1),
    ("knuckler", LINE_DRIVE, "RF", 3),
    ("knuckler", BUNT, None, 2),
    ("knuckler", LINE_DRIVE, "LF", 2),
    ("slow", GROUNDER, "IL", 1),
    ("slow", GROUNDER, "CF", 2),
    ("slow", GROUNDER, "IR", 3),
    ("slow", LINE_DRIVE, "LF", 1),
    ("slow", BUNT, None, 2),
    ("slow", BUNT, None, 1),
)

PitcherCard = tuple[int, str, str, str | None]
BatterCard = tuple[str, str, str | None, int]
HAND = 3
MAX_ICONS = max(card[3] for card in BATTER_DECK)
# The batter's guess from where the fielder stands (the seed's strategy hint).
SIDE = {"IR": ("heater",), "RF": ("heater",), "IL": ("curve",), "LF": ("curve",)}
CENTRE = ("knuckler", "slow")
# The most the batter accepts as the chance the pitcher throws the runner out.
RISK = {"home": 0.7, "third": 0.5, "second": 0.45}
KEEP_FOR_THROW = 4  # the least the pitcher pitches with while keeping a better card to throw
RESULT_ORDER = {STRIKEOUT: 0, GROUNDER: 1, FLY: 2}


class Table:
    """The two decks and hands of the current half-inning, and the die."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.key: tuple[int, str] | None = None
        self.pitcher: list[PitcherCard] = []
        self.batter: list[BatterCard] = []
        self.piles: tuple[list[Any], list[Any]] = ([], [])
        self.discards: tuple[list[Any], list[Any]] = ([], [])

    # --- the cards ---------------------------------------------------------------------------

    def deal(self) -> None:
        """Start of a half-inning: each player shuffles a deck and draws three."""
        pitcher, batter = list(PITCHER_DECK), list(BATTER_DECK)
        self.rng.shuffle(pitcher)
        self.rng.shuffle(batter)
        self.piles = (pitcher, batter)
        self.discards = ([], [])
        self.pitcher, self.batter = [], []
        self.refill()

    def refill(self) -> None:
        """Each player fills the hand to three; when both draw piles are out, each shuffles
        the discards (a hand left empty before that forces the reshuffle: a table would not
        stall)."""
        hands = (self.pitcher, self.batter)
        both_out = not self.piles[0] and not self.piles[1]
        empty_hand = any(
            not hand and not pile for hand, pile in zip(hands, self.piles, strict=True)
        )
        if both_out or empty_hand:
            for pile, discard in zip(self.piles, self.discards, strict=True):
                pile.extend(discard)
                discard.clear()
                self.rng.shuffle(pile)
        for hand, pile in zip(hands, self.piles, strict=True):
            while len(hand) < HAND and pile:
                hand.append(pile.pop())

    def hands(self, state: State) -> None:
        key = (state.innings.inning, state.innings.half)
        if key != self.key:
            self.key = key
            self.deal()
        if not self.pitcher or not self.batter:
            self.refill()

    # --- a play ------------------------------------------------------------------------------

    def choose(self, state: State) -> dict[str, Any]:
        """The next play object (answers to the table's questions included), chosen by
        plausible players on both sides."""
        self.hands(state)
        if swap_allowed(state) and wants_swap(state) and len(self.batter) > 1:
            card = worst_batter_card(self.batter)
            self.batter.remove(card)
            self.discards[1].append(card)
            return {"swap": True}
        pawns_on = any(runner not in (None, GHOST) for runner in state.runners)
        pitch = choose_pitch(self.pitcher, pawns_on)
        fielder = place_fielder(pitch, state.field, self.rng)
        swing = choose_swing(self.batter, fielder, state, self.rng)
        self.pitcher.remove(pitch)
        self.batter.remove(swing)
        self.discards[0].append(pitch)
        self.discards[1].append(swing)
        raw: dict[str, Any] = {
            "fielder": fielder,
            "pitcher": pitcher_face(pitch),
            "batter": batter_face(swing),
            "die": self.rng.randint(1, 6),
        }
        play = parse_play(raw)
        assert isinstance(play, AtBat)
        result, step = play_result(state, play)
        if state.event and result.fielded_out:  # the event says: roll to bobble
            raw["bobble"] = self.rng.randint(1, 6)
            play = parse_play(raw)
            assert isinstance(play, AtBat)
            result, step = play_result(state, play)
        try:
            throw = extension_throw(state, result, step)
        except IllegalPlay:
            throw = None
        if throw is not None and self.batter:
            card = max(self.batter, key=lambda c: c[3])
            if wants_extension(card[3], throw.subtract, throw.target, step.innings.outs):
                self.batter.remove(card)
                self.discards[1].append(card)
                answer = throw_card(self.pitcher, throw.subtract)
                if answer is not None:
                    self.pitcher.remove(answer)
                    self.discards[0].append(answer)
                raw["extend"] = {
                    "runners": card[3],
                    "pitcher_number": None if answer is None else answer[0],
                }
        self.refill()
        return raw


def pitcher_face(card: PitcherCard) -> dict[str, Any]:
    number, pitch, result, space = card
    face: dict[str, Any] = {"number": number, "pitch": pitch, "result": result}
    if space is not None:
        face["space"] = space
    return face


def batter_face(card: BatterCard) -> dict[str, Any]:
    pitch, result, space, _ = card
    face: dict[str, Any] = {"pitch": pitch, "result": result}
    if space is not None:
        face["space"] = space
    return face


# --- the pitcher ---------------------------------------------------------------------------


def choose_pitch(hand: list[PitcherCard], pawn_on_base: bool = False) -> PitcherCard:
    """The highest number (the likeliest to beat the die); a strikeout, then a grounder, then
    a fly on a tie. With a pawn on base (who may try to extend), the second best when it is
    still a 4 or more, keeping the best card to throw with."""
    ranked = sorted(hand, key=lambda card: (card[0], -RESULT_ORDER[card[2]]), reverse=True)
    if pawn_on_base and len(ranked) > 1 and ranked[1][0] >= KEEP_FOR_THROW:
        return ranked[1]
    return ranked[0]


def suggests(space: str) -> tuple[str, ...]:
    """The pitches a batter reads from the fielder standing on ``space``."""
    return SIDE.get(space, CENTRE)


def place_fielder(card: PitcherCard, field: Field, rng: random.Random) -> str:
    """Where the fielder pawn goes for ``card``: on a grounder's space; on a fly its space or,
    half the time, one space over on a side suggesting another pitch (the seed's bluff); on a
    strikeout anywhere that suggests another pitch."""
    _, pitch, result, space = card
    if result == GROUNDER:
        assert space is not None
        return space
    if result == FLY:
        assert space is not None
        bluffs = [s for s in neighbours(field)[space] if pitch not in suggests(s)]
        if bluffs and rng.random() < 0.5:
            return rng.choice(bluffs)
        return space
    return rng.choice([s for s in FIELD_SPACES if pitch not in suggests(s)])


def throw_card(hand: list[PitcherCard], subtract: int) -> PitcherCard | None:
    """The card the pitcher throws with: the lowest that beats any runner-icon count, else the
    highest if it beats one icon, else none (a hopeless throw wastes a card)."""
    sure = sorted(card for card in hand if card[0] - subtract >= MAX_ICONS)
    if sure:
        return sure[0]
    best = max(hand, default=None)
    if best is not None and best[0] - subtract >= 1:
        return best
    return None


# --- the batter ----------------------------------------------------------------------------


def swing_value(card: BatterCard, fielder: str, guess: tuple[str, ...], state: State) -> float:
    pitch, result, space, icons = card
    match = 1.5 if pitch in guess else 0.0
    if result == HOME_RUN:
        return 10 + match
    if result == BUNT:
        runners, outs = state.runners, state.innings.outs
        if runners[2] is not None and outs < 2:
            return 8.0  # squeeze the runner home from third
        return 2.5 if any(runners) and outs < 2 else 0.0
    if space == fielder:
        return 0.5 + match - icons / 10
    return 5 + match - icons / 10  # keep the cards with more runner icons for extending


def choose_swing(
    hand: list[BatterCard], fielder: str, state: State, rng: random.Random
) -> BatterCard:
    """A home run if held; else a hit away from the fielder, the pitch read from the fielder
    (a centre fielder leaves a guess between knuckler and slow ball); a bunt to score a runner
    from third."""
    guess = suggests(fielder)
    if len(guess) > 1:
        guess = (rng.choice(guess),)
    return max(hand, key=lambda card: swing_value(card, fielder, guess, state))


def worst_batter_card(hand: list[BatterCard]) -> BatterCard:
    """The card discarded for a swap: a bunt first, then the fewest runner icons."""
    order = {BUNT: 0, GROUNDER: 1, LINE_DRIVE: 2, HOME_RUN: 3}
    return min(hand, key=lambda card: (order[card[1]], card[3]))


def wants_swap(state: State) -> bool:
    """Swap when the new ghost would lead a pawn that is on base: with a pawn in the lead the
    batter may extend plays."""
    pawn = base_of(state.runners, state.swap_pawn)
    ahead = lead(state.runners)
    return (
        pawn is not None
        and ahead is not None
        and state.runners[ahead] == GHOST
        and state.new_ghost == ahead
    )


def chance_out(needed: int, cards: int = 2) -> float:
    """The chance that ``cards`` pitcher cards hold a number of at least ``needed``."""
    share = sum(card[0] >= needed for card in PITCHER_DECK) / len(PITCHER_DECK)
    return 1 - (1 - share) ** cards


def wants_extension(icons: int, subtract: int, target: str, outs: int) -> bool:
    """Send the lead pawn when the pitcher probably holds nothing to throw it out with."""
    return chance_out(icons + subtract) < RISK[target]


@lru_cache(maxsize=8)
def neighbours(field: Field) -> dict[str, tuple[str, ...]]:
    """The field spaces one connection from each field space (a fly there is caught)."""
    return {
        space: tuple(s for s in FIELD_SPACES if s != space and field.next_to(space, s))
        for space in FIELD_SPACES
    }
