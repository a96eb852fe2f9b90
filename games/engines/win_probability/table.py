"""A built win-probability table: for each situation, how many simulated games each side won
from it. Looked up, never simulated, when a page asks."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .model import Model, Probabilities, model_for

FORMAT = 1


class TableError(ValueError):
    """A stored table that cannot be read (wrong format, wrong shape)."""


@dataclass(frozen=True)
class Table:
    game_id: str
    options: Mapping[str, Any]  # the table's options (``Model.table_options``)
    version: str  # ``Model.version()`` when it was built
    games: int  # simulated games it was built from
    seed: int
    seconds: float  # build time
    # Per situation: games won by each label (side 0, side 1, neither), or for a model that
    # counts something else (a baseball half-inning's runs), how often each value was seen.
    counts: Mapping[str, tuple[int, ...]] = field(repr=False)

    @property
    def model(self) -> Model:
        return model_for(self.game_id)

    def predict(self, state: Any) -> Probabilities:
        """Each outcome's chance from ``state``: (side 0 wins, side 1 wins, neither)."""
        return self.model.predict(state, self.counts)

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": FORMAT,
                "game": self.game_id,
                "options": dict(self.options),
                "version": self.version,
                "games": self.games,
                "seed": self.seed,
                "seconds": round(self.seconds, 3),
                "counts": self.counts,
            },
            separators=(",", ":"),
            sort_keys=True,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Table:
        try:
            data = json.loads(text)
            if data["format"] != FORMAT:
                raise TableError(f"table format {data['format']!r}, expected {FORMAT}")
            counts = {
                str(key): tuple(int(number) for number in value)
                for key, value in data["counts"].items()
            }
            return cls(
                game_id=str(data["game"]),
                options=dict(data["options"]),
                version=str(data["version"]),
                games=int(data["games"]),
                seed=int(data["seed"]),
                seconds=float(data["seconds"]),
                counts=counts,
            )
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
            raise TableError(f"not a win-probability table: {exc}") from None
