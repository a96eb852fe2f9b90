"""Chadwick's view of a season's teams (standard library only): three-character team codes,
the placeholder players of each team's lineup slots, the ``TEAMyyyy`` file and each team's
``CODEyyyy.ROS`` roster (https://www.retrosheet.org/eventfile.htm). Chadwick's tools read
them before any event file (``games.archive.exports.retrosheet_events``)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

POSITIONS = ("P", "C", "1B", "2B", "3B", "SS", "LF", "CF", "RF")
LEAGUE = "S"  # the league letter of every team in a TEAM file
CODE_CHARACTERS = re.compile(r"[^A-Z0-9]")


def player_id(team: str, slot: int) -> str:
    """The placeholder id of a team's lineup slot: ``giabat03`` for slot 3 of ``GIA``."""
    return f"{team.lower()}bat{slot:02d}"


def team_codes(names: Iterable[str]) -> dict[str, str]:
    """A three-character code (capitals and digits) for each name, unique among them, the same
    for the same names whatever their order: the name's first letters and digits (``GIA``),
    padded with ``X``; a taken code keeps its first two characters and takes a digit, then its
    first and two digits."""
    codes: dict[str, str] = {}
    taken: set[str] = set()
    for name in sorted(set(names)):
        letters = CODE_CHARACTERS.sub("", _ascii(name).upper())
        base = (letters + "XXX")[:3]
        candidates = [base]
        candidates += [f"{base[:2]}{n}" for n in range(2, 10)]
        candidates += [f"{base[:1]}{n:02d}" for n in range(10, 100)]
        candidates += [f"T{n:02d}" for n in range(100)]
        code = next(c for c in candidates if c not in taken)
        codes[name] = code
        taken.add(code)
    return codes


def _ascii(name: str) -> str:
    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")


def team_file(teams: dict[str, str]) -> str:
    """Chadwick's ``TEAMyyyy`` file for ``teams`` (code: name): code, league, city, nickname."""
    lines = [f"{code},{LEAGUE},{clean(name)},{clean(name)}" for code, name in sorted(teams.items())]
    return "\n".join(lines) + "\n"


def roster_file(code: str, name: str) -> str:
    """Chadwick's ``CODEyyyy.ROS`` for one team: the nine placeholder players of its lineup
    slots (id, last name, first name, bats, throws, team, position)."""
    lines = [
        f"{player_id(code, slot)},Slot {slot},{clean(name)},?,?,{code},{POSITIONS[slot - 1]}"
        for slot in range(1, 10)
    ]
    return "\n".join(lines) + "\n"


def team_and_roster_files(teams: dict[str, str], years: Iterable[int]) -> list[tuple[str, str]]:
    """What Chadwick reads before the event files, for each year: ``TEAMyyyy`` and each
    team's ``CODEyyyy.ROS`` (file name, text); ``teams`` maps codes to names."""
    files = []
    for year in sorted(set(years)):
        files.append((f"TEAM{year}", team_file(teams)))
        files += [
            (f"{code}{year}.ROS", roster_file(code, name)) for code, name in sorted(teams.items())
        ]
    return files


def clean(name: str) -> str:
    """A name with no commas or double quotes (which would end a field)."""
    return " ".join(re.sub(r"[,\"]", " ", name).split()) or "?"
