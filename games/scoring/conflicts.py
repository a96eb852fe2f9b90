"""What a scorer is told when a write is refused because another tablet wrote first, and
when the screen, following the game live, shows plays another tablet entered.

Built from the fresh board (the plays the other tablet entered, with their outcome text and
who entered them, are on its play-by-play) and from the refused tap itself, in plain words:
no positions, no log. Every message says ``NOT_RECORDED`` (tests and the offline queue check
for it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.scoring.board import PlayLine
from games.scoring.selectors import Scoreboard
from games.scoring.services import NOT_RECORDED, PositionConflict

UP_TO_DATE = "The board below is up to date; tap again if you still want it."
# The plays named one by one; beyond that only the last is told.
MOST_NAMED = 3


def refused(
    board: Scoreboard,
    conflict: PositionConflict,
    *,
    user: Any,
    tapped: Mapping[str, Any] | None = None,
    undo: bool = False,
) -> str:
    """The refusal of ``user``'s write (a play, ``tapped`` if it could be read, or an undo)
    that expected the game as ``conflict`` says; ``board`` is the game now."""
    if not hasattr(conflict, "replaced"):  # a conflict of another kind says it itself
        return str(conflict)
    mine = "Your undo" if undo else f"Your tap{_described(tapped)}"
    happened = _what_happened(board, conflict, user)
    return f"{happened} {mine} {NOT_RECORDED}. {UP_TO_DATE}"


def entered_elsewhere(lines: Sequence[PlayLine], *, user: Any) -> str:
    """What a screen following the game live says when ``lines`` came from another tablet."""
    if not lines:
        return ""
    said = _outcomes(lines)
    head = f"{_who(lines, user)} entered {_numbers(lines[0].seq, lines[-1].seq)}"
    return f"{head}: {said}." if said else f"{head}."


def _what_happened(board: Scoreboard, conflict: PositionConflict, user: Any) -> str:
    seen = conflict.expected - 1  # plays the refused screen showed
    now = board.log_length
    if now < seen or (now == seen and not conflict.replaced):
        gone = _numbers(now + 1, seen)
        return f"Another tablet undid {gone} first."
    first = seen if conflict.replaced and seen >= 1 else seen + 1
    lines = list(board.lines[first - 1 : now]) if first <= len(board.lines) else []
    who = _who(lines, user)
    if conflict.replaced and first == seen:
        head = f"{who} undid play {seen} and entered {_numbers(first, now, it=True)} first"
    else:
        head = f"{who} entered {_numbers(first, now)} first"
    said = _outcomes(lines)
    return f"{head}: {said}." if said else f"{head}."


def _numbers(first: int, last: int, *, it: bool = False) -> str:
    if first >= last:
        return "it again" if it else f"play {first}"
    prefix = "them again as " if it else ""
    return f"{prefix}plays {first} to {last}"


def _who(lines: Sequence[PlayLine], user: Any) -> str:
    names = list(dict.fromkeys(line.by for line in lines if line.by))
    if not names or len(names) < len({line.by for line in lines}):
        return "Another tablet"
    if names == [user.get_username()]:
        return "Your other screen"
    owners = " and ".join(f"{name}'s" for name in names)
    text = f"{owners} tablet{'s' if len(names) > 1 else ''}"
    return text[:1].upper() + text[1:]


def _outcomes(lines: Sequence[PlayLine]) -> str:
    texts = [str(line.outcome.text).strip().rstrip(".") for line in lines]
    texts = [text for text in texts if text]
    if len(texts) > MOST_NAMED:
        return f"the last, {texts[-1]}"
    return "; ".join(texts)


def _described(tapped: Mapping[str, Any] | None) -> str:
    """`` (pitch SO1, bat B4)``: the refused play's fields, or nothing if there are none."""
    if not tapped:
        return ""
    parts = [f"{key} {_value(value)}" for key, value in tapped.items() if key != "note"]
    parts = [part.strip() for part in parts if part.strip()]
    return f" ({', '.join(parts)})" if parts else ""


def _value(value: Any) -> str:
    if isinstance(value, Mapping):
        return " ".join(f"{key} {_value(inner)}" for key, inner in value.items())
    if isinstance(value, list | tuple):
        return "+".join(_value(inner) for inner in value)
    if value is True:
        return "yes"
    if value is None or value is False:
        return ""
    return str(value)
