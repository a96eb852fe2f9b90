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
MAX_ID = 20


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


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _chart(data: Any, position: int) -> tuple[int, int, tuple[tuple[str, int], ...]]:
    where = f"runs chart {position} of 'runs_charts'"
    if not isinstance(data, Mapping):
        raise ValueError(f"{where} must be an object with 'wickets' and 'runs'")
    wickets, runs = data.get("wickets"), data.get("runs")
    if (
        not isinstance(wickets, list)
        or len(wickets) != 2
        or not all(isinstance(w, int) and not isinstance(w, bool) for w in wickets)
        or not 0 <= wickets[0] <= wickets[1] <= 9
    ):
        raise ValueError(
            f"{where}: 'wickets' is {wickets!r}; it must be [from, to] within 0-9, e.g. [1, 2]"
        )
    where = f"runs chart for {wickets[0]}-{wickets[1]} wickets down"
    if not isinstance(runs, Mapping):
        raise ValueError(f"{where}: 'runs' must give whole runs for A, B, C and D")
    missing = [q for q in QUADRANTS if q not in runs]
    unknown = [str(q) for q in runs if q not in QUADRANTS]
    if missing or unknown:
        said = f"missing {', '.join(missing)}" if missing else f"unknown {', '.join(unknown)}"
        raise ValueError(f"{where}: 'runs' must give A, B, C and D ({said})")
    for quadrant in QUADRANTS:
        if not _whole(runs[quadrant]):
            raise ValueError(
                f"{where}: 'runs' at {quadrant} is {runs[quadrant]!r}; whole runs, 0 or more"
            )
    return wickets[0], wickets[1], tuple((q, runs[q]) for q in QUADRANTS)


def _path_card(data: Any, position: int) -> tuple[str, int]:
    if not isinstance(data, Mapping):
        raise ValueError(f"Path card {position} of 'path_cards' must be an object with 'id'")
    card_id = data.get("id")
    if not isinstance(card_id, str) or not card_id.strip() or len(card_id) > MAX_ID:
        raise ValueError(
            f"Path card {position} of 'path_cards': 'id' must be text of 1 to {MAX_ID} "
            'characters, e.g. "1"'
        )
    if not _whole(data.get("runs")):
        raise ValueError(
            f"Path card {card_id}: 'runs' is {data.get('runs')!r}; whole runs, 0 or more"
        )
    return card_id, data["runs"]


def from_data(data: Any) -> Catalogue:
    """Build a catalogue from its JSON data. Raises ``ValueError`` saying what is wrong,
    naming the chart or card and the field."""
    if not isinstance(data, Mapping):
        raise ValueError("the catalogue must be a JSON object")
    charts, paths = data.get("runs_charts"), data.get("path_cards")
    if not isinstance(charts, list) or not isinstance(paths, list):
        raise ValueError("the catalogue needs lists 'runs_charts' and 'path_cards'")
    built = tuple(sorted(_chart(c, n) for n, c in enumerate(charts, 1)))
    covered = [w for low, high, _ in built for w in range(low, high + 1)]
    twice = sorted({w for w in covered if covered.count(w) > 1})
    if twice:
        listed = ", ".join(map(str, twice))
        raise ValueError(f"'runs_charts': two charts cover {listed} wickets down; each needs one")
    uncovered = [w for w in range(10) if w not in covered]
    if uncovered:
        listed = ", ".join(map(str, uncovered))
        raise ValueError(f"'runs_charts': no chart covers {listed} wickets down (0-9 all need one)")
    cards = tuple(_path_card(p, n) for n, p in enumerate(paths, 1))
    if len(cards) != 4:
        raise ValueError(f"'path_cards' has {len(cards)} cards; the game has exactly four")
    ids = [card for card, _ in cards]
    twice_ids = sorted({i for i in ids if ids.count(i) > 1})
    if twice_ids:
        raise ValueError(f"Path card {', '.join(twice_ids)}: 'id' is used by two cards")
    return Catalogue(charts=built, path_cards=cards)


DEFAULT = from_data(default_catalogue("quick-cricket"))
