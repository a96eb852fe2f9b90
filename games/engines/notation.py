"""Typed notation: a play written as one short line, the way the scorer says it.

Each game's ``notation.py`` describes its line with a ``Grammar`` and exposes
``parse_line(text, state)``, ``format_play(play)`` and ``completions(state, prefix)``
(``notation_for(game_id)`` finds them). A line is space-separated tokens in the order the table
plays them:

- *positional* tokens are the cards' own names as the record writes them (``SO1 B3``), filling
  the grammar's positions in order; ``-`` stands for a card position left empty before a later
  one; a position starting ``*`` takes every bare token left (a list);
- *words* are short keys for a non-card choice (``steal``, ``noball``): each stands for one
  ``key: value`` of the play object;
- ``key:value`` sets any other key (``refresh:batter,pitcher``, ``umpire:out,not_out``): a list
  is comma-separated, ``-`` is null, ``yes``/``no`` are true/false, and ``_`` is a space in the
  keys whose values have spaces.

``parse_line`` only reads the line into a play object (``InvalidPlay`` naming the token and why);
whether the play is legal now, and any question it needs answered, stay the engine's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .base import InvalidPlay

MAX_COMPLETIONS = 30
EMPTY = "-"


@dataclass(frozen=True)
class Grammar:
    positional: tuple[str, ...] = ()  # dotted paths; "*path" collects the rest as a list
    words: Mapping[str, tuple[str, Any]] = field(default_factory=dict)
    ints: frozenset[str] = frozenset()
    bools: frozenset[str] = frozenset()
    lists: frozenset[str] = frozenset()
    spaced: frozenset[str] = frozenset()  # "_" in the token is a space in the value
    upper: frozenset[str] = frozenset()  # typed in any case, written upper case
    lower: frozenset[str] = frozenset()

    def keys(self) -> list[str]:
        paths = {p.lstrip("*") for p in self.positional}
        paths |= {path for path, _ in self.words.values()}
        paths |= self.ints | self.bools | self.lists | self.spaced | self.upper | self.lower
        return sorted(paths)


class Notation:
    """A game's typed line. ``grammar_for(state_or_play)`` picks the grammar (most games have
    one; Quick Tennis has one for a serve and one for a rally hit)."""

    def __init__(
        self,
        grammar: Grammar,
        *,
        legal_plays: Callable[[Any], list[dict[str, Any]]],
        for_state: Callable[[Any], Grammar] | None = None,
        for_play: Callable[[Mapping[str, Any]], Grammar] | None = None,
    ) -> None:
        self.grammar = grammar
        self.legal_plays = legal_plays
        self._for_state = for_state
        self._for_play = for_play

    # -- formatting -------------------------------------------------------------------
    def format_play(self, play: Mapping[str, Any]) -> str:
        grammar = self._for_play(play) if self._for_play else self.grammar
        flat = _flatten(play)
        tokens: list[str] = []
        pending_empty = 0
        for position in grammar.positional:
            path = position.lstrip("*")
            if position.startswith("*"):
                values = flat.pop(path, None) or []
                tokens += [EMPTY] * pending_empty if values else []
                tokens += [_write(grammar, path, v) for v in values]
                pending_empty = 0
                continue
            value = flat.pop(path, None)
            if value is None:
                pending_empty += 1
                continue
            tokens += [EMPTY] * pending_empty + [_write(grammar, path, value)]
            pending_empty = 0
        for word, (path, value) in grammar.words.items():
            if path in flat and flat[path] == value and type(flat[path]) is type(value):
                tokens.append(word)
                del flat[path]
        for path, value in flat.items():
            if value is False and path in grammar.bools:
                continue  # false is what a missing flag means
            tokens.append(f"{path}:{_write_value(grammar, path, value)}")
        return " ".join(tokens)

    # -- parsing ----------------------------------------------------------------------
    def parse_line(self, text: str, state: Any) -> dict[str, Any]:
        grammar = self._for_state(state) if self._for_state else self.grammar
        tokens = str(text).split()
        if not tokens:
            raise InvalidPlay("type a play: the line is empty")
        flat: dict[str, Any] = {}
        positions = list(grammar.positional)
        for token in tokens:
            lowered = token.lower()
            if ":" in token:
                key, _, value = token.partition(":")
                path = key.lower()
                if path not in grammar.keys():
                    raise InvalidPlay(
                        f"{token!r}: {key!r} is not a key of this game's line "
                        f"(keys: {', '.join(grammar.keys())})"
                    )
                flat[path] = _read_value(grammar, path, value, token)
            elif lowered in grammar.words:
                path, value = grammar.words[lowered]
                flat[path] = value
            elif positions:
                position = positions[0]
                path = position.lstrip("*")
                if position.startswith("*"):
                    flat.setdefault(path, []).append(_read(grammar, path, token, token))
                    continue
                positions.pop(0)
                if token != EMPTY:
                    flat[path] = _read(grammar, path, token, token)
            else:
                words = ", ".join(grammar.words) or "none"
                raise InvalidPlay(
                    f"{token!r}: the line has no place for it (it is not one of the words "
                    f"{words}, and every card is already named)"
                )
        return _unflatten(flat)

    # -- completion -------------------------------------------------------------------
    def lines(self, state: Any) -> list[str]:
        """Every legal play now, written as a line (each once, in the engine's order)."""
        return list(dict.fromkeys(self.format_play(p) for p in self.legal_plays(state)))

    def completions(self, state: Any, prefix: str = "", limit: int = MAX_COMPLETIONS) -> list[str]:
        """The legal lines that start with ``prefix`` (any case); when there are more than
        ``limit``, the lines cut after their next token instead (so ``SO`` lists ``SO1``,
        ``SO2``… and ``SO1 `` the batting cards)."""
        typed = " ".join(prefix.split())
        keep_space = prefix.endswith(" ") and bool(typed)
        start = (typed + " ") if keep_space else typed
        matches = [line for line in self.lines(state) if line.lower().startswith(start.lower())]
        if len(matches) <= limit:
            return matches
        cut: dict[str, None] = {}
        for line in matches:
            rest = line[len(start) :]
            head, space, _ = rest.partition(" ")
            cut[start + head + space.rstrip()] = None
            if len(cut) >= limit:
                break
        return list(cut)


# -- helpers ---------------------------------------------------------------------------
def _flatten(play: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in play.items():
        if isinstance(value, Mapping):
            flat.update(_flatten(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


def _unflatten(flat: Mapping[str, Any]) -> dict[str, Any]:
    play: dict[str, Any] = {}
    for path, value in flat.items():
        *parents, last = path.split(".")
        node = play
        for parent in parents:
            node = node.setdefault(parent, {})
        node[last] = value
    return play


def _write(grammar: Grammar, path: str, value: Any) -> str:
    text = str(value)
    return text.replace(" ", "_") if path in grammar.spaced else text


def _write_value(grammar: Grammar, path: str, value: Any) -> str:
    if value is None:
        return EMPTY
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ",".join(_write(grammar, path, v) for v in value)
    return _write(grammar, path, value)


def _read_value(grammar: Grammar, path: str, text: str, token: str) -> Any:
    if text == EMPTY:
        return None
    if path in grammar.bools:
        if text.lower() not in ("yes", "no"):
            raise InvalidPlay(f"{token!r}: {path} is yes or no")
        return text.lower() == "yes"
    if path in grammar.lists:
        return [_read(grammar, path, part, token) for part in text.split(",") if part]
    return _read(grammar, path, text, token)


def _read(grammar: Grammar, path: str, text: str, token: str) -> Any:
    if path in grammar.ints:
        try:
            return int(text)
        except ValueError:
            raise InvalidPlay(f"{token!r}: {path} is a whole number") from None
    if path in grammar.spaced:
        text = text.replace("_", " ")
    if path in grammar.upper:
        return text.upper()
    if path in grammar.lower:
        return text.lower()
    return text


def notation_for(game_id: str) -> Notation:
    """The typed notation of a game (``InvalidOptions`` for an unknown game)."""
    from . import game_module

    return game_module(game_id, "notation").NOTATION
