"""Quick Baseball's win probability: the baseball model's run distributions, with what a
side carries from one half-inning to the next (``CARRY``).

- **Within a half-inning** hands are public and shrink, so beside outs, bases and the ball
  count a situation says which cards each player holds (as they will be once the refreshes
  called before the next pitch are made), the batter due up and whether the fielding side's
  relief pitcher is in; coarser levels keep how likely the pitch in hand is to be hit (the
  plausible players' own one-pitch game, ``player.mixes``), the pitcher's cards left and the
  batter (then the batter's group), then outs and bases alone. A half-inning goes the same
  in any inning, so the inning is not part of it.
- **From one half-inning to the next** a side carries who leads off and whether the relief
  pitcher is in against it: the relief pitcher comes in when the starter's hand runs out and
  stays for the rest of the game (a pitcher who can refresh keeps a full hand to guess from,
  and C2's red border becomes hittable), and a long half-inning turns the order over. Both
  change how many runs every later half-inning of that side scores, so the programme follows
  them (``StatefulInnings``) instead of taking later halves as the inning's average.
- **A situation the table has seen rarely** (every pair of hands is a situation of its own,
  and most are rare) is looked at one pitch ahead: the plausible players' chances of each
  play (``player.choice_chances``) are applied to the state, and the rest of the half-inning
  is what each play scores plus the table's runs from where it leads. The next states spread
  over many situations, so their counts' noise averages out, and the pitch in hand, the part
  of the rest a table pools worst, is worked out exactly. On 68 rarely seen states of
  3-inning games the largest gap to play-outs of the rest of the half fell from 0.104 to
  0.036 (docs/win-probability.md).
"""

from collections.abc import Mapping, Sequence
from dataclasses import replace

from .. import get
from ..win_probability.baseball import RUNS, BaseballModel, Carry
from ..win_probability.model import Probabilities, distribution, key_text
from .player import choice_chances, mixes, refresh_call, situation_of
from .state import BATTER, PITCHER, State


def _bits(bases: tuple[bool, bool, bool]) -> int:
    return bases[0] + 2 * bases[1] + 4 * bases[2]


def _hand(cards: frozenset[str], ids: tuple[str, ...]) -> int:
    return sum(1 << i for i, card in enumerate(ids) if card in cards)


def ready_hands(state: State) -> tuple[frozenset[str], frozenset[str]]:
    """The batter's and the pitcher's hands once the refreshes the players call before the
    next pitch are made: the same half-inning to come, so counted as one (a hand of one card
    plays as the full hand)."""
    who = refresh_call(state)
    batter = state.catalogue.bat_ids if BATTER in who else state.batter_hand
    pitcher = state.catalogue.pitch_ids if PITCHER in who else state.pitcher_hand
    return batter, pitcher - {state.catalogue.pitch_out.id}


def situation(state: State) -> tuple[tuple[int, ...], ...]:
    batter_hand, pitcher_cards = ready_hands(state)
    if batter_hand != state.batter_hand or pitcher_cards != state.pitcher_cards():
        pitch_out = state.catalogue.pitch_out.id
        state = replace(state, batter_hand=batter_hand, pitcher_hand=pitcher_cards | {pitch_out})
    outs, bases = state.innings.outs, _bits(state.bases)
    catalogue = state.catalogue
    group = (state.batter - 1) // 3
    relief = int(state.pitching_relief)
    hit = round(10 * mixes(situation_of(state))[4])
    hands = (
        _hand(batter_hand, tuple(sorted(catalogue.bat_ids))),
        _hand(pitcher_cards, tuple(sorted(catalogue.pitch_ids))),
    )
    cards = len(pitcher_cards)
    return (
        (outs, bases, state.balls, *hands, state.batter, relief),
        (outs, bases, *hands, state.batter, relief),
        (outs, bases, hit, relief, cards, state.batter),
        (outs, bases, hit, relief, cards, group),
        (outs, bases, hit, relief),
        (outs, bases),
    )


def start(state: State, side: int) -> int:
    """``side``'s start state for its next half-inning: who leads off, and whether the
    relief pitcher is in against it (neither changes until that half starts; hands are full
    at every start)."""
    return state.next_batter[side] * 2 + int(state.relief[1 - side])


def move(before: State, after: State, side: int) -> int:
    """How far the batting order turned from ``before`` to ``after``, and whether the relief
    pitcher came in against ``side`` meanwhile."""
    turned = (after.next_batter[side] - before.next_batter[side]) % 9
    came_in = after.relief[1 - side] and not before.relief[1 - side]
    return turned * 2 + int(came_in)


def moved(start: int, move: int) -> int:
    batter, relief = divmod(start, 2)
    turned, came_in = divmod(move, 2)
    return (batter + turned) % 9 * 2 + (relief | came_in)


def ending(state: State) -> tuple[tuple[int, ...], ...]:
    """What the order's turn and the relief pitcher's coming in over the rest of a
    half-inning depend on: outs and bases, whether relief is in, and the cards the pitcher
    has left (it comes in when they run out)."""
    outs, bases = state.innings.outs, _bits(state.bases)
    relief = int(state.pitching_relief)
    return ((outs, bases, relief, len(ready_hands(state)[1])), (outs, bases, relief))


class QuickBaseballModel(BaseballModel):
    """The baseball model, looking one pitch ahead from a rarely seen situation."""

    # A situation (without the ball count) seen fewer times than this is looked at one
    # pitch ahead: about a third of the states of a 3-inning game, far fewer of a 9-inning
    # one's.
    look_ahead_below = 200

    def predict(self, state: State, counts: Mapping[str, Sequence[int]]) -> Probabilities:
        if get(self.game_id).is_over(state):
            return super().predict(state, counts)
        rest, seen = self.table_rest(state, counts)
        if seen >= self.look_ahead_below:
            return self.chances_from(state, counts, rest)
        return self.chances_from(state, counts, self.rest_one_pitch_ahead(state, counts))

    def table_rest(
        self, state: State, counts: Mapping[str, Sequence[int]]
    ) -> tuple[list[float], int]:
        """The table's runs still to come in the half-inning from ``state``, and how often
        its situation (without the ball count) was seen."""
        keys = [key_text(level, key) for level, key in enumerate(self.levels(state))]
        seen = sum(counts.get(keys[1]) or ())
        return distribution(keys, counts, RUNS + 1, self.smoothing), seen

    def rest_one_pitch_ahead(
        self, state: State, counts: Mapping[str, Sequence[int]]
    ) -> list[float]:
        """The runs still to come in the half-inning: each play the players may make now,
        with its chance, then the table's runs from the state it leads to. A play that ends
        the half (or the game, on a walk-off) scores what it scored: past a walk-off only
        winning matters, and the runs that won it are counted."""
        engine = get(self.game_id)
        side = state.innings.half
        half = (state.innings.inning, side)
        before = state.innings.score[side]
        rest = [0.0] * (RUNS + 1)
        for play, chance in choice_chances(state):
            after, _ = engine.play(state, play)
            runs = after.innings.score[side] - before
            innings = after.innings
            if innings.final or (innings.inning, innings.half) != half:
                rest[min(runs, RUNS)] += chance
                continue
            later, _ = self.table_rest(after, counts)
            for more, share in enumerate(later):
                if share:
                    rest[min(runs + more, RUNS)] += chance * share
        return rest


CARRY = Carry(states=18, moves=18, start=start, move=move, moved=moved, ending=ending)
# A situation seen fewer than 50 times leans mostly on the coarser one: the finest ones are
# many (every pair of hands) and each sees few half-innings.
# 90,000 half-innings a side: 10,000 nine-inning games, 30,000 three-inning ones (with 10,000
# three-inning games 91% of sampled states came within 0.03 of their play-outs, with 30,000
# 93%, and the largest gap fell from 0.183 to 0.104).
MODEL = QuickBaseballModel(
    "quick-baseball",
    situation,
    carry=CARRY,
    games=10_000,
    half_innings=90_000,
    smoothing=50.0,
)
