"""The Backyard Baseball field: its spaces, the dashed connections and the throw table, read
from data.

The default lives in ``catalogues/backyard-baseball.json``; a group whose board differs passes
its own (same shape) as the ``catalogue`` option. The space ids are fixed by the rulings.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..catalogues import default_catalogue

FIELD_SPACES = ("IL", "IR", "LF", "CF", "RF")
OUTFIELD = ("LF", "CF", "RF")
MOUND = "MOUND"
SPACES = (*FIELD_SPACES, MOUND)
TARGETS = ("second", "third", "home")  # where a runner is going, for the throw table


@dataclass(frozen=True)
class Field:
    names: tuple[tuple[str, str], ...]  # (space id, name)
    connections: tuple[tuple[str, str], ...]
    throws: tuple[tuple[str, tuple[int, int, int]], ...]  # ball's space -> second, third, home
    distances: tuple[tuple[str, str, int], ...]  # every pair, computed from the connections

    def name(self, space: str) -> str:
        return dict(self.names)[space]

    def distance(self, a: str, b: str) -> int:
        """The fewest connections (dashed lines) between two spaces."""
        if a == b:
            return 0
        return next(d for x, y, d in self.distances if (x, y) == (a, b))

    def next_to(self, a: str, b: str) -> bool:
        return self.distance(a, b) == 1

    def throw(self, ball: str, target: str) -> int:
        """The throw-table number for a ball in ``ball`` and a runner going to ``target``."""
        return dict(self.throws)[ball][TARGETS.index(target)]


def _names(data: Any) -> tuple[tuple[str, str], ...]:
    if not isinstance(data, Mapping) or set(data) != set(SPACES):
        raise ValueError(f"'spaces' must name exactly the spaces {', '.join(SPACES)}")
    if not all(isinstance(name, str) and name.strip() for name in data.values()):
        raise ValueError("every space needs a name")
    return tuple((space, data[space].strip()) for space in SPACES)


def _connections(data: Any) -> tuple[tuple[str, str], ...]:
    if not isinstance(data, list):
        raise ValueError("'connections' must be a list of [space, space] pairs")
    pairs = []
    for pair in data:
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not all(space in SPACES for space in pair)
            or pair[0] == pair[1]
        ):
            raise ValueError(f"connection {pair!r} must join two different spaces of {SPACES}")
        key = tuple(sorted(pair))
        if key in pairs:
            raise ValueError(f"connection {pair[0]}–{pair[1]} is listed twice")
        pairs.append(key)
    return tuple((a, b) for a, b in pairs)


def _throws(data: Any) -> tuple[tuple[str, tuple[int, int, int]], ...]:
    if not isinstance(data, Mapping) or set(data) != set(FIELD_SPACES):
        raise ValueError(f"'throws' needs a row for each of {', '.join(FIELD_SPACES)}")
    rows = []
    for space in FIELD_SPACES:
        row = data[space]
        if (
            not isinstance(row, Mapping)
            or set(row) != set(TARGETS)
            or not all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in row.values()
            )
        ):
            raise ValueError(
                f"throw table row {space}: whole numbers (0 or more) for second, third and home"
            )
        rows.append((space, (row["second"], row["third"], row["home"])))
    return tuple(rows)


def _distances(connections: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str, int], ...]:
    neighbours: dict[str, set[str]] = {space: set() for space in SPACES}
    for a, b in connections:
        neighbours[a].add(b)
        neighbours[b].add(a)
    found = []
    for start in SPACES:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in sorted(neighbours[here]):
                if there not in seen:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        if len(seen) != len(SPACES):
            cut = ", ".join(s for s in SPACES if s not in seen)
            raise ValueError(f"the connections leave {cut} cut off from {start}")
        found += [(start, there, d) for there, d in seen.items() if there != start]
    return tuple(found)


def from_data(data: Any) -> Field:
    """Build the field from its JSON data. Raises ``ValueError`` saying what is wrong."""
    if not isinstance(data, Mapping):
        raise ValueError("the catalogue must be a JSON object")
    connections = _connections(data.get("connections"))
    return Field(
        names=_names(data.get("spaces")),
        connections=connections,
        throws=_throws(data.get("throws")),
        distances=_distances(connections),
    )


DEFAULT = from_data(default_catalogue("backyard-baseball"))
