"""The Quick Cricket catalogue: runs charts by wickets down and the Path cards, from data.

The default lives in ``catalogues/quick-cricket.json``; a group whose printed cards differ
passes its own (same shape) as the ``catalogue`` option.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..catalogues import default_catalogue

QUADRANTS = ("A", "B", "C", "D")


@dataclass(frozen=True)
class Catalogue:
    charts: tuple[tuple[int, int, tuple[tuple[str, int], ...]], ...]  # (from, to, runs)
    path_cards: tuple[tuple[str, int], ...]  # (id, runs)

    def runs(self, wickets_down: int, quadrant: str) -> int:
        """The runs chart for ``wickets_down`` at ``quadrant``."""
        for low, high, runs in self.charts:
            if low <= wickets_down <= high:
                return dict(runs)[quadrant]
        raise ValueError(f"no runs chart for {wickets_down} wickets down")

    def path_runs(self, card: str) -> int:
        return dict(self.path_cards)[card]

    @property
    def path_ids(self) -> tuple[str, ...]:
        return tuple(card for card, _ in self.path_cards)


def _chart(data: Any) -> tuple[int, int, tuple[tuple[str, int], ...]]:
    if not isinstance(data, Mapping):
        raise ValueError("every runs chart must be an object with 'wickets' and 'runs'")
    wickets, runs = data.get("wickets"), data.get("runs")
    if (
        not isinstance(wickets, list)
        or len(wickets) != 2
        or not all(isinstance(w, int) and not isinstance(w, bool) for w in wickets)
        or not 0 <= wickets[0] <= wickets[1] <= 9
    ):
        raise ValueError("a runs chart's 'wickets' must be [from, to] within 0-9")
    if (
        not isinstance(runs, Mapping)
        or set(runs) != set(QUADRANTS)
        or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in runs.values())
    ):
        raise ValueError("a runs chart's 'runs' must give whole runs for A, B, C and D")
    return wickets[0], wickets[1], tuple((q, runs[q]) for q in QUADRANTS)


def _path_card(data: Any) -> tuple[str, int]:
    if (
        not isinstance(data, Mapping)
        or not isinstance(data.get("id"), str)
        or not isinstance(data.get("runs"), int)
        or isinstance(data.get("runs"), bool)
        or data["runs"] < 0
    ):
        raise ValueError("every Path card needs an 'id' and whole 'runs'")
    return data["id"], data["runs"]


def from_data(data: Any) -> Catalogue:
    """Build a catalogue from its JSON data. Raises ``ValueError`` saying what is wrong."""
    if not isinstance(data, Mapping):
        raise ValueError("the catalogue must be a JSON object")
    charts, paths = data.get("runs_charts"), data.get("path_cards")
    if not isinstance(charts, list) or not isinstance(paths, list):
        raise ValueError("the catalogue needs lists 'runs_charts' and 'path_cards'")
    built = tuple(sorted(_chart(c) for c in charts))
    covered = [w for low, high, _ in built for w in range(low, high + 1)]
    if covered != list(range(10)):
        raise ValueError("the runs charts must cover 0 to 9 wickets down, each exactly once")
    cards = tuple(_path_card(p) for p in paths)
    if len(cards) != 4 or len({card for card, _ in cards}) != 4:
        raise ValueError("the catalogue needs exactly four Path cards with different ids")
    return Catalogue(charts=built, path_cards=cards)


DEFAULT = from_data(default_catalogue("quick-cricket"))
