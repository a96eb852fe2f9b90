"""Words for outcomes: numbers, runs, pawns and bases."""

from __future__ import annotations

from ..baseball import base_name

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five")


def number(n: int) -> str:
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def runs_text(runs: int) -> str:
    """``": two runs score"``, or ``""`` for none."""
    if runs == 0:
        return ""
    return f": {number(runs)} run{'s' if runs > 1 else ''} score{'' if runs > 1 else 's'}"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def runner_name(runner: str) -> str:
    """``"dot"``, ``"plain"``, or ``"the ghost runner"``."""
    return "the ghost runner" if runner == "ghost" else runner


def base(index: int) -> str:
    """Base ``index`` 0-2 → ``"first"`` … ``"third"``; 3 → ``"home"``."""
    return base_name(index + 1)


def sentence(text: str) -> str:
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!")) else text + "."
