"""What a game tells its win-probability tables (``Model``) and the situation model most games
use: counts of who won from each compact situation, smoothed from coarse to fine."""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Hashable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .. import catalogues, get, win_model

# Labels of a simulated game's end, from the first side's point of view: side 0 won, side 1
# won, or neither (a tie; in solitaire, the game lost).
LABELS = 3
TIE = 2
# How many games a situation's own count is worth against its coarser situation's estimate:
# a situation seen fewer times than this leans mostly on the coarser one.
SMOOTHING = 20.0


class NotCovered(ValueError):
    """The tables do not cover these options; the message is the reason, for a page."""


Probabilities = tuple[float, float, float]  # side 0 wins, side 1 wins, neither


def clip(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


def label_of(summary: Mapping[str, Any]) -> int:
    winner = summary.get("winner")
    return TIE if winner is None else int(winner)


def key_text(level: int, key: Sequence[Hashable]) -> str:
    return f"{level}:" + ",".join(str(part) for part in key)


class Model:
    """A game's win-probability model. Subclasses give ``levels``; most keep the rest."""

    game_id: str = ""
    # Games a table is built from by default, and the options the build uses beyond the
    # options that pick the table (e.g. the longest usual game, so every situation is seen).
    games: int = 20_000
    build_options: Mapping[str, Any] = {}
    smoothing: float = SMOOTHING
    # The largest value of each option a table is built for, with the words a page gives for
    # games past it. A build's cost grows with the game's length; these bounds keep every
    # table the site builds inside its budget (``games/engines/README.md``, "Win probability").
    bounds: tuple[tuple[str, int, str], ...] = ()

    def games_for(self, table_options: Mapping[str, Any]) -> int:
        """Games a table for ``table_options`` is built from by default."""
        return self.games

    def table_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options that pick a table: the game's validated options, less those the
        situations already describe. Raises ``NotCovered`` with the reason."""
        return self.within_bounds(self.validated(options))

    def validated(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The game's validated options, its cards named one way: a game with the default
        catalogue (absent, or a reference to it) has none, so both share the default's table;
        inline cards equal to a built-in catalogue are its reference."""
        validated = dict(get(self.game_id).options(dict(options)))
        if "catalogue" in validated and catalogues.has_catalogues(self.game_id):
            value = catalogues.pinned(self.game_id, validated["catalogue"])
            default = catalogues.reference(self.game_id, catalogues.default_name(self.game_id))
            if value == default:
                del validated["catalogue"]
            else:
                validated["catalogue"] = value
        return validated

    def within_bounds(self, options: dict[str, Any]) -> dict[str, Any]:
        """``options`` if a table for them is within ``bounds``, else ``NotCovered``."""
        for name, most, games in self.bounds:
            value = options.get(name)
            if isinstance(value, int) and value > most:
                raise NotCovered(
                    f"win probability not available for {games}: a table for {value} {name} would "
                    "take longer to build than the site allows"
                )
        return options

    def simulation_options(self, table_options: Mapping[str, Any]) -> dict[str, Any]:
        return {**table_options, **self.build_options}

    def levels(self, state: Any) -> tuple[tuple[Hashable, ...], ...]:
        """Compact descriptions of ``state``, finest first, coarsest last."""
        raise NotImplementedError

    def worked_out(
        self, counts: Mapping[str, tuple[int, ...]], options: Mapping[str, Any]
    ) -> dict[str, tuple[int, ...]]:
        """What the table keeps beyond its counts, worked out from them once when it is
        built (a model whose lookups would otherwise be slow); none by default."""
        return {}

    def samples(
        self, states: Sequence[Any], summary: Mapping[str, Any], seed: int = 0
    ) -> Iterable[tuple[str, int]]:
        """(situation key, label) for every situation one simulated game (played from
        ``seed``) passed through
        before its end, each once: a game that stays in one situation for several plays is
        still one game's evidence of where that situation leads."""
        label = label_of(summary)
        seen: set[str] = set()
        for state in states[:-1]:
            for level, key in enumerate(self.levels(state)):
                text = key_text(level, key)
                if text not in seen:
                    seen.add(text)
                    yield text, label

    def predict(self, state: Any, counts: Mapping[str, Sequence[int]]) -> Probabilities:
        """Each outcome's chance from ``state``: the finest situations lean on the coarser
        ones in proportion to how rarely they were seen (additive smoothing)."""
        engine = get(self.game_id)
        if engine.is_over(state):
            exact = [0.0, 0.0, 0.0]
            exact[label_of(engine.summary(state))] = 1.0
            return exact[0], exact[1], exact[2]
        estimate = _share(counts.get("*"), (1 / LABELS,) * LABELS, self.smoothing)
        for level, key in reversed(list(enumerate(self.levels(state)))):
            estimate = _share(counts.get(key_text(level, key)), estimate, self.smoothing)
        return estimate

    def version(self) -> str:
        """A digest of everything a table depends on: the engine's package (rules, player,
        this model), the shared baseball code, the catalogues and this package."""
        engine_package = Path(sys.modules[type(get(self.game_id)).__module__].__file__).parent
        here = Path(__file__).parent
        folders = [engine_package, here, here.parent / "baseball", here.parent / "catalogues"]
        digest = hashlib.sha256()
        for folder in folders:
            for path in sorted(folder.rglob("*")):
                if path.suffix in (".py", ".json"):
                    digest.update(path.relative_to(folder).as_posix().encode())
                    digest.update(path.read_bytes())
        digest.update((here.parent / "players.py").read_bytes())
        return digest.hexdigest()[:16]


def _share(count: Sequence[int] | None, prior: Sequence[float], weight: float) -> Probabilities:
    if not count:
        return prior[0], prior[1], prior[2]
    total = sum(count) + weight
    shares = [(count[i] + weight * prior[i]) / total for i in range(LABELS)]
    return shares[0], shares[1], shares[2]


def distribution(
    keys: Sequence[str], counts: Mapping[str, Sequence[int]], size: int, weight: float = SMOOTHING
) -> list[float]:
    """The shares of ``size`` values counted under ``keys`` (finest first), each key's count
    leaning on the coarser estimate in proportion to how rarely it was seen; all on the first
    value when nothing was counted."""
    estimate: list[float] | None = None
    for key in reversed(keys):
        count = counts.get(key)
        if not count:
            continue
        seen = sum(count)
        padded = list(count[:size]) + [0] * (size - min(size, len(count)))
        if estimate is None:
            estimate = [c / seen for c in padded]
        else:
            estimate = [
                (c + weight * e) / (seen + weight) for c, e in zip(padded, estimate, strict=True)
            ]
    return estimate if estimate is not None else [1.0] + [0.0] * (size - 1)


def options_key(options: Mapping[str, Any]) -> str:
    """A short stable name for a table's options."""
    text = json.dumps(options, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def model_for(game_id: str) -> Model:
    """The game's model. Raises ``NotCovered`` for a game without one."""
    engine = get(game_id)
    try:
        return win_model(game_id)
    except (KeyError, ModuleNotFoundError):
        raise NotCovered(f"win probability not available for {engine.name}") from None
