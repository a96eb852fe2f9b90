"""A knockout draw as arithmetic, with no database: bracket places, byes, the random draw,
group crossovers.

Choices made here:

- The bracket is the next power of two at or above the number of entrants. Seeds take the
  usual places (1 v 8, 4 v 5, 2 v 7, 3 v 6 for eight), so the two top seeds can meet only in
  the final; the places of the missing seeds are byes, which therefore go to the top seeds.
- A random draw shuffles the entrants with ``random.Random(seed)`` (the seed is kept and shown
  on the bracket page, so anyone can redo the draw) and then seats them as if the shuffled
  order were the seeding, byes included.
- Groups are filled by the snake (serpentine) order of seeds, the way seeded pots are dealt:
  with two groups 1 A, 2 B, 3 B, 4 A, 5 A, ... so the groups are as even as the seeds allow.
- From groups to the knockout, the usual crossover: winners meet runners-up of another group
  (A1 v B2, B1 v A2 with two groups; with more, group g's winner meets the runner-up of group
  g + 1, the last wrapping to the first). With K > 2 qualifiers a group, the places are
  seeded by finishing place first, then group letter, so group winners get the byes.
"""

from __future__ import annotations

import random
import string
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

MIN_ENTRANTS = 2
MAX_ENTRANTS = 64
GROUP_LETTERS = string.ascii_uppercase


def bracket_size(entrants: int) -> int:
    """The next power of two at or above ``entrants`` (at least 2)."""
    size = 2
    while size < entrants:
        size *= 2
    return size


def rounds_for(entrants: int) -> int:
    return bracket_size(entrants).bit_length() - 1


def seed_order(size: int) -> list[int]:
    """The seeds (1-based) down the bracket's lines, so consecutive pairs meet in round one:
    ``[1, 8, 4, 5, 2, 7, 3, 6]`` for eight."""
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for own in order for seed in (own, total - own)]
    return order


def first_round(entrants: int) -> list[tuple[int, int | None]]:
    """Round one as pairs of seeds; ``None`` is a bye (the seed with it goes through)."""
    order = seed_order(bracket_size(entrants))
    pairs = []
    for top, bottom in zip(order[::2], order[1::2], strict=True):
        pairs.append((top, bottom if bottom <= entrants else None))
    return pairs


def random_order(items: Sequence[T], seed: int) -> list[T]:
    """``items`` shuffled reproducibly: the same seed always gives the same draw."""
    shuffled = list(items)
    random.Random(seed).shuffle(shuffled)
    return shuffled


def snake_groups(count: int, groups: int) -> list[str]:
    """The group letter for each seed 1..count, dealt by the snake order."""
    letters = []
    for index in range(count):
        lap, place = divmod(index, groups)
        letters.append(GROUP_LETTERS[place if lap % 2 == 0 else groups - 1 - place])
    return letters


def crossover(groups: int, per_group: int) -> list[tuple[str, int]]:
    """The qualifiers as (group letter, finishing place) in knockout seed order.

    Every winner is seeded above every runner-up. With two places a group and a full bracket
    (2, 4, 8 ... groups) round one pairs winner g with the runner-up of group g + 1
    (A1 v B2, B1 v A2); otherwise the qualifiers are seeded by place, then group letter, and
    the winners take the byes.
    """
    letters = GROUP_LETTERS[:groups]
    if per_group == 2 and groups >= 2 and bracket_size(2 * groups) == 2 * groups:
        # Winners are seeds 1..g; each runner-up takes the seed that the winner of the
        # group before it meets in round one.
        size = 2 * groups
        order = seed_order(size)
        opponent = {}
        for top, bottom in zip(order[::2], order[1::2], strict=True):
            opponent[top] = bottom
        seeds: dict[int, tuple[str, int]] = {}
        for index, letter in enumerate(letters):
            seeds[index + 1] = (letter, 1)
        for index in range(groups):
            runner_up_of = letters[(index + 1) % groups]
            seeds[opponent[index + 1]] = (runner_up_of, 2)
        return [seeds[seed] for seed in sorted(seeds)]
    return [(letter, place) for place in range(1, per_group + 1) for letter in letters]
